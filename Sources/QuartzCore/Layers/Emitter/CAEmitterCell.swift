import Foundation

/// One kind of particle a `CAEmitterLayer` emits: how many, how long they live, how they move,
/// turn, grow and change colour, and the image they show (Apple's `CAEmitterCell`).
///
/// Differs from Apple: a layer reads its cells' values when `emitterCells` is set (and a cell
/// its sub-cells' when the layer does), so change a cell, then set the array again (or set it
/// through the layer: `setValue(_:forKeyPath: "emitterCells.<name>.<key>")`). Cells archive
/// (NSSecureCoding); a `CAEmitterLayer` archive does not yet carry its cells.
open class CAEmitterCell: NSObject, CAMediaTiming, @unchecked Sendable {
    /// The cell's values.
    package var values = EmitterCellState()
    private var _emitterCells: [CAEmitterCell]?

    /// A cell with Apple's defaults (birth rate 0: it emits nothing until given one).
    public required override init() { super.init() }

    /// A cell read from an archive written by `encode(with:)`; nil when `coder` is not keyed.
    public required init?(coder: NSCoder) {
        super.init()
        guard decodeCell(from: coder) else { return nil }
    }

    /// Apple's `+emitterCell`: a new cell.
    open class func emitterCell() -> Self { self.init() }

    /// Apple's default value of a cell property, nil for unknown keys.
    open class func defaultValue(forKey key: String) -> Any? { EmitterCellState().propertyValue(forKey: key) ?? nil }

    /// Whether `key` is written when the cell is archived; true (Apple's default). Override it
    /// to leave keys out.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// The value of a cell property by Apple's key (Strata: unknown keys give nil with a message) ("birthRate", "enabled", "emitterCells", …).
    open func value(forKey key: String) -> Any? {
        if key == "emitterCells" { return _emitterCells }
        if let v = values.propertyValue(forKey: key) { return v }
        StrataDiagnostics.report("CAEmitterCell has no property \"\(key)\"")
        return nil
    }

    /// Sets a cell property by Apple's key; a value of the wrong type is refused with a message.
    open func setValue(_ value: Any?, forKey key: String) {
        if key == "emitterCells" {
            guard value == nil || value is [CAEmitterCell] else { return StrataDiagnostics.report("CAEmitterCell.emitterCells: \(type(of: value)) is not [CAEmitterCell]; unchanged") }
            emitterCells = value as? [CAEmitterCell]
            return
        }
        if values.propertyValue(forKey: key) != nil {
            if !values.setPropertyValue(value, forKey: key) {
                StrataDiagnostics.report("CAEmitterCell.\(key): \(value.map { "\($0)" } ?? "nil") does not fit; the old value is kept")
            }
            return
        }
        StrataDiagnostics.report("CAEmitterCell has no property \"\(key)\"; nothing set")
    }

    private func set<T>(_ key: String, _ path: WritableKeyPath<EmitterCellState, T>, _ v: T, finite: Bool = true) {
        guard finite else { return StrataDiagnostics.report("CAEmitterCell.\(key): rejected non-finite value \(v); the old value is kept") }
        values[keyPath: path] = v
    }

