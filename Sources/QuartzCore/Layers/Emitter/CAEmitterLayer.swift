import Foundation

/// A layer that emits, moves and draws particles described by its `emitterCells` (Apple's
/// `CAEmitterLayer`).
///
/// The particles are a pure function of the `seed` and the layer's local time: any frame can be
/// drawn directly, in one jump or after many frames alike, and the layer's `speed` and
/// `timeOffset` slow or freeze them exactly. Differs from Apple: every particle is computed from
/// the properties' values at the frame's time (animating `emitterPosition` moves the live
/// particles with it; Apple's keep where they were born); at most 50,000 particles are drawn per
/// layer (the newest, with a message when the cells ask for more); `preservesDepth` is stored
/// but particles are always flattened into the layer's plane (`backToFront` still sorts by z).
open class CAEmitterLayer: CALayer {
    /// The kinds of particle emitted. Default nil. The cells' values are read when it is set.
    open var emitterCells: [CAEmitterCell]? {
        get { state.emitter!.emitterCells }
        set {
            let action = actionForChange(ofKey: "emitterCells")
            _ = state.emitter!.setPropertyValue(newValue, forKey: "emitterCells")
            didChangeProperty("emitterCells", action: action)
            reportParticleBudget()
        }
    }

    /// Multiplies each cell's birth rate. Default 1. Animatable.
    open var birthRate: Float {
        get { state.emitter!.birthRate }
        set { guard isFiniteFloat(newValue, key: "birthRate") else { return }
              setProperty("birthRate", \.emitter!.birthRate, newValue); reportParticleBudget() }
    }

    /// Multiplies each cell's lifetime. Default 1. Animatable.
    open var lifetime: Float {
        get { state.emitter!.lifetime }
        set { guard isFiniteFloat(newValue, key: "lifetime") else { return }
              setProperty("lifetime", \.emitter!.lifetime, newValue); reportParticleBudget() }
    }

    /// The centre of the emitter shape, in the layer's coordinates. Default (0, 0). Animatable.
    open var emitterPosition: CGPoint {
        get { state.emitter!.emitterPosition }
        set { guard isFinitePoint(newValue, key: "emitterPosition") else { return }
              setProperty("emitterPosition", \.emitter!.emitterPosition, newValue) }
    }

    /// The z of the emitter shape's centre. Default 0. Animatable.
    open var emitterZPosition: CGFloat {
        get { state.emitter!.emitterZPosition }
        set { guard isFiniteScalar(newValue, key: "emitterZPosition") else { return }
              setProperty("emitterZPosition", \.emitter!.emitterZPosition, newValue) }
    }

    /// The size of the emitter shape. Default (0, 0). Animatable.
    open var emitterSize: CGSize {
        get { state.emitter!.emitterSize }
        set { guard isFiniteSize(newValue, key: "emitterSize") else { return }
              setProperty("emitterSize", \.emitter!.emitterSize, newValue) }
    }

    /// The depth of a cuboid emitter shape. Default 0. Animatable.
    open var emitterDepth: CGFloat {
        get { state.emitter!.emitterDepth }
        set { guard isFiniteScalar(newValue, key: "emitterDepth") else { return }
              setProperty("emitterDepth", \.emitter!.emitterDepth, newValue) }
    }

    /// The emitter's shape. Default `.point`.
    open var emitterShape: CAEmitterLayerEmitterShape {
        get { state.emitter!.emitterShape }
        set { setProperty("emitterShape", \.emitter!.emitterShape, newValue) }
    }

    /// Where on the shape particles are born. Default `.volume`.
    open var emitterMode: CAEmitterLayerEmitterMode {
        get { state.emitter!.emitterMode }
        set { setProperty("emitterMode", \.emitter!.emitterMode, newValue) }
    }

    /// How particles are ordered and composited. Default `.unordered`.
    open var renderMode: CAEmitterLayerRenderMode {
        get { state.emitter!.renderMode }
        set { setProperty("renderMode", \.emitter!.renderMode, newValue) }
    }

