import Foundation

/// `CGFloat` bridges to `NSNumber` as on Apple platforms, so `number as? CGFloat` and
/// `cgFloat as? NSNumber` work (Linux Foundation bridges `Double` and `Float`, not `CGFloat`).
extension CGFloat: @retroactive _ObjectiveCBridgeable {
    /// The number as an `NSNumber` holding a `Double`.
    public func _bridgeToObjectiveC() -> NSNumber { NSNumber(value: Double(self)) }

    /// The number's `Double` value.
    public static func _forceBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) {
        result = CGFloat(source.doubleValue)
    }

    /// Always succeeds, as Apple's (a `CGFloat` is a `Double` on 64-bit platforms).
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) -> Bool {
        result = CGFloat(source.doubleValue)
        return true
    }

    /// The number's `Double` value; 0 for nil.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSNumber?) -> CGFloat {
        CGFloat(source?.doubleValue ?? 0)
    }
}