    /// The cell's name, used in key paths. Default nil.
    open var name: String? { get { values.name } set { values.name = newValue } }
    /// Whether the cell emits. Default true.
    open var isEnabled: Bool { get { values.isEnabled } set { values.isEnabled = newValue } }
    /// Particles per second (times the layer's `birthRate`). Default 0.
    open var birthRate: Float { get { values.birthRate } set { set("birthRate", \.birthRate, newValue, finite: newValue.isFinite) } }
    /// Mean lifetime of a particle in seconds. Default 0.
    open var lifetime: Float { get { values.lifetime } set { set("lifetime", \.lifetime, newValue, finite: newValue.isFinite) } }
    /// Range of the lifetime about its mean. Default 0.
    open var lifetimeRange: Float { get { values.lifetimeRange } set { set("lifetimeRange", \.lifetimeRange, newValue, finite: newValue.isFinite) } }
    /// Emission angle out of the layer's plane, radians. Default 0.
    open var emissionLatitude: CGFloat { get { values.emissionLatitude } set { set("emissionLatitude", \.emissionLatitude, newValue, finite: newValue.isFinite) } }
    /// Emission angle in the layer's plane from +x towards +y, radians. Default 0.
    open var emissionLongitude: CGFloat { get { values.emissionLongitude } set { set("emissionLongitude", \.emissionLongitude, newValue, finite: newValue.isFinite) } }
    /// The angle of the cone particles are spread over about the emission angle. Default 0.
    open var emissionRange: CGFloat { get { values.emissionRange } set { set("emissionRange", \.emissionRange, newValue, finite: newValue.isFinite) } }
    /// Mean initial speed, points per second. Default 0.
    open var velocity: CGFloat { get { values.velocity } set { set("velocity", \.velocity, newValue, finite: newValue.isFinite) } }
    /// Range of the initial speed. Default 0.
    open var velocityRange: CGFloat { get { values.velocityRange } set { set("velocityRange", \.velocityRange, newValue, finite: newValue.isFinite) } }
    /// Acceleration along x, points per second². Default 0.
    open var xAcceleration: CGFloat { get { values.xAcceleration } set { set("xAcceleration", \.xAcceleration, newValue, finite: newValue.isFinite) } }
    /// Acceleration along y. Default 0.
    open var yAcceleration: CGFloat { get { values.yAcceleration } set { set("yAcceleration", \.yAcceleration, newValue, finite: newValue.isFinite) } }
    /// Acceleration along z. Default 0.
    open var zAcceleration: CGFloat { get { values.zAcceleration } set { set("zAcceleration", \.zAcceleration, newValue, finite: newValue.isFinite) } }
    /// Mean scale of the particle image. Default 1.
    open var scale: CGFloat { get { values.scale } set { set("scale", \.scale, newValue, finite: newValue.isFinite) } }
    /// Range of the scale. Default 0.
    open var scaleRange: CGFloat { get { values.scaleRange } set { set("scaleRange", \.scaleRange, newValue, finite: newValue.isFinite) } }
    /// Change of scale per second. Default 0.
    open var scaleSpeed: CGFloat { get { values.scaleSpeed } set { set("scaleSpeed", \.scaleSpeed, newValue, finite: newValue.isFinite) } }
    /// Mean rotation speed, radians per second. Default 0.
    open var spin: CGFloat { get { values.spin } set { set("spin", \.spin, newValue, finite: newValue.isFinite) } }
    /// Range of the rotation speed. Default 0.
    open var spinRange: CGFloat { get { values.spinRange } set { set("spinRange", \.spinRange, newValue, finite: newValue.isFinite) } }
    /// The colour the image is multiplied by. Default opaque white.
    open var color: CGColor? { get { values.color } set { values.color = newValue } }
    /// Range of the red component. Default 0.
    open var redRange: Float { get { values.redRange } set { set("redRange", \.redRange, newValue, finite: newValue.isFinite) } }
    /// Range of the green component. Default 0.
    open var greenRange: Float { get { values.greenRange } set { set("greenRange", \.greenRange, newValue, finite: newValue.isFinite) } }
    /// Range of the blue component. Default 0.
    open var blueRange: Float { get { values.blueRange } set { set("blueRange", \.blueRange, newValue, finite: newValue.isFinite) } }
    /// Range of the alpha component. Default 0.
    open var alphaRange: Float { get { values.alphaRange } set { set("alphaRange", \.alphaRange, newValue, finite: newValue.isFinite) } }
    /// Change of red per second. Default 0.
    open var redSpeed: Float { get { values.redSpeed } set { set("redSpeed", \.redSpeed, newValue, finite: newValue.isFinite) } }
    /// Change of green per second. Default 0.
    open var greenSpeed: Float { get { values.greenSpeed } set { set("greenSpeed", \.greenSpeed, newValue, finite: newValue.isFinite) } }
    /// Change of blue per second. Default 0.
    open var blueSpeed: Float { get { values.blueSpeed } set { set("blueSpeed", \.blueSpeed, newValue, finite: newValue.isFinite) } }
    /// Change of alpha per second. Default 0.
    open var alphaSpeed: Float { get { values.alphaSpeed } set { set("alphaSpeed", \.alphaSpeed, newValue, finite: newValue.isFinite) } }
    /// The particle image, a `CGImage`. Default nil: the cell's particles draw nothing.
    open var contents: Any? { get { values.contents } set { values.contents = newValue } }
    /// The part of the image shown, in unit coordinates. Default (0, 0, 1, 1).
    open var contentsRect: CGRect { get { values.contentsRect } set { set("contentsRect", \.contentsRect, newValue, finite: EmitterCellState.isFinite(newValue)) } }
    /// Image pixels per point. Default 1.
    open var contentsScale: CGFloat { get { values.contentsScale } set { set("contentsScale", \.contentsScale, newValue, finite: newValue.isFinite) } }
    /// The filter when the image is drawn smaller. Default linear.
    open var minificationFilter: String { get { values.minificationFilter.rawValue } set { values.minificationFilter = CALayerContentsFilter(rawValue: newValue) } }
    /// The filter when the image is drawn larger. Default linear.
    open var magnificationFilter: String { get { values.magnificationFilter.rawValue } set { values.magnificationFilter = CALayerContentsFilter(rawValue: newValue) } }
    /// Apple's mip-map bias; stored, not used (Strata does not mip-map).
    open var minificationFilterBias: Float { get { values.minificationFilterBias } set { set("minificationFilterBias", \.minificationFilterBias, newValue, finite: newValue.isFinite) } }
    /// Cells each particle of this cell emits, from its position, in its direction. Default nil.
    open var emitterCells: [CAEmitterCell]? { get { _emitterCells } set { _emitterCells = newValue } }
    /// Default values for keys not set; stored, not consulted.
    open var style: [AnyHashable: Any]? { get { values.style } set { values.style = newValue } }

