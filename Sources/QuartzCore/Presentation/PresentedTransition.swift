import Foundation

/// A layer's running `CATransition` at one moment, ready to draw: the old look and the new one,
/// each a presentation subtree with its transform in the layer's own space (a slide's offset,
/// a flip's or cube's 3D turn under perspective) and its opacity already folded into its root's
/// `opacity`, in drawing order (back first); or a page curl.
///
/// Built by `PresentationEvaluator`; the renderer only reads it.
package final class PresentedTransition: @unchecked Sendable {
    /// One drawing pass: a subtree drawn in the transitioning layer's plane, moved by
    /// `transform` (which acts first, in the layer's own coordinates), or curled by `curl`.
    package struct Pass: @unchecked Sendable {
        package let layer: PresentedLayer
        package let transform: CATransform3D
        /// When set, the subtree is drawn as a page curled by it (`transform` is the identity).
        package let curl: PageCurl?

        /// The offset of a slide (the transform's translation).
        package var offset: CGPoint { CGPoint(x: transform.m41, y: transform.m42) }
    }

    /// A curled page: the edge it lifts from and how far (0 flat … 1 gone).
    package struct PageCurl: Sendable, Equatable {
        package let edge: TransitionFrame.Edge
        package let amount: Double
    }

    /// The passes, back to front (old then new, or new then old for `.reveal`).
    package let passes: [Pass]
    /// Where the transition is, 0…1 (after `startProgress`/`endProgress` and timing).
    package let progress: Double

    package init(passes: [Pass], progress: Double) {
        self.passes = passes
        self.progress = progress
    }

    /// The passes of `transition` at `progress` for a layer now showing `new` (already evaluated,
    /// its sublayers attached or to be filled in) and formerly `old` (nil: nothing was shown).
    package static func make(_ transition: CATransition, progress: Double,
                             old: PresentedLayer?, new: PresentedLayer) -> PresentedTransition {
        let frame = transition.frame(atProgress: progress)
        let bounds = new.state.bounds.standardized
        func pass(_ node: PresentedLayer?, opacity: Double, transform: CATransform3D, curl: PageCurl? = nil) -> Pass? {
            guard let node, opacity > 0 else { return nil }
            let copy = node.shallowCopy()
            copy.state.opacity *= Float(opacity)
            // The old look is drawn where the layer is now.
            if node !== new {
                copy.state.position = new.state.position
                copy.state.zPosition = new.state.zPosition
                copy.state.anchorPoint = new.state.anchorPoint
                copy.state.anchorPointZ = new.state.anchorPointZ
                copy.state.transform = new.state.transform
            }
            return Pass(layer: copy, transform: transform, curl: curl)
        }
        func slide(_ o: CGPoint) -> CATransform3D {
            CATransform3DMakeTranslation(o.x * bounds.width, o.y * bounds.height, 0)
        }
        var ordered: [Pass?]
        switch frame.motion {
        case .slide:
            let oldPass = pass(old, opacity: frame.oldOpacity, transform: slide(frame.oldOffset))
            let newPass = pass(new, opacity: frame.newOpacity, transform: slide(frame.newOffset))
            ordered = frame.newOnTop ? [oldPass, newPass] : [newPass, oldPass]
        case let .flip(vertical, oldAngle, newAngle):
            ordered = [oldAngle.flatMap { pass(old, opacity: 1, transform: turn(bounds, vertical: vertical, angle: $0, depth: 0)) },
                       newAngle.flatMap { pass(new, opacity: 1, transform: turn(bounds, vertical: vertical, angle: $0, depth: 0)) }]
        case let .cube(vertical, oldAngle, newAngle):
            // The cube's centre is half its side behind the layer.
            let depth = (vertical ? bounds.height : bounds.width) / 2
            ordered = [pass(old, opacity: 1, transform: turn(bounds, vertical: vertical, angle: oldAngle, depth: depth)),
                       pass(new, opacity: 1, transform: turn(bounds, vertical: vertical, angle: newAngle, depth: depth))]
        case let .curl(edge, amount, curledIsNew):
            let page = PageCurl(edge: edge, amount: amount)
            let (under, curled) = curledIsNew ? (old, new) : (new, old)
            ordered = [pass(under, opacity: 1, transform: CATransform3DIdentity),
                       amount < 1 ? pass(curled, opacity: 1, transform: CATransform3DIdentity, curl: page) : nil]
        }
        return PresentedTransition(passes: ordered.compactMap { $0 }, progress: progress)
    }

    /// The eye's distance from the layer for the 3D types: twice its larger side (so a flip's
    /// near edge grows by at most a third).
    package static func eyeDistance(_ bounds: CGRect) -> CGFloat {
        max(2 * max(bounds.width, bounds.height), 1)
    }

    /// A turn by `angle` about the layer's vertical (or, when `vertical`, horizontal) centre line
    /// moved `depth` behind the layer, seen under perspective from `eyeDistance` in front of the
    /// centre: T(−c) · T(0, 0, depth) · R · T(0, 0, −depth) · P · T(c).
    package static func turn(_ bounds: CGRect, vertical: Bool, angle: Double, depth: CGFloat) -> CATransform3D {
        let c = CGPoint(x: bounds.midX, y: bounds.midY)
        let rotation = vertical ? CATransform3DMakeRotation(CGFloat(angle), 1, 0, 0) : CATransform3DMakeRotation(CGFloat(angle), 0, 1, 0)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / eyeDistance(bounds)
        return CATransform3DMakeTranslation(-c.x, -c.y, depth)
            .concatenating(rotation)
            .concatenating(CATransform3DMakeTranslation(0, 0, -depth))
            .concatenating(perspective)
            .concatenating(CATransform3DMakeTranslation(c.x, c.y, 0))
    }
}
