import Foundation

// CGPoint, CGSize, CGRect, CGVector and CGAffineTransform bridge to `NSValue` as on Apple
// platforms: `point as? NSValue`, `value as? CGPoint` and `[NSValue] as? [CGPoint]` work, and a
// box of another type does not cast (nil).

extension CGPoint: @retroactive _ObjectiveCBridgeable {
    /// The point boxed.
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgPoint: self) }
    /// The boxed point (zero when the box holds something else).
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) { result = source.cgPointValue }
    /// The boxed point, when the box holds a point.
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) -> Bool {
        guard source.holds(.point) else { return false }
        result = source.pointValue
        return true
    }
    /// The boxed point; zero for nil.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGPoint { source?.cgPointValue ?? .zero }
}

extension CGSize: @retroactive _ObjectiveCBridgeable {
    /// The size boxed.
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgSize: self) }
    /// The boxed size (zero when the box holds something else).
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) { result = source.cgSizeValue }
    /// The boxed size, when the box holds a size.
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) -> Bool {
        guard source.holds(.size) else { return false }
        result = source.sizeValue
        return true
    }
    /// The boxed size; zero for nil.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGSize { source?.cgSizeValue ?? .zero }
}

extension CGRect: @retroactive _ObjectiveCBridgeable {
    /// The rectangle boxed.
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgRect: self) }
    /// The boxed rectangle (zero when the box holds something else).
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) { result = source.cgRectValue }
    /// The boxed rectangle, when the box holds a rectangle.
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) -> Bool {
        guard source.holds(.rect) else { return false }
        result = source.rectValue
        return true
    }
    /// The boxed rectangle; zero for nil.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGRect { source?.cgRectValue ?? .zero }
}

extension CGVector: _ObjectiveCBridgeable {
    /// The vector boxed.
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgVector: self) }
    /// The boxed vector (zero when the box holds something else).
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGVector?) { result = source.cgVectorValue }
    /// The boxed vector, when the box holds a vector.
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGVector?) -> Bool {
        guard let d = source.doubles(count: 2) else { return false }
        result = CGVector(dx: d[0], dy: d[1])
        return true
    }
    /// The boxed vector; zero for nil.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGVector { source?.cgVectorValue ?? .zero }
}

extension CGAffineTransform: _ObjectiveCBridgeable {
    /// The transform boxed.
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgAffineTransform: self) }
    /// The boxed transform (all zero when the box holds something else).
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGAffineTransform?) {
        result = source.cgAffineTransformValue
    }
    /// The boxed transform, when the box holds one.
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGAffineTransform?) -> Bool {
        guard source.doubles(count: 6) != nil else { return false }
        result = source.cgAffineTransformValue
        return true
    }
    /// The boxed transform; all zero for nil.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGAffineTransform {
        source?.cgAffineTransformValue ?? CGAffineTransform()
    }
}
