import Foundation

/// Model and presentation layers.
extension CALayer {
    /// The presentation copy of this layer (see `presentation()`).
    package func presentationCopy() -> CALayer? {
        if isPresentationCopy { return self }
        let root = rootLayer
        guard let (tree, _) = CommittedTrees.snapshot(for: root) else { return nil }
        let presented = PresentationEvaluator.evaluate(tree, at: CACurrentMediaTime())
        return CATransaction.makingPresentationCopies { PresentationCopies.make(presented, finding: self) }
    }
}

/// Builds CALayer objects for a presentation tree.
package enum PresentationCopies {
    /// Copies the whole tree (iteratively) and returns the copy of `target`, if present.
    package static func make(_ root: PresentedLayer, finding target: CALayer) -> CALayer? {
        var found: CALayer?
        func copy(_ node: PresentedLayer) -> CALayer {
            // Through the model's dynamic type, so a subclass's init(layer:) copies its own state.
            let layer = node.model.map { Swift.type(of: $0).init(_strataPresentationOf: $0) }
                ?? (node.isTransformLayer ? CATransformLayer() : CALayer())
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
