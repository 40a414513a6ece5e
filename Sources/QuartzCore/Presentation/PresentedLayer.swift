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
    /// The layer's running transition, if any: the renderer draws its passes instead of the layer.
    package var transition: PresentedTransition?

    init(snapshot: LayerSnapshot) {
        state = snapshot.state
        isTransformLayer = snapshot.isTransformLayer
        model = snapshot.model
    }

    private init(copying other: PresentedLayer) {
        state = other.state
        isTransformLayer = other.isTransformLayer
        model = other.model
        localTime = other.localTime
        sublayers = other.sublayers
        mask = other.mask
    }

    /// A copy of this node sharing its sublayer and mask nodes, without a transition.
    package func shallowCopy() -> PresentedLayer { PresentedLayer(copying: self) }

    /// Releases the subtree iteratively (a deep chain would overflow the stack recursively).
    deinit {
        guard !sublayers.isEmpty || mask != nil else { return }
        var pending = sublayers
        if let mask { pending.append(mask) }
        sublayers = []
        mask = nil
        releaseIteratively(&pending, children: { n in n.mask.map { n.sublayers + [$0] } ?? n.sublayers },
                           detach: { n in n.sublayers = []; n.mask = nil })
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
            // After sublayers and mask are attached (their nodes fill in later; passes share them).
            node.transition = transition(of: snap, showing: node, parentTime: parentTime, localTime: local)
        }
        return root
    }

    /// The running transition of `snap` at `localTime`, with its old look evaluated at the same
    /// moment (the old tree is evaluated separately: it is a different, earlier commit).
    private static func transition(of snap: LayerSnapshot, showing node: PresentedLayer,
                                   parentTime: CFTimeInterval, localTime: CFTimeInterval) -> PresentedTransition? {
        guard let attached = snap.animations.last(where: { $0.animation is CATransition }),
              let transition = attached.animation as? CATransition,
              let progress = transition.progress(atParentTime: localTime) else { return nil }
        let old = attached.transitionFrom.map { evaluate($0, at: parentTime) }
        return PresentedTransition.make(transition, progress: progress, old: old, new: node)
    }
}
