import Foundation

/// One layer of a presentation tree: the committed values with animations applied at one time.
/// Built on the render thread for drawing, and on the app thread for `presentation()`.
package final class PresentedLayer: @unchecked Sendable {
    package var state: LayerState
    package let isTransformLayer: Bool
    package var sublayers: [PresentedLayer] = []
    package var mask: PresentedLayer?
    package weak var model: CALayer?
    /// The layer's local time at the evaluated moment.
    package var localTime: CFTimeInterval = 0

    init(snapshot: LayerSnapshot) {
        state = snapshot.state
        isTransformLayer = snapshot.isTransformLayer
        model = snapshot.model
    }
}

/// Evaluates a committed tree at a media time.
package enum PresentationEvaluator {
    /// The presentation tree of `tree` at global media time `t`. Iterative: any depth.
    package static func evaluate(_ tree: LayerSnapshot, at t: CFTimeInterval) -> PresentedLayer {
        let root = PresentedLayer(snapshot: tree)
        var work: [(LayerSnapshot, PresentedLayer, CFTimeInterval)] = [(tree, root, t)]
        while let (snap, node, parentTime) = work.popLast() {
            let local = LayerClock.local(fromParent: parentTime, snap.state)
            node.localTime = local
            AnimationEvaluation.apply(snap.animations, to: &node.state, layerTime: local)
            node.sublayers = snap.sublayers.map { PresentedLayer(snapshot: $0) }
            for (child, childNode) in zip(snap.sublayers, node.sublayers) { work.append((child, childNode, local)) }
            if let m = snap.mask {
                let mNode = PresentedLayer(snapshot: m)
                node.mask = mNode
                work.append((m, mNode, local))
            }
        }
        return root
    }
}
