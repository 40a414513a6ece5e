import Foundation

/// An animation attached to a layer, as committed: a private copy with its begin time resolved.
package struct AttachedAnimation: @unchecked Sendable {
    package let key: String
    package let animation: CAAnimation
    /// For a `CATransition`: the layer's subtree as committed before the transition was added
    /// (nil when it had never been committed: the old look is empty).
    package let transitionFrom: LayerSnapshot?
    /// The typed form of the animation, when it has one (see `CompiledAnimation`); set when
    /// the layer is committed, after the begin time is resolved.
    package var compiled: CompiledAnimation?
    /// Whether `compiled` reflects the animation as it is now (false: compile before use).
    package var isCompiled = false

    package init(key: String, animation: CAAnimation, transitionFrom: LayerSnapshot? = nil) {
        self.key = key
        self.animation = animation
        self.transitionFrom = transitionFrom
    }

    /// Compiles the animation if it never was, or its begin time changed since.
    package mutating func compileIfNeeded() {
        if isCompiled, compiled.map({ $0.beginTime == animation.beginTime }) ?? true { return }
        compiled = CompiledAnimation(animation)
        isCompiled = true
    }
}

/// One layer as committed: immutable values handed from the app thread to the render thread.
package final class LayerSnapshot: @unchecked Sendable {
    package let state: LayerState
    package let isTransformLayer: Bool
    package let animations: [AttachedAnimation]
    package private(set) var sublayers: [LayerSnapshot]
    package private(set) var mask: LayerSnapshot?
    /// The number of levels below this one (0 for a leaf).
    package let height: Int
    /// Whether this subtree looks the same at every media time: no animation and no emitter layer
    /// that can have moving particles (`LayerState.hasLiveParticles(after: -.infinity)`) anywhere
    /// in it (masks included), no replicator delaying its instances, and no tile with a fade-in.
    /// Renderers keep
    /// such subtrees' presentation and drawing from frame to frame of one commit.
    package let isStill: Bool
    /// The model layer (for `presentation()` and `model()`); read-only use off the app thread.
    package weak var model: CALayer?
    /// For a committed tree's root, the media time of its commit (animations added in it begin
    /// then); −∞ below the root.
    package private(set) var committedAt: CFTimeInterval = -.infinity

    package init(state: LayerState, isTransformLayer: Bool, animations: [AttachedAnimation],
                 sublayers: [LayerSnapshot], mask: LayerSnapshot?, model: CALayer?) {
        self.state = state
        self.isTransformLayer = isTransformLayer
        self.animations = animations
        self.sublayers = sublayers
        self.mask = mask
        self.model = model
        var below = mask?.height ?? -1
        var stillBelow = mask?.isStill ?? true
        for s in sublayers {
            below = max(below, s.height)
            stillBelow = stillBelow && s.isStill
        }
        height = below + 1
        isStill = stillBelow && animations.isEmpty && !state.hasLiveParticles(after: -.infinity)
            && (state.replicator?.instanceDelay ?? 0) == 0
            && !(state.tiled?.tiles.contains(where: \.hasFade) ?? false)
    }

    /// Releases the subtree iteratively: a chain 100,000 deep would overflow the stack if each
    /// node's release released the next one recursively.
    deinit {
        guard !sublayers.isEmpty || mask != nil else { return }
        var pending = sublayers
        if let mask { pending.append(mask) }
        sublayers = []
        mask = nil
        releaseIteratively(&pending, children: { n in n.mask.map { n.sublayers + [$0] } ?? n.sublayers },
                           detach: { n in n.sublayers = []; n.mask = nil })
    }

    /// Snapshots `root` and its whole subtree (masks included), iteratively.
    /// Animations still waiting for a begin time get the layer's time at media time `now`.
    package static func make(_ root: CALayer, now: CFTimeInterval = CACurrentMediaTime()) -> LayerSnapshot {
        // Post-order over an explicit stack of plain values (not an object allocated and freed per
        // layer at every commit): children are built before their parent, and
        // wait on `built` (sublayers in order, then the mask) until it is made.
        struct Pending { let layer: CALayer; let sublayers: [CALayer]; let mask: CALayer?; var next = 0; let firstBuilt: Int }
        var stack = [Pending(layer: root, sublayers: root._sublayers, mask: root._mask, firstBuilt: 0)]
        var built: [LayerSnapshot] = []
        let attached = root.attachedRendererCount > 0
        while !stack.isEmpty {
            let top = stack.count - 1
            let total = stack[top].sublayers.count + (stack[top].mask == nil ? 0 : 1)
            if stack[top].next < total {
                let i = stack[top].next
                let child = i < stack[top].sublayers.count ? stack[top].sublayers[i] : stack[top].mask!
                stack[top].next += 1
                stack.append(Pending(layer: child, sublayers: child._sublayers, mask: child._mask, firstBuilt: built.count))
                continue
            }
            let p = stack.removeLast()
            let mask = p.mask == nil ? nil : built.removeLast()
            let sublayers = Array(built[p.firstBuilt...])
            built.removeSubrange(p.firstBuilt...)
            built.append(snapshot(of: p.layer, sublayers: sublayers, mask: mask, now: now, attached: attached))
        }
        let result = built[0]
        result.committedAt = now
        return result
    }

    /// One layer's snapshot over its children's; records it as the layer's committed node.
    private static func snapshot(of l: CALayer, sublayers: [LayerSnapshot], mask: LayerSnapshot?,
                                 now: CFTimeInterval, attached: Bool) -> LayerSnapshot {
        l.resolveBeginTimes(now: now)
        for i in l._animations.indices { l._animations[i].compileIfNeeded() }
        var state = l.state
        if let drawn = l.animatedDisplayContents { state.contents = drawn }
        let snap = LayerSnapshot(state: state, isTransformLayer: l is CATransformLayer,
                                 animations: l.attachedAnimations, sublayers: sublayers,
                                 mask: mask, model: l)
        l.committedNode = snap
        l.committedInAttachedTree = attached
        return snap
    }
}

