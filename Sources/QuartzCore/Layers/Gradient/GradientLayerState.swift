import Foundation

/// The properties `CAGradientLayer` adds to `CALayer`, with Apple's defaults.
///
/// `colors` is stored as given (`[Any]`, meant to hold `CGColor`s); drawing skips what is not a
/// colour. Non-finite points or locations are refused (`setPropertyValue` returns false).
package struct GradientLayerState: LayerKindState, @unchecked Sendable {
    package static let propertyKeys: [String] = ["colors", "locations", "startPoint", "endPoint", "type"]
    package static let animatableKeys: Set<String> = ["colors", "locations", "startPoint", "endPoint"]

    package var colors: [Any]? = nil
    package var locations: [NSNumber]? = nil
    package var startPoint = CGPoint(x: 0.5, y: 0)
    package var endPoint = CGPoint(x: 0.5, y: 1)
    package var type: CAGradientLayerType = .axial

    package init() {}

    package func propertyValue(forKey key: String) -> Any?? {
        switch key {
        case "colors": return .some(colors as Any?)
        case "locations": return .some(locations as Any?)
        case "startPoint": return .some(startPoint as Any?)
        case "endPoint": return .some(endPoint as Any?)
        case "type": return .some(type as Any?)
        default: return nil
        }
    }

    package mutating func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "colors":
            guard let value else { colors = nil; return true }
            guard let array = value as? [Any] else { return false }
            colors = array
        case "locations":
            guard let value else { locations = nil; return true }
            guard let numbers = ShapeLayerState.numbers(value), numbers.allSatisfy({ $0.doubleValue.isFinite }) else { return false }
            locations = numbers
        case "startPoint":
            guard let p = Self.point(value) else { return false }
            startPoint = p
        case "endPoint":
            guard let p = Self.point(value) else { return false }
            endPoint = p
        case "type":
            if let t = value as? CAGradientLayerType { type = t }
            else if let s = value as? String { type = CAGradientLayerType(rawValue: s) }
            else { return false }
        default: return false
        }
        return true
    }

    /// A finite point, bare or in an `NSValue`.
    private static func point(_ value: Any?) -> CGPoint? {
        var p = KVCValue.point(value)
        if p == nil, let v = value as? NSValue, String(cString: v.objCType).hasPrefix("{CGPoint") { p = v.pointValue }
        guard let p, p.x.isFinite, p.y.isFinite else { return nil }
        return p
    }

    /// The colours of `colors` that are `CGColor`s, in order.
    var cgColors: [CGColor] { (colors ?? []).compactMap { KVCValue.color($0) } }
}
