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
    /// Whether this node is the top of a still subtree kept across frames (`StillNodes`): it is
    /// the same object, with the same values, in every frame of one commit, so what it draws
    /// can be kept too (`RetainedDrawing`).
    package var isKept = false
    /// `state.localToParent`, computed once for a kept node (whose state never changes).
    private var keptLocalToParent: CATransform3D?

    /// The layer's plane → its superlayer's space (`LayerState.localToParent`).
    package var localToParent: CATransform3D {
        guard isKept else { return state.localToParent }
        if let m = keptLocalToParent { return m }
        let m = state.localToParent
        keptLocalToParent = m
        return m
    }

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

    /// Makes this node (last frame's, held by nothing else) a fresh node of `snapshot` again, as
    /// `init(snapshot:)` makes one, keeping its sublayer list's storage.
    fileprivate func reuse(for snapshot: LayerSnapshot) {
        state = snapshot.state
        localTime = 0
        transition = nil
        sublayers.removeAll(keepingCapacity: true)
        mask = nil
        if !delayedInstances.isEmpty { delayedInstances = [] }
    }

    /// A copy of this node sharing its sublayer and mask nodes, without a transition.
    package func shallowCopy() -> PresentedLayer { PresentedLayer(copying: self) }

    /// Releases the subtree iteratively (a deep chain would overflow the stack recursively).
    deinit {
        guard !sublayers.isEmpty || mask != nil || !delayedInstances.isEmpty else { return }
        var pending = Self.children(of: self)
        sublayers = []
        delayedInstances = []
        mask = nil
        releaseIteratively(&pending, children: Self.children(of:),
                           detach: { n in n.sublayers = []; n.mask = nil; n.delayedInstances = [] })
    }

    /// The nodes `node` holds. Its `sublayers` array itself when it holds nothing else (no
    /// copy: a frame frees a node per animated layer, and each built a new array here).
    private static func children(of node: PresentedLayer) -> [PresentedLayer] {
        guard node.mask != nil || !node.delayedInstances.isEmpty else { return node.sublayers }
        var all = node.sublayers
        all.append(contentsOf: node.delayedInstances.joined())
        if let mask = node.mask { all.append(mask) }
        return all
    }
}