/// The committed trees, by root layer: written by commits on the app thread, read by renderers
/// and `presentation()` on any thread.
package enum CommittedTrees {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var trees: [ObjectIdentifier: LayerSnapshot] = [:]
    nonisolated(unsafe) private static var generations: [ObjectIdentifier: Int] = [:]

    package static func publish(_ snapshot: LayerSnapshot, for root: CALayer) {
        lock.lock(); defer { lock.unlock() }
        let id = ObjectIdentifier(root)
        trees[id] = snapshot
        generations[id, default: 0] += 1
        // Forget the trees of roots that have died (there are few roots; this keeps memory flat).
        for (key, tree) in trees where tree.model == nil {
            trees[key] = nil
            generations[key] = nil
        }
    }

    /// The latest committed tree of `root` and its commit count.
    ///
    /// A tree whose root layer has died is dropped here: a new layer at the same address must not
    /// inherit it.
    package static func snapshot(for root: CALayer) -> (tree: LayerSnapshot, generation: Int)? {
        lock.lock(); defer { lock.unlock() }
        let id = ObjectIdentifier(root)
        guard let t = trees[id] else { return nil }
        guard t.model === root else {
            trees[id] = nil
            return nil
        }
        return (t, generations[id] ?? 0)
    }

    package static func remove(_ root: CALayer) {
        lock.lock(); defer { lock.unlock() }
        trees[ObjectIdentifier(root)] = nil
    }
}

/// Turns the layers changed in a transaction into published snapshots of their trees.
package enum LayerCommitter {
    /// Advanced by every commit (under the transaction lock): a layer whose `commitMark` equals
    /// it was already walked by this commit.
    nonisolated(unsafe) private static var currentMark: UInt64 = 0

    /// Linear in the tree's size: each layer's walk to its root stops at a layer this commit
    /// already walked, whose root is already listed (a chain of N changed layers once took N²/2
    /// steps; a dictionary of visited layers then hashed every layer of a 100,000-deep chain).
    /// Called holding the transaction lock.
    package static func commit(changedLayers: [CALayer]) {
        currentMark &+= 1
        let mark = currentMark
        var roots: [CALayer] = []
        for layer in changedLayers {
            var l = layer
            while l.commitMark != mark {
                l.commitMark = mark
                guard let p = l.graphParent else { roots.append(l); break }
                l = p
            }
        }
        for root in roots {
            CommittedTrees.publish(LayerSnapshot.make(root), for: root)
            CommittedTrees.notifyCommitted(root)
        }
    }
}

extension CALayer {
    /// The top of this layer's tree (a mask counts as part of the layer it masks).
    package var rootLayer: CALayer {
        var l = self
        while let p = l._superlayer ?? l._maskOwner { l = p }
        return l
    }
}