    // CAMediaTiming: the cell's time runs from the layer's; it emits while active.
    /// When the cell starts emitting, in the layer's time. Default 0.
    open var beginTime: CFTimeInterval { get { values.beginTime } set { set("beginTime", \.beginTime, newValue, finite: newValue.isFinite) } }
    /// How long the cell emits; 0 (the default) means for ever.
    open var duration: CFTimeInterval { get { values.duration } set { set("duration", \.duration, newValue, finite: !newValue.isNaN) } }
    /// How fast the cell's time (births and particle ages) runs. Default 1.
    open var speed: Float { get { values.speed } set { set("speed", \.speed, newValue, finite: newValue.isFinite) } }
    /// Added to the cell's time. Default 0.
    open var timeOffset: CFTimeInterval { get { values.timeOffset } set { set("timeOffset", \.timeOffset, newValue, finite: newValue.isFinite) } }
    /// Stored; a cell emits for `duration` once (Strata does not repeat cells).
    open var repeatCount: Float { get { values.repeatCount } set { set("repeatCount", \.repeatCount, newValue, finite: !newValue.isNaN) } }
    /// Stored; not used.
    open var repeatDuration: CFTimeInterval { get { values.repeatDuration } set { set("repeatDuration", \.repeatDuration, newValue, finite: !newValue.isNaN) } }
    /// Stored; not used.
    open var autoreverses: Bool { get { values.autoreverses } set { values.autoreverses = newValue } }
    /// Stored; not used.
    open var fillMode: CAMediaTimingFillMode { get { values.fillMode } set { values.fillMode = newValue } }

    /// The values of this cell and its sub-cells now (sub-cells deeper than `depth` are cut: a
    /// cell that lists itself must not recurse for ever).
    package func snapshot(depth: Int = EmitterLayerState.maximumCellDepth) -> EmitterCellState {
        var v = values
        v.subcells = depth > 1 ? (_emitterCells ?? []).map { $0.snapshot(depth: depth - 1) } : []
        return v
    }
}
