import Foundation

extension UIView {
    /// Options of the block-based animation methods (Apple's bit values).
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lay out subviews at commit time so they animate with their parent.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Let the animating views take touches.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start from the values on screen (the presentation values) of in-flight animations.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeat forever.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Run backwards after each forward run (with `.repeat`).
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// A nested block uses its own duration, not the enclosing block's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// A nested block uses its own curve, not the enclosing block's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// Redraw content during the animation (accepted; content is drawn once here).
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// Transitions hide and show views instead of removing and adding them.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// A nested block uses its own repeat and autoreverse options.
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        public static let preferredFramesPerSecondDefault = AnimationOptions(rawValue: 0 << 24)
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

        /// The curve in bits 16–19.
        var curve: AnimationCurve { AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut }
        /// The transition in bits 20–23 (0: none).
        var transitionIndex: UInt { (rawValue >> 20) & 0xF }
    }

    /// The timing curve of a view animation.
    public enum AnimationCurve: Int, Sendable {
        case easeInOut, easeIn, easeOut, linear

        /// Core Animation's timing function for this curve.
        var timingFunction: CAMediaTimingFunction {
            switch self {
            case .easeInOut: CAMediaTimingFunction(name: .easeInEaseOut)
            case .easeIn: CAMediaTimingFunction(name: .easeIn)
            case .easeOut: CAMediaTimingFunction(name: .easeOut)
            case .linear: CAMediaTimingFunction(name: .linear)
            }
        }
    }

    /// The transitions of the begin/commit block API (`setAnimationTransition(_:for:cache:)`).
    public enum AnimationTransition: Int, Sendable {
        case none, flipFromLeft, flipFromRight, curlUp, curlDown
    }

    /// Options of `animateKeyframes`: the view options in the low bits, the calculation mode
    /// in bits 10–12.
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: AnimationOptions.layoutSubviews.rawValue)
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: AnimationOptions.allowUserInteraction.rawValue)
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: AnimationOptions.beginFromCurrentState.rawValue)
        public static let `repeat` = KeyframeAnimationOptions(rawValue: AnimationOptions.repeat.rawValue)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: AnimationOptions.autoreverse.rawValue)
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: AnimationOptions.overrideInheritedDuration.rawValue)
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: AnimationOptions.overrideInheritedOptions.rawValue)

        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        /// The keyframe animations' calculation mode.
        var calculationMode: CAAnimationCalculationMode {
            switch (rawValue >> 10) & 0x7 {
            case 1: .discrete
            case 2: .paced
            case 3: .cubic
            case 4: .cubicPaced
            default: .linear
            }
        }

        /// The view options these share with `AnimationOptions` (curve bits are not used:
        /// keyframes run linearly in time, as on iOS).
        var viewOptions: AnimationOptions { AnimationOptions(rawValue: rawValue & 0x3FF).union(.curveLinear) }
    }
}
