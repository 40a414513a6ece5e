import Foundation

// Apple's recipe for custom animatable properties: a subclass answers true from
// `needsDisplay(forKey:)` for its key, copies it in `init(layer:)` and draws it in `draw(in:)`;
// an animation of that key then redraws the *presentation* layer every frame. Apple's render
// server does that; here the app thread does it once per frame, before the commit, so the
// render thread still never runs user code.

extension CALayer {
    /// Redraws, at the current media time, every layer of `root`'s tree whose animations change a
    /// key its class redisplays for: each one's presentation copy runs `display()` and the result
    /// is committed in place of the layer's `contents` (its model `contents` is untouched). When
    /// those animations are gone, the layer shows its own `contents` again. Every `CATiledLayer`
    /// draws the tiles it now shows.
    ///
    /// Strata extension: windows call it every frame and `strata render` before its frame; call it
    /// before `CATransaction.flush()` when driving a `CARenderer` yourself.
    public static func displayAnimatedProperties(in root: CALayer) {
        var stack: [CALayer] = [root]
        while let layer = stack.popLast() {
            stack.append(contentsOf: layer._sublayers)
            if let m = layer._mask { stack.append(m) }
            // Tiled layers draw the tiles their presentation geometry shows now.
            if let tiled = layer as? CATiledLayer { tiled.updateVisibleTiles() }
            let animates = layer._animations.contains { attached in
                Self.keys(of: attached.animation).contains { type(of: layer).needsDisplay(forKey: $0) }
            }
            if animates, let p = layer.presentation() {
                p.display()
                layer.animatedDisplayContents = p.contents
                layer.markChanged()
            } else if layer.animatedDisplayContents != nil {
                layer.animatedDisplayContents = nil
                layer.markChanged()
            }
        }
    }

    /// The first key of every key path an animation (or a group's members) changes.
    private static func keys(of animation: CAAnimation) -> [String] {
        if let p = animation as? CAPropertyAnimation, let path = p.keyPath {
            return [String(path.split(separator: ".").first ?? "")]
        }
        if let g = animation as? CAAnimationGroup {
            return (g.animations ?? []).flatMap { keys(of: $0) }
        }
        return []
    }
}
