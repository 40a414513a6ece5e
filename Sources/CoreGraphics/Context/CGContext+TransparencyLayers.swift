import Raster

/// One open transparency layer: where drawing went before it, and the state it is composited with.
struct TransparencyLayer {
    /// The pixels drawing went to before the layer (the bitmap, or the enclosing layer).
    let outer: Surface
    /// The graphics state at `beginTransparencyLayer`: its alpha, blend mode, shadow and clip
    /// composite the layer, and `endTransparencyLayer` brings it back.
    let state: GraphicsState
    /// How many states were saved at `beginTransparencyLayer` (saves inside the layer that are
    /// not restored are dropped at its end).
    let savedCount: Int
}

extension CGContext {
    /// Starts a transparency layer: drawing until `endTransparencyLayer()` goes to a fully
    /// transparent offscreen bitmap, which is then composited as one image with the alpha,
    /// blend mode, shadow and clip in effect now. Inside the layer alpha is 1, the blend mode
    /// normal and there is no shadow, as on Apple. Layers nest. `auxiliaryInfo` is ignored (as
    /// on Apple, which defines no keys for it).
    public func beginTransparencyLayer(auxiliaryInfo: CFDictionary?) {
        openTransparencyLayer(bounding: nil)
    }

    /// A transparency layer bounded by `rect` (user space): drawing outside it is not kept.
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: CFDictionary?) {
        guard finite("beginTransparencyLayer(in: \(rect))", rect.origin.x, rect.origin.y, rect.width, rect.height) else {
            // Still open a layer (empty), so the caller's matching end balances.
            return openTransparencyLayer(bounding: .zero)
        }
        openTransparencyLayer(bounding: rect.standardized)
    }

    /// Composites the layer opened last onto what was below it and restores the state saved by
    /// its `beginTransparencyLayer`. Without an open layer, reports and does nothing.
    public func endTransparencyLayer() {
        guard let layer = transparencyLayers.popLast() else {
            return StrataDiagnostics.report("CGContext.endTransparencyLayer(): no transparency layer is open; ignored")
        }
        flushPending()
        let pixels = target
        target = layer.outer
        savedStates.removeSubrange(min(layer.savedCount, savedStates.count)...)
        state = layer.state
        let r = state.clipRect
        guard !r.isEmpty else { return }
        // Device pixel p shows the layer's pixel p: local space is device space here.
        let command = FillCommand(path: PathGeometry(rect: Double(r.x0), Double(r.y0), Double(r.x1), Double(r.y1)),
                                  rule: .nonZero, localToDevice: .identity,
                                  paint: .texture(pixels, map: .identity, filter: .nearest),
                                  opacity: Float(state.alpha), clip: rasterClip,
                                  blendMode: state.blendMode.raster, antialias: false)
        render([command])
    }

    private func openTransparencyLayer(bounding rect: CGRect?) {
        flushPending()
        transparencyLayers.append(TransparencyLayer(outer: target, state: state, savedCount: savedStates.count))
        target = Surface(width: width, height: height)
        state.alpha = 1
        state.blendMode = .normal
        state.shadow = nil
        if let rect { clip(to: rect) }
    }
}
