import Foundation

/// `NSValue(caTransform3D:)` and `caTransform3DValue`, as QuartzCore adds them on Apple platforms.
///
/// Linux Foundation cannot box structs, so the box holds the sixteen entries as an array of
/// doubles: its `objCType` is `[16d]` where Apple's is `{CATransform3D=dddddddddddddddd}`.
extension NSValue {
    /// A box holding `transform`.
    public convenience init(caTransform3D transform: CATransform3D) {
        self.init(doubles: transform.entries.map(Double.init))
    }

    /// The boxed transform; the all-zero transform (and a diagnostic) when the box holds
    /// something else (Apple's result is undefined then).
    public var caTransform3DValue: CATransform3D {
        guard let d = doubles(count: 16) else {
            StrataDiagnostics.report("NSValue holding \(String(cString: objCType)) read as CATransform3D; gives zero")
            return CATransform3D()
        }
        return CATransform3D(entries: d.map { CGFloat($0) })
    }
}

/// `CATransform3D` bridges to `NSValue` as on Apple platforms: `transform as? NSValue` and
/// `value as? CATransform3D` work.
extension CATransform3D: _ObjectiveCBridgeable {
    /// The transform boxed.
    public func _bridgeToObjectiveC() -> NSValue { NSValue(caTransform3D: self) }
    /// The boxed transform (all zero when the box holds something else).
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CATransform3D?) {
        result = source.caTransform3DValue
    }
    /// The boxed transform, when the box holds one.
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CATransform3D?) -> Bool {
        guard let d = source.doubles(count: 16) else { return false }
        result = CATransform3D(entries: d.map { CGFloat($0) })
        return true
    }
    /// The boxed transform; all zero for nil.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CATransform3D {
        source?.caTransform3DValue ?? CATransform3D()
    }
}
