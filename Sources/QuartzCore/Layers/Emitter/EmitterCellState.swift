import Foundation

/// The values of one `CAEmitterCell` (and, recursively, its sub-cells), frozen when the cells
/// are given to a layer: what the particle simulation reads on the render thread.
package struct EmitterCellState: @unchecked Sendable {
    package var name: String? = nil
    package var isEnabled = true
    package var birthRate: Float = 0
    package var lifetime: Float = 0
    package var lifetimeRange: Float = 0
    package var emissionLatitude: CGFloat = 0
    package var emissionLongitude: CGFloat = 0
    package var emissionRange: CGFloat = 0
    package var velocity: CGFloat = 0
    package var velocityRange: CGFloat = 0
    package var xAcceleration: CGFloat = 0
    package var yAcceleration: CGFloat = 0
    package var zAcceleration: CGFloat = 0
    package var scale: CGFloat = 1
    package var scaleRange: CGFloat = 0
    package var scaleSpeed: CGFloat = 0
    package var spin: CGFloat = 0
    package var spinRange: CGFloat = 0
    package var color: CGColor? = CGColor.white
    package var redRange: Float = 0
    package var greenRange: Float = 0
    package var blueRange: Float = 0
    package var alphaRange: Float = 0
    package var redSpeed: Float = 0
    package var greenSpeed: Float = 0
    package var blueSpeed: Float = 0
    package var alphaSpeed: Float = 0
    package var contents: Any? = nil
    package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsScale: CGFloat = 1
    package var minificationFilter: CALayerContentsFilter = .linear
    package var magnificationFilter: CALayerContentsFilter = .linear
    package var minificationFilterBias: Float = 0
    package var style: [AnyHashable: Any]? = nil
    // CAMediaTiming
    package var beginTime: CFTimeInterval = 0
    package var duration: CFTimeInterval = 0
    package var speed: Float = 1
    package var timeOffset: CFTimeInterval = 0
    package var repeatCount: Float = 0
    package var repeatDuration: CFTimeInterval = 0
    package var autoreverses = false
    package var fillMode: CAMediaTimingFillMode = .removed
    /// The sub-cells' values (each particle of this cell emits them).
    package var subcells: [EmitterCellState] = []

    package init() {}

    /// Whether every coordinate of `r` is finite (what a rect property accepts).
    package static func isFinite(_ r: CGRect) -> Bool {
        r.origin.x.isFinite && r.origin.y.isFinite && r.width.isFinite && r.height.isFinite
    }

    nonisolated(unsafe) private static let floats: [String: WritableKeyPath<EmitterCellState, Float>] = [
        "birthRate": \.birthRate, "lifetime": \.lifetime, "lifetimeRange": \.lifetimeRange,
        "redRange": \.redRange, "greenRange": \.greenRange, "blueRange": \.blueRange, "alphaRange": \.alphaRange,
        "redSpeed": \.redSpeed, "greenSpeed": \.greenSpeed, "blueSpeed": \.blueSpeed, "alphaSpeed": \.alphaSpeed,
        "minificationFilterBias": \.minificationFilterBias, "speed": \.speed, "repeatCount": \.repeatCount,
    ]
    nonisolated(unsafe) private static let cgFloats: [String: WritableKeyPath<EmitterCellState, CGFloat>] = [
        "emissionLatitude": \.emissionLatitude, "emissionLongitude": \.emissionLongitude, "emissionRange": \.emissionRange,
        "velocity": \.velocity, "velocityRange": \.velocityRange, "xAcceleration": \.xAcceleration,
        "yAcceleration": \.yAcceleration, "zAcceleration": \.zAcceleration, "scale": \.scale, "scaleRange": \.scaleRange,
        "scaleSpeed": \.scaleSpeed, "spin": \.spin, "spinRange": \.spinRange, "contentsScale": \.contentsScale,
    ]
    nonisolated(unsafe) private static let doubles: [String: WritableKeyPath<EmitterCellState, Double>] = [
        "beginTime": \.beginTime, "duration": \.duration, "timeOffset": \.timeOffset, "repeatDuration": \.repeatDuration,
    ]

    /// Every key `propertyValue(forKey:)` knows, in a fixed order (what a cell archives).
    package static let propertyKeys: [String] = floats.keys.sorted() + cgFloats.keys.sorted() + doubles.keys.sorted()
        + ["name", "enabled", "color", "contents", "contentsRect", "minificationFilter", "magnificationFilter",
           "autoreverses", "fillMode"]

    /// The value of a KVC key (Apple's names: "enabled", "birthRate", …), nil when not a key.
    package func propertyValue(forKey key: String) -> Any?? {
        if let k = Self.floats[key] { return .some(self[keyPath: k]) }
        if let k = Self.cgFloats[key] { return .some(self[keyPath: k]) }
        if let k = Self.doubles[key] { return .some(self[keyPath: k]) }
        switch key {
        case "name": return .some(name as Any?)
        case "enabled": return .some(isEnabled)
        case "color": return .some(color as Any?)
        case "contents": return .some(contents)
        case "contentsRect": return .some(contentsRect)
        case "minificationFilter": return .some(minificationFilter.rawValue)
        case "magnificationFilter": return .some(magnificationFilter.rawValue)
        case "style": return .some(style as Any?)
        case "autoreverses": return .some(autoreverses)
        case "fillMode": return .some(fillMode)
        default: return nil
        }
    }

    /// Sets a KVC key; false when it is not a key or the value does not fit (non-finite numbers
    /// do not fit).
    package mutating func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        // repeatCount, duration and repeatDuration may be infinite (for ever), never NaN.
        if let k = Self.floats[key] { guard let v = KVCValue.float(value), v.isFinite || key == "repeatCount" && !v.isNaN else { return false }; self[keyPath: k] = v; return true }
        if let k = Self.cgFloats[key] { guard let v = KVCValue.cgFloat(value), v.isFinite else { return false }; self[keyPath: k] = v; return true }
        if let k = Self.doubles[key] { guard let v = KVCValue.double(value), v.isFinite || (key == "duration" || key == "repeatDuration") && !v.isNaN else { return false }; self[keyPath: k] = v; return true }
        switch key {
        case "name": guard value == nil || value is String else { return false }; name = value as? String
        case "enabled": guard let v = KVCValue.bool(value) else { return false }; isEnabled = v
        case "color": guard value == nil || KVCValue.color(value) != nil else { return false }; color = KVCValue.color(value)
        case "contents": contents = value
        case "contentsRect": guard let v = KVCValue.rect(value), Self.isFinite(v) else { return false }; contentsRect = v
        case "minificationFilter": guard let v = KVCValue.filter(value) else { return false }; minificationFilter = v
        case "magnificationFilter": guard let v = KVCValue.filter(value) else { return false }; magnificationFilter = v
        case "style": guard value == nil || value is [AnyHashable: Any] else { return false }; style = value as? [AnyHashable: Any]
        case "autoreverses": guard let v = KVCValue.bool(value) else { return false }; autoreverses = v
        case "fillMode":
            if let m = value as? CAMediaTimingFillMode { fillMode = m }
            else if let s = value as? String { fillMode = CAMediaTimingFillMode(rawValue: s) } else { return false }
        default: return false
        }
        return true
    }
}
