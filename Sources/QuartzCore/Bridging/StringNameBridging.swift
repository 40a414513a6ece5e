import Foundation

/// Lets a string-backed name type (`CALayerContentsGravity`, `CAMediaTimingFillMode`…) bridge
/// to `NSString` as Apple's `NS_TYPED_ENUM` types do, so `layer.value(forKey: "contentsGravity")`
/// casts with `as? String` and `as? CALayerContentsGravity` alike.
///
/// An implementation detail (Apple has no such protocol); public only because the bridging
/// requirements it implements are.
public protocol _StrataStringNameBridging: _ObjectiveCBridgeable where _ObjectiveCType == NSString {
    /// The name.
    var rawValue: String { get }
    /// A value of the name `rawValue`.
    init(rawValue: String)
}

extension _StrataStringNameBridging {
    /// The name as an `NSString`.
    public func _bridgeToObjectiveC() -> NSString { NSString(string: rawValue) }
    /// The value named by `source`.
    public static func _forceBridgeFromObjectiveC(_ source: NSString, result: inout Self?) {
        result = Self(rawValue: String(source))
    }
    /// The value named by `source` (always succeeds: any string is a name).
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSString, result: inout Self?) -> Bool {
        result = Self(rawValue: String(source))
        return true
    }
    /// The value named by `source`; the empty name for nil.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSString?) -> Self {
        Self(rawValue: source.map { String($0) } ?? "")
    }
}

extension CALayerContentsGravity: _StrataStringNameBridging {}
extension CALayerContentsFilter: _StrataStringNameBridging {}
extension CAMediaTimingFillMode: _StrataStringNameBridging {}
extension CAMediaTimingFunctionName: _StrataStringNameBridging {}
extension CALayerCornerCurve: _StrataStringNameBridging {}
extension CALayerContentsFormat: _StrataStringNameBridging {}
