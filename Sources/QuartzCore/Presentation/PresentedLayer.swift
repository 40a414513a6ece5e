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
    /// A `CAReplicatorLayer` with an `instanceDelay`: for instance k (1, 2, …), its copies of
    /// `sublayers` evaluated k × delay earlier. Empty otherwise (every instance draws the
    /// `sublayers` nodes). Not sublayers: presentation copies and hit testing never see them.
    package var delayedInstances: [[PresentedLayer]] = []

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
        delayedInstances = other.delayedInstances
    }

    /// A copy of this node sharing its sublayer and mask nodes, without a transition.
    package func shallowCopy() -> PresentedLayer { PresentedLayer(copying: self) }

    /// Releases the subtree iteratively (a deep chain would overflow the stack recursively).
    deinit {
        guard !sublayers.isEmpty || mask != nil || !delayedInstances.isEmpty else { return }
        var pending = sublayers + delayedInstances.joined()
        if let mask { pending.append(mask) }
        sublayers = []
        delayedInstances = []
        mask = nil
        releaseIteratively(&pending, children: { n in (n.mask.map { n.sublayers + [$0] } ?? n.sublayers) + n.delayedInstances.joined() },
                           detach: { n in n.sublayers = []; n.mask = nil; n.delayedInstances = [] })
    }
}

/// Evaluates a committed tree at a media time.
package enum PresentationEvaluator {
    /// The most layers delayed replicator instances copy in one evaluation (nested replicators
    /// multiply: 1,000 × 1,000 instances must not make 10⁶ subtrees).
    package static let maximumDelayedNodes = 10_000
    private static let delayedInstanceBudget = DiagnosticOnce()

    /// The presentation tree of `tree` at global media time `t`. Iterative: any depth.
    package static func evaluate(_ tree: LayerSnapshot, at t: CFTimeInterval) -> PresentedLayer {
        let root = PresentedLayer(snapshot: tree)
        var work: [(LayerSnapshot, PresentedLayer, CFTimeInterval)] = [(tree, root, t)]
        var delayedNodes = 0
        while let (snap, node, parentTime) = work.popLast() {
            let local = LayerClock.local(fromParent: parentTime, snap.state)
            node.localTime = local
            AnimationEvaluation.apply(snap.animations, to: &node.state, layerTime: local)
            node.sublayers = snap.sublayers.map { PresentedLayer(snapshot: $0) }
            for (child, childNode) in zip(snap.sublayers, node.sublayers) { work.append((child, childNode, local)) }
            if let r = node.state.replicator, r.instanceDelay != 0, !snap.sublayers.isEmpty {
                // Instance k's subtree lives k × delay in the past (its own copy of the nodes).
                let cost = LayerSnapshot.subtreeSize(snap.sublayers, atMost: maximumDelayedNodes + 1)
                for k in 1..<max(1, r.drawnInstanceCount) {
                    guard delayedNodes + cost <= maximumDelayedNodes else {
                        delayedInstanceBudget.report("CAReplicatorLayer: delayed instances would copy more than \(maximumDelayedNodes) layers in one tree; the remaining instances are not drawn")
                        break
                    }
                    let copies = snap.sublayers.map { PresentedLayer(snapshot: $0) }
                    delayedNodes += cost
                    node.delayedInstances.append(copies)
                    let delayed = local - Double(k) * r.instanceDelay
                    for (child, childNode) in zip(snap.sublayers, copies) { work.append((child, childNode, delayed)) }
                }
            }
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
