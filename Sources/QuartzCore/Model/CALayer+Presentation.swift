import Foundation

/// Model and presentation layers.
extension CALayer {
    /// A copy of the layer as it is on screen now: the committed values with running animations
    /// applied at `CACurrentMediaTime()`. Its sublayers and superlayer are presentation copies too.
    /// Nil before the layer's tree was first committed.
    public func presentation() -> Self? {
        if isPresentationCopy { return self }
        let root = rootLayer
        guard let (tree, _) = CommittedTrees.snapshot(for: root) else { return nil }
        let presented = PresentationEvaluator.evaluate(tree, at: CACurrentMediaTime())
        return PresentationCopies.make(presented, finding: self) as? Self
    }

    /// The model layer of a presentation copy; a model layer returns itself.
    public func model() -> Self {
        if isPresentationCopy, let m = modelLayer as? Self { return m }
        return self
    }
}

/// Builds CALayer objects for a presentation tree.
package enum PresentationCopies {
    /// Copies the whole tree (iteratively) and returns the copy of `target`, if present.
    package static func make(_ root: PresentedLayer, finding target: CALayer) -> CALayer? {
        var found: CALayer?
        func copy(_ node: PresentedLayer) -> CALayer {
            let type: CALayer.Type = node.model.map { Swift.type(of: $0) } ?? (node.isTransformLayer ? CATransformLayer.self : CALayer.self)
            let layer = type.init(layer: node.model as Any)
            layer.state = node.state
            layer.isPresentationCopy = true
            layer.modelLayer = node.model
            if node.model === target { found = layer }
            return layer
        }
        let top = copy(root)
        var work: [(PresentedLayer, CALayer)] = [(root, top)]
        while let (node, layer) = work.popLast() {
            for child in node.sublayers {
                let c = copy(child)
                layer._sublayers.append(c)
                c._superlayer = layer
                work.append((child, c))
            }
            if let m = node.mask {
                let c = copy(m)
                layer._mask = c
                c._maskOwner = layer
                work.append((m, c))
            }
        }
        // Keep the copied tree alive as long as the returned layer: it holds its ancestors weakly.
        found?.presentationTreeRoot = top
        return found
    }
}
