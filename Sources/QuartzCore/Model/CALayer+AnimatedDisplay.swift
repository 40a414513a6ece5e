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
            if animates, let p = layer.presentationCopy() {
                layer.animatedDisplayContents = layer.displayed(withPresentation: p)
                layer.markChanged()
            } else if layer.animatedDisplayContents != nil {
                layer.animatedDisplayContents = nil
                layer.markChanged()
            }
        }
    }

    /// The contents `display()` draws from `presented`'s values: the copy draws itself when it is
    /// of this layer's class; otherwise (a subclass without `makePresentationCopy(of:)`, whose
    /// copy is a Strata class) this layer draws, through its own `display()` and `draw(in:)`,
    /// with the presentation values in place of its own for the time of the call — no action
    /// runs, and its own values, contents and flags are back afterwards.
    private func displayed(withPresentation presented: CALayer) -> Any? {
        if Swift.type(of: presented) == Swift.type(of: self) {
            presented.display()
            return presented.contents
        }
        let saved = state, flag = needsDisplayFlag
        state = presented.state
        CATransaction.makingPresentationCopies { display() }
        let drawn = state.contents
        state = saved
        needsDisplayFlag = flag
        return drawn
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
