import Foundation

/// What key-value coding hands out, as on Apple: scalars as `NSNumber`, geometry structs as
/// `NSValue`, names as `NSString`; objects and arbitrary stored values as they are.
///
/// With the bridging conformances (CoreGraphics' and `CATransform3D+NSValue.swift`) each form
/// casts as on Apple: `as? NSNumber`, `as? Double`, `as? CGFloat`, `as? Float`, `as? CGPoint`,
/// `as? NSValue`, `as? CATransform3D`.
package enum KVCBoxing {
    package static func box(_ value: Any?) -> Any? {
        guard let value else { return nil }
        // Exact types first: a failed bridging cast chain is expensive on Linux.
        let t = type(of: value)
        if t == CGFloat.self { return NSNumber(value: Double(value as! CGFloat)) }
        if t == Double.self { return NSNumber(value: value as! Double) }
        if t == Float.self { return NSNumber(value: value as! Float) }
        if t == Bool.self { return NSNumber(value: value as! Bool) }
        if t == Int.self { return NSNumber(value: value as! Int) }
        if t == CGPoint.self { return NSValue(cgPoint: value as! CGPoint) }
        if t == CGSize.self { return NSValue(cgSize: value as! CGSize) }
        if t == CGRect.self { return NSValue(cgRect: value as! CGRect) }
        if t == CATransform3D.self { return NSValue(caTransform3D: value as! CATransform3D) }
        if t == CGAffineTransform.self { return NSValue(cgAffineTransform: value as! CGAffineTransform) }
        if t == CGVector.self { return NSValue(cgVector: value as! CGVector) }
        if t == CACornerMask.self { return NSNumber(value: (value as! CACornerMask).rawValue) }
        if t == CAEdgeAntialiasingMask.self { return NSNumber(value: (value as! CAEdgeAntialiasingMask).rawValue) }
        if let name = value as? any _StrataStringNameBridging { return NSString(string: name.rawValue) }
        return value
    }
}
