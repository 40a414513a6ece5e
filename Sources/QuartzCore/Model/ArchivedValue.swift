import Foundation

/// Turns the values layers and animations hold into objects `NSKeyedArchiver` can write with
/// secure coding, and back.
///
/// Numbers, booleans and names become `NSNumber`/`NSString`, geometry and transforms `NSValue`
/// (as key-value coding hands them out); a `CGColor` becomes its space name and components, a
/// `CGPath` its elements, a `CGImage` its PNG bytes; arrays element by element. Anything else
/// (closures, arbitrary Swift objects) is not archived: `encode` gives nil for it.
package enum ArchivedValue {
    /// The classes an archive of layer or animation values may contain.
    package static let classes: [AnyClass] = [NSNumber.self, NSValue.self, NSString.self, NSArray.self,
                                              NSDictionary.self, NSData.self]

    private static let colorSpaceKey = "strata.color.space"
    private static let colorComponentsKey = "strata.color.components"
    private static let pathKey = "strata.path"
    private static let imageKey = "strata.image.png"

    package static func encode(_ value: Any?) -> Any? {
        guard let value else { return nil }
        if let color = value as? CGColor {
            guard let name = color.colorSpace?.name, let c = color.components else { return nil }
            return NSDictionary(dictionary: [colorSpaceKey: NSString(string: name),
                                             colorComponentsKey: NSArray(array: c.map { NSNumber(value: Double($0)) })])
        }
        if let path = value as? CGPath {
            var flat: [NSNumber] = []
            for e in path.elements {
                flat.append(NSNumber(value: e.type.rawValue))
                for p in e.points { flat.append(NSNumber(value: Double(p.x))); flat.append(NSNumber(value: Double(p.y))) }
            }
            return NSDictionary(dictionary: [pathKey: NSArray(array: flat)])
        }
        if let image = value as? CGImage {
            guard let png = try? image.pngData() else { return nil }
            return NSDictionary(dictionary: [imageKey: NSData(data: png)])
        }
        if let array = value as? [Any], !(value is NSValue) {
            let encoded = array.map { encode($0) }
            guard encoded.allSatisfy({ $0 != nil }) else { return nil }
            return NSArray(array: encoded.map { $0! })
        }
        let boxed = KVCBoxing.box(value)
        if boxed is NSNumber || boxed is NSValue || boxed is NSString { return boxed }
        if let s = boxed as? String { return NSString(string: s) }
        return nil
    }

    package static func decode(_ object: Any?) -> Any? {
        guard let object else { return nil }
        if let d = object as? NSDictionary {
            if let name = d[colorSpaceKey] as? String, let c = d[colorComponentsKey] as? [NSNumber],
               let space = CGColorSpace(name: name), c.count == space.numberOfComponents + 1 {
                let values = c.map { CGFloat($0.doubleValue) }
                return values.withUnsafeBufferPointer { CGColor(colorSpace: space, components: $0.baseAddress!) }
            }
            if let flat = d[pathKey] as? [NSNumber] { return decodePath(flat.map(\.doubleValue)) }
            if let png = d[imageKey] as? Data { return try? CGImage(pngData: png) }
            return nil
        }
        if object is NSNumber || object is NSValue { return object }
        if let s = object as? NSString { return String(s) }
        if let array = object as? NSArray { return array.map { decode($0) ?? NSNull() } }
        return nil
    }

    private static func decodePath(_ flat: [Double]) -> CGPath? {
        var elements: [CGPath.Element] = []
        var i = 0
        func point() -> CGPoint? {
            guard i + 1 < flat.count else { return nil }
            defer { i += 2 }
            return CGPoint(x: flat[i], y: flat[i + 1])
        }
        while i < flat.count {
            guard let type = CGPathElementType(rawValue: Int32(flat[i])) else { return nil }
            i += 1
            switch type {
            case .moveToPoint: guard let p = point() else { return nil }; elements.append(.move(to: p))
            case .addLineToPoint: guard let p = point() else { return nil }; elements.append(.line(to: p))
            case .addQuadCurveToPoint:
                guard let c = point(), let p = point() else { return nil }
                elements.append(.quadCurve(to: p, control: c))
            case .addCurveToPoint:
                guard let c1 = point(), let c2 = point(), let p = point() else { return nil }
                elements.append(.curve(to: p, control1: c1, control2: c2))
            case .closeSubpath: elements.append(.closeSubpath)
            }
        }
        return CGPath(elements: elements)
    }
}