    /// Apple: particles live in the superlayer's 3D space. Stored; Strata flattens them.
    open var preservesDepth: Bool {
        get { state.emitter!.preservesDepth }
        set { setProperty("preservesDepth", \.emitter!.preservesDepth, newValue) }
    }

    /// Multiplies each cell's velocity. Default 1. Animatable.
    open var velocity: Float {
        get { state.emitter!.velocity }
        set { guard isFiniteFloat(newValue, key: "velocity") else { return }; setProperty("velocity", \.emitter!.velocity, newValue) }
    }

    /// Multiplies each cell's scale. Default 1. Animatable.
    open var scale: Float {
        get { state.emitter!.scale }
        set { guard isFiniteFloat(newValue, key: "scale") else { return }; setProperty("scale", \.emitter!.scale, newValue) }
    }

    /// Multiplies each cell's spin. Default 1. Animatable.
    open var spin: Float {
        get { state.emitter!.spin }
        set { guard isFiniteFloat(newValue, key: "spin") else { return }; setProperty("spin", \.emitter!.spin, newValue) }
    }

    /// The seed of the layer's random ranges. Default 0.
    open var seed: UInt32 {
        get { state.emitter!.seed }
        set { setProperty("seed", \.emitter!.seed, newValue) }
    }

    /// Says once per setting when the cells ask for more live particles than are drawn.
    private func reportParticleBudget() {
        let n = state.emitter!.requestedParticles
        if n > Double(EmitterLayerState.maximumParticles) {
            StrataDiagnostics.report("CAEmitterLayer: birth rate × lifetime asks for \(n < 1e15 ? String(Int(n.rounded())) : "more than 10^15") live particles; Strata draws the newest \(EmitterLayerState.maximumParticles)")
        }
    }

    /// Apple's default of `key`: this class's own properties first, then `CALayer`'s.
    open override class func defaultValue(forKey key: String) -> Any? {
        if let v = EmitterLayerState().propertyValue(forKey: key) { return KVCBoxing.box(v) }
        return super.defaultValue(forKey: key)
    }

    // MARK: Cells by name in key paths

    /// The value at `keyPath`; `emitterCells.<name>.<property>` (and, through a cell's own
    /// cells, `emitterCells.<name>.emitterCells.<name>.<property>`) is the property of the
    /// first cell with that name, `emitterCells.<name>` the cell itself, as on Apple. A
    /// presentation copy reads the animated values. An unknown name gives nil.
    open override func value(forKeyPath keyPath: String) -> Any? {
        guard let path = EmitterCellKeyPath(keyPath) else { return super.value(forKeyPath: keyPath) }
        if isPresentationCopy, path.key != nil {
            return KVCBoxing.box(state.emitter!.cellValue(at: path) ?? nil)
        }
        guard let cell = CAEmitterCell.cell(at: path.names, in: emitterCells) else { return nil }
        guard let key = path.key else { return cell }
        return KVCBoxing.box(cell.value(forKey: key))
    }

    /// Sets the value at `keyPath`; a cell path (see `value(forKeyPath:)`) sets the property of
    /// the named cell and the layer reads its cells again. An unknown name, a key the cell does
    /// not have or a value that does not fit is reported and changes nothing.
    ///
    /// Differs from Apple: the change is not animated implicitly.
    open override func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let path = EmitterCellKeyPath(keyPath) else { return super.setValue(value, forKeyPath: keyPath) }
        guard let key = path.key, key != "emitterCells" else {
            return StrataDiagnostics.report("CAEmitterLayer.setValue(_:forKeyPath: \"\(keyPath)\"): name a cell property after the cell")
        }
        guard let cell = CAEmitterCell.cell(at: path.names, in: emitterCells) else {
            return StrataDiagnostics.report("CAEmitterLayer.setValue(_:forKeyPath: \"\(keyPath)\"): no emitter cell is named \"\(path.names.joined(separator: "\" / \""))\"; nothing set")
        }
        cell.setValue(value, forKey: key)
        emitterCells = emitterCells    // the layer reads its cells' values when they are set
    }
}
