import Foundation

/// Apple's hit testing: front-most sibling by sublayer order (not by depth).
extension CALayer {
    /// The work of `hitTest(_:)`.
    package func orderedHitTest(_ p: CGPoint) -> CALayer? {
        // The point in the screen space of the root, so every layer unprojects from one place.
        let screen: CGPoint?
        if let parent = _superlayer {
            screen = LayerGeometry.project(p.x, p.y, LayerGeometry.planeMap(LayerGeometry.toRoot(parent)))
        } else {
            screen = p
        }
        guard let screen else { return nil }
        let parentMatrix = _superlayer.map(LayerGeometry.toRoot(_:))
        return HitTester.hitTest(self, rootwardMatrix: parentMatrix, screenPoint: screen)
    }
}

/// The iterative walk behind `hitTest(_:)` (no recursion: trees of any depth are fine).
package enum HitTester {
    private struct Frame {
        let layer: CALayer
        let matrix: CATransform3D      // layer plane → screen
        let local: CGPoint?
        var nextChild: Int             // index into sublayers, counting down
    }

    /// `rootwardMatrix` is the superlayer's matrix to the screen (nil for a root).
    package static func hitTest(_ start: CALayer, rootwardMatrix: CATransform3D?, screenPoint: CGPoint) -> CALayer? {
        func makeFrame(_ layer: CALayer, parentToScreen: CATransform3D?) -> Frame? {
            guard !layer.state.isHidden else { return nil }
            let parent = layer._superlayer
            // Each state is read in place (`parent?.state` copied the parent's whole state).
            var step = layer.state.localToParent
            if let parent {
                step = step.concatenating(parent.state.sublayerMatrix)
                if !(parent is CATransformLayer) { step = step.concatenating(LayerGeometry.flatten) }
            }
            let m = parentToScreen.map { step.concatenating($0) } ?? step
            let local = LayerGeometry.unproject(screenPoint, LayerGeometry.planeMap(m))
            if layer.state.masksToBounds, !(layer is CATransformLayer) {
                guard let local, layer.containsAsItsClass(local) else { return nil }
            }
            return Frame(layer: layer, matrix: m, local: local, nextChild: layer._sublayers.count - 1)
        }
        guard let first = makeFrame(start, parentToScreen: rootwardMatrix) else { return nil }
        var stack = [first]
        while var top = stack.popLast() {
            if top.nextChild >= 0 {
                let child = top.layer._sublayers[top.nextChild]
                top.nextChild -= 1
                stack.append(top)
                if let f = makeFrame(child, parentToScreen: top.matrix) { stack.append(f) }
                continue
            }
            // Every sublayer missed: the layer itself.
            if !(top.layer is CATransformLayer), let local = top.local, top.layer.containsAsItsClass(local) {
                return top.layer
            }
        }
        return nil
    }
}

extension CALayer {
    /// `contains(_:)` as the layer's own class answers it. A presentation copy of a subclass
    /// without copies of its own type (see `makePresentationCopy(of:)`) is of a Strata class and
    /// would lose the subclass's `contains(_:)` override (a label that ignores clicks would catch
    /// them): the model answers instead, with the presentation values in place of its own for
    /// the time of the call.
    package func containsAsItsClass(_ p: CGPoint) -> Bool {
        guard isPresentationCopy, let model = modelLayer, Swift.type(of: model) != Swift.type(of: self) else { return contains(p) }
        let saved = model.state
        model.state = state
        defer { model.state = saved }
        return model.contains(p)
    }
}
