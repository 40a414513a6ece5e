import Foundation

/// Conversions from key-value-coding values (Swift values or `NSNumber`, as Apple code passes
/// them) to the typed layer properties. Each returns nil when the value has the wrong type.
package enum KVCValue {
    package static func double(_ v: Any?) -> Double? {
        switch v {
        case let d as Double: return d
        case let f as Float: return Double(f)
        case let c as CGFloat: return Double(c)
        case let i as Int: return Double(i)
        case let i as Int32: return Double(i)
        case let i as UInt: return Double(i)
        case let b as Bool: return b ? 1 : 0
        case let n as NSNumber: return n.doubleValue
        default: return nil
        }
    }
    package static func cgFloat(_ v: Any?) -> CGFloat? { double(v).map { CGFloat($0) } }
    package static func float(_ v: Any?) -> Float? { double(v).map { Float($0) } }
    package static func bool(_ v: Any?) -> Bool? {
        if let b = v as? Bool { return b }
        return double(v).map { $0 != 0 }
    }
    package static func point(_ v: Any?) -> CGPoint? { v as? CGPoint }
    package static func size(_ v: Any?) -> CGSize? { v as? CGSize }
    package static func rect(_ v: Any?) -> CGRect? { v as? CGRect }
    package static func transform(_ v: Any?) -> CATransform3D? { v as? CATransform3D }
    package static func color(_ v: Any?) -> CGColor? {
        guard let v else { return nil }
        // `as? CGColor` on a class type is always a plain cast.
        return v as? CGColor
    }
    package static func cornerMask(_ v: Any?) -> CACornerMask? {
        if let m = v as? CACornerMask { return m }
        return double(v).map { CACornerMask(rawValue: UInt(max(0, $0))) }
    }
    package static func gravity(_ v: Any?) -> CALayerContentsGravity? {
        if let g = v as? CALayerContentsGravity { return g }
        return (v as? String).map(CALayerContentsGravity.init(rawValue:))
    }
    package static func filter(_ v: Any?) -> CALayerContentsFilter? {
        if let g = v as? CALayerContentsFilter { return g }
        return (v as? String).map(CALayerContentsFilter.init(rawValue:))
    }
}