/// Evaluates a committed tree at a media time.
package enum PresentationEvaluator {
    /// The most layers delayed replicator instances copy in one evaluation (nested replicators
    /// multiply: 1,000 × 1,000 instances must not make 10⁶ subtrees).
    package static let maximumDelayedNodes = 10_000
    private static let delayedInstanceBudget = DiagnosticOnce()

    /// The presentation tree of `tree` at global media time `t`. Iterative: any depth.
    ///
    /// With `kept`, a still subtree (`LayerSnapshot.isStill`) below the root is evaluated once
    /// per commit: later frames share its nodes (marked `isKept`), which look the same at any
    /// time. Nothing may change a node after evaluation; with `kept`, the next evaluation
    /// re-evaluates in place the nodes of changing layers that nothing holds any more
    /// (`StillNodes.changingNode(for:)`), so a caller that keeps a tree keeps its values.
    package static func evaluate(_ tree: LayerSnapshot, at t: CFTimeInterval, kept: StillNodes? = nil) -> PresentedLayer {
        kept?.begin(tree)
        let root = kept?.changingNode(for: tree) ?? PresentedLayer(snapshot: tree)
        var work = kept?.takeWork() ?? []
        work.append((tree, root, t, true))
        defer { kept?.giveBack(&work) }
        var delayedNodes = 0
        // `pooled`: the node is the snapshot's own (not a delayed replicator instance's copy).
        while let (snap, node, parentTime, pooled) = work.popLast() {
            let local = LayerClock.local(fromParent: parentTime, snap.state)
            node.localTime = local
            AnimationEvaluation.apply(snap.animations, to: &node.state, layerTime: local)
            if let kept, !snap.isStill {
                node.sublayers.reserveCapacity(snap.sublayers.count)
                for child in snap.sublayers {
                    guard child.isStill else {
                        let n = pooled ? kept.changingNode(for: child) : PresentedLayer(snapshot: child)
                        work.append((child, n, local, pooled))
                        node.sublayers.append(n)
                        continue
                    }
                    if let n = kept.node(for: child) { node.sublayers.append(n); continue }
                    let n = PresentedLayer(snapshot: child)
                    n.isKept = true
                    kept.keep(n, for: child)
                    work.append((child, n, local, pooled))
                    node.sublayers.append(n)
                }
            } else {
                node.sublayers = snap.sublayers.map { PresentedLayer(snapshot: $0) }
                for (child, childNode) in zip(snap.sublayers, node.sublayers) { work.append((child, childNode, local, false)) }
            }
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
                    for (child, childNode) in zip(snap.sublayers, copies) { work.append((child, childNode, delayed, false)) }
                }
            }
            if let m = snap.mask {
                let mNode = pooled && !snap.isStill ? kept?.changingNode(for: m) : nil
                node.mask = mNode ?? PresentedLayer(snapshot: m)
                work.append((m, node.mask!, local, pooled))
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

/// The presentation nodes of still subtrees of one committed tree, kept from frame to frame
/// (`PresentationEvaluator.evaluate(_:at:kept:)`); a new commit starts afresh. One per renderer;
/// only the thread that prepares its frames uses it.
package final class StillNodes {
    /// The committed tree the nodes belong to (held: its snapshots' identities stay unique).
    private var tree: LayerSnapshot?
    private var nodes: [ObjectIdentifier: PresentedLayer] = [:]
    /// Last frame's nodes of the changing (not still) layers, by snapshot (`changingNode(for:)`).
    private var changing: [ObjectIdentifier: PresentedLayer] = [:]
    private var work: [(LayerSnapshot, PresentedLayer, CFTimeInterval, Bool)] = []
    /// Counts new commits, for what is kept alongside these nodes (`RetainedDrawing`).
    package private(set) var treeCount = 0

    package init() {}

    /// Starts a frame of `tree`; forgets the nodes of any other tree.
    func begin(_ tree: LayerSnapshot) {
        guard tree !== self.tree else { return }
        self.tree = tree
        nodes = [:]
        changing = [:]
        treeCount += 1
    }

    func node(for snapshot: LayerSnapshot) -> PresentedLayer? { nodes[ObjectIdentifier(snapshot)] }

    /// The node of `snapshot` for this frame's evaluation below a changing node (an animated
    /// layer, or one above it): last frame's node of the same snapshot made fresh again when
    /// nothing else holds it (its parent, reused first, let go of it), else a new one. Each
    /// evaluation thus allocates no node per animated layer in steady state. Nodes handed out
    /// (a user's `presentation()` is evaluated without `StillNodes`) are never reused while held.
    func changingNode(for snapshot: LayerSnapshot) -> PresentedLayer {
        let id = ObjectIdentifier(snapshot)
        if let i = changing.index(forKey: id), isKnownUniquelyReferenced(&changing.values[i]) {
            let node = changing.values[i]
            node.reuse(for: snapshot)
            return node
        }
        let node = PresentedLayer(snapshot: snapshot)
        changing[id] = node
        return node
    }

    /// The evaluation's work list, with the storage of the last one.
    func takeWork() -> [(LayerSnapshot, PresentedLayer, CFTimeInterval, Bool)] {
        defer { work = [] }
        return work
    }

    /// Keeps the (emptied) work list's storage for the next evaluation.
    func giveBack(_ list: inout [(LayerSnapshot, PresentedLayer, CFTimeInterval, Bool)]) {
        list.removeAll(keepingCapacity: true)
        swap(&work, &list)
    }

    func keep(_ node: PresentedLayer, for snapshot: LayerSnapshot) { nodes[ObjectIdentifier(snapshot)] = node }
}
