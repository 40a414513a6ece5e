import Foundation

/// Setter-side validation: NaN or infinite geometry never enters the tree.
extension CALayer {
    package func reject(_ key: String, _ value: Any) {
        StrataDiagnostics.report("rejected non-finite value \(value) for \(key); the old value is kept")
    }
    package func isFiniteScalar(_ v: CGFloat, key: String) -> Bool {
        if v.isFinite { return true }
        reject(key, v); return false
    }
    package func isFiniteFloat(_ v: Float, key: String) -> Bool {
        if v.isFinite { return true }
        reject(key, v); return false
    }
    package func isFinitePoint(_ p: CGPoint, key: String) -> Bool {
        if p.x.isFinite && p.y.isFinite { return true }
        reject(key, p); return false
    }
    package func isFiniteSize(_ s: CGSize, key: String) -> Bool {
        if s.width.isFinite && s.height.isFinite { return true }
        reject(key, s); return false
    }
    package func isFiniteRect(_ r: CGRect, key: String) -> Bool {
        if r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite { return true }
        reject(key, r); return false
    }
    package func isFiniteTransform(_ t: CATransform3D, key: String) -> Bool {
        if t.isFinite { return true }
        reject(key, t); return false
    }
}

/// Hierarchy validation: sublayer and mask links never form a cycle, and a layer has at most one
/// place in the graph (a superlayer or a layer it masks, as on Apple, which moves it).
extension CALayer {
    /// The layer above this one: its superlayer, or the layer it masks.
    package var graphParent: CALayer? { _superlayer ?? _maskOwner }

    /// Whether `self` is `layer` or above it through superlayer and mask links. Iterative.
    package func isSelfOrGraphAncestor(of layer: CALayer) -> Bool {
        // A layer with nothing below it is above no other layer (building a chain downwards
        // adds such layers: no walk to the root per level).
        if _sublayers.isEmpty && _mask == nil { return self === layer }
        var p: CALayer? = layer
        while let q = p {
            if q === self { return true }
            p = q.graphParent
        }
        return false
    }

    /// Whether `layer` may become a sublayer: refused (with a message) when it would contain this
    /// layer; otherwise it stops being another layer's mask, as on Apple.
    package func acceptsAsSublayer(_ layer: CALayer) -> Bool {
        if layer.isSelfOrGraphAncestor(of: self) {
            StrataDiagnostics.report("a layer cannot be added as a sublayer of itself, of its own descendant or of its own mask's subtree; nothing changed")
            return false
        }
        layer.detachFromMaskOwner()
        return true
    }

    /// Whether `layer` may become this layer's mask: refused (with a message) when it is this layer
    /// or above it (through sublayers or masks: `l.mask = m; m.mask = l`, or a mask holding the
    /// masked layer or one of its ancestors). Otherwise it leaves its superlayer or the layer it
    /// masked, as on Apple.
    package func acceptsAsMask(_ layer: CALayer?) -> Bool {
        guard let layer else { return true }
        if layer.isSelfOrGraphAncestor(of: self) {
            StrataDiagnostics.report("a layer cannot be the mask of itself or of a layer inside its own subtree or mask; mask unchanged")
            return false
        }
        layer.removeFromSuperlayer()
        if layer._maskOwner !== self { layer.detachFromMaskOwner() }
        return true
    }

    /// Stops being the mask of the layer it masks, if any.
    private func detachFromMaskOwner() {
        guard let owner = _maskOwner else { return }
        if owner._mask === self { owner._mask = nil }
        _maskOwner = nil
        owner.hierarchyDidChange()
    }
}

extension CALayer {
    /// Releases the sublayers and mask iteratively, from `deinit`: dropping a chain 100,000 deep
    /// released each level from the one above, recursively, and overflowed the stack. A layer
    /// still referenced elsewhere keeps its own subtree.
    package func releaseSubtreeIteratively() {
        // The owned links only: a presentation copy's sublayers are made on demand (reading
        // `_sublayers` here would make them).
        guard !ownSublayers.isEmpty || ownMask != nil else { return }
        var pending = ownSublayers
        if let m = ownMask { pending.append(m) }
        ownSublayers = []
        ownMask = nil
        while var layer = pending.popLast() {
            guard isKnownUniquelyReferenced(&layer) else { continue }
            pending.append(contentsOf: layer.ownSublayers)
            if let m = layer.ownMask { pending.append(m) }
            layer.ownSublayers = []
            layer.ownMask = nil
        }
    }
}
