import Foundation

extension CALayer {
    /// How the layer (with its sublayers, as one group) combines with what is below it: a Core
    /// Image blend-mode filter name, as on Apple ("multiplyBlendMode", "screenBlendMode",
    /// "overlayBlendMode", "darkenBlendMode", "lightenBlendMode", "colorDodgeBlendMode",
    /// "colorBurnBlendMode", "softLightBlendMode", "hardLightBlendMode", "differenceBlendMode",
    /// "exclusionBlendMode", "hueBlendMode", "saturationBlendMode", "colorBlendMode",
    /// "luminosityBlendMode", "linearDodgeBlendMode", "linearBurnBlendMode",
    /// "additionCompositing", "sourceAtopCompositing", …, with or without "CI"). Default nil.
    ///
    /// Differs from Apple: Linux has no Core Image, so only names work; a `CIFilter`-like object,
    /// a filter that is not a blend or an unknown name is kept (and read back) but composites
    /// normally, with a message. macOS only on Apple; iOS code sets it too (lottie-ios), and iOS
    /// honours the blend names.
    public var compositingFilter: Any? {
        get { state.compositing.compositingFilter }
        set {
            var c = state.compositing
            _ = c.setPropertyValue(newValue, forKey: "compositingFilter")
            setProperty("compositingFilter", \.compositing, c)
        }
    }

    /// Apple's request for extended-dynamic-range content. Default false. Stored; no effect
    /// (Strata renders 8-bit sRGB).
    public var wantsExtendedDynamicRangeContent: Bool {
        get { state.compositing.wantsExtendedDynamicRangeContent }
        set { setProperty("wantsExtendedDynamicRangeContent", \.compositing.wantsExtendedDynamicRangeContent, newValue) }
    }

    /// How HDR contents are tone-mapped. Default `.automatic`. Stored; no effect.
    public var toneMapMode: ToneMapMode {
        get { ToneMapMode(rawValue: state.compositing.toneMapMode) }
        set { setProperty("toneMapMode", \.compositing.toneMapMode, newValue.rawValue) }
    }

    /// The headroom of the layer's HDR contents. Default 0. Stored (a non-finite value is
    /// refused with a message); no effect.
    public var contentsHeadroom: CGFloat {
        get { state.compositing.contentsHeadroom }
        set {
            guard newValue.isFinite else {
                return StrataDiagnostics.report("CALayer.contentsHeadroom: rejected non-finite value \(newValue); the old value is kept")
            }
            setProperty("contentsHeadroom", \.compositing.contentsHeadroom, newValue)
        }
    }

    /// visionOS's request to redraw vector content at the resolution it is seen at. Default
    /// false. Stored; no effect (Strata draws at `contentsScale`).
    public var wantsDynamicContentScaling: Bool {
        get { state.compositing.wantsDynamicContentScaling }
        set { setProperty("wantsDynamicContentScaling", \.compositing.wantsDynamicContentScaling, newValue) }
    }

    /// The dynamic range the layer would like. Default `.automatic`. Stored; no effect.
    public var preferredDynamicRange: DynamicRange {
        get { DynamicRange(rawValue: state.compositing.preferredDynamicRange) }
        set { setProperty("preferredDynamicRange", \.compositing.preferredDynamicRange, newValue.rawValue) }
    }

    /// How a layer's HDR contents are tone-mapped (Apple's `CAToneMapMode`).
    public struct ToneMapMode: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The system decides (the default).
        public static let automatic = ToneMapMode(rawValue: "automatic")
        /// Never tone-map.
        public static let never = ToneMapMode(rawValue: "never")
        /// Tone-map when the display supports it.
        public static let ifSupported = ToneMapMode(rawValue: "ifSupported")
    }

    /// A dynamic range a layer can ask for (Apple's `CADynamicRange`).
    public struct DynamicRange: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The system decides (the default).
        public static let automatic = DynamicRange(rawValue: "automatic")
        /// Standard dynamic range.
        public static let standard = DynamicRange(rawValue: "standard")
        /// High dynamic range, limited.
        public static let constrainedHigh = DynamicRange(rawValue: "constrainedHigh")
        /// Full high dynamic range.
        public static let high = DynamicRange(rawValue: "high")
    }
}
