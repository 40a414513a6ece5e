import Foundation

/// A layer's running `CATransition` at one moment, ready to draw: the old look and the new one,
/// each a presentation subtree with its offset (in the layer's own space) and its opacity already
/// folded into its root's `opacity`, in drawing order (back first).
///
/// Built by `PresentationEvaluator`; the renderer only reads it.
package final class PresentedTransition: @unchecked Sendable {
    /// One drawing pass: a subtree drawn in the transitioning layer's plane, shifted by `offset`.
    package struct Pass: @unchecked Sendable {
        package let layer: PresentedLayer
        package let offset: CGPoint
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
        let size = new.state.bounds.size
        func pass(_ node: PresentedLayer?, opacity: Double, offset: CGPoint) -> Pass? {
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
            return Pass(layer: copy, offset: CGPoint(x: offset.x * size.width, y: offset.y * size.height))
        }
        let oldPass = pass(old, opacity: frame.oldOpacity, offset: frame.oldOffset)
        let newPass = pass(new, opacity: frame.newOpacity, offset: frame.newOffset)
        let ordered = frame.newOnTop ? [oldPass, newPass] : [newPass, oldPass]
        return PresentedTransition(passes: ordered.compactMap { $0 }, progress: progress)
    }
}
