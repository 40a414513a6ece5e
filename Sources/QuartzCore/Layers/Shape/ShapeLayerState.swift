import Foundation

/// The properties `CAShapeLayer` adds to `CALayer`, with Apple's defaults.
///
/// Values are stored as given (a negative `strokeEnd`, a `strokeStart` above 1); drawing clamps
/// them. Non-finite numbers and paths with a non-finite point are refused (`setPropertyValue`
/// returns false, so KVC reports them and animations keep the old value).
package struct ShapeLayerState: LayerKindState, @unchecked Sendable {
    package static let propertyKeys: [String] = [
        "path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit",
        "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd",
    ]
    package static let animatableKeys: Set<String> = [
        "path", "fillColor", "strokeColor", "lineWidth", "miterLimit", "lineDashPhase", "strokeStart", "strokeEnd",
    ]
    package static let colorKeys: Set<String> = ["fillColor", "strokeColor"]

    package var path: CGPath? = nil
    package var fillColor: CGColor? = CGColor(gray: 0, alpha: 1)
    package var fillRule: CAShapeLayerFillRule = .nonZero
    package var strokeColor: CGColor? = nil
    package var lineWidth: CGFloat = 1
    package var lineCap: CAShapeLayerLineCap = .butt
    package var lineJoin: CAShapeLayerLineJoin = .miter
    package var miterLimit: CGFloat = 10
    package var lineDashPattern: [NSNumber]? = nil
    package var lineDashPhase: CGFloat = 0
    package var strokeStart: CGFloat = 0
    package var strokeEnd: CGFloat = 1

    package init() {}

    package func propertyValue(forKey key: String) -> Any?? {
        switch key {
        case "path": return .some(path as Any?)
        case "fillColor": return .some(fillColor as Any?)
        case "fillRule": return .some(fillRule as Any?)
        case "strokeColor": return .some(strokeColor as Any?)
        case "lineWidth": return .some(lineWidth as Any?)
        case "lineCap": return .some(lineCap as Any?)
        case "lineJoin": return .some(lineJoin as Any?)
        case "miterLimit": return .some(miterLimit as Any?)
        case "lineDashPattern": return .some(lineDashPattern as Any?)
        case "lineDashPhase": return .some(lineDashPhase as Any?)
        case "strokeStart": return .some(strokeStart as Any?)
        case "strokeEnd": return .some(strokeEnd as Any?)
        default: return nil
        }
    }

    package mutating func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        func finite(_ v: Any?) -> CGFloat? {
            guard let d = KVCValue.cgFloat(v), d.isFinite else { return nil }
            return d
        }
        switch key {
        case "path":
            guard value == nil || value is CGPath else { return false }
            let p = value as? CGPath
            guard p.map(Self.isFinite) ?? true else { return false }
            path = Self.immutable(p)
        case "fillColor": guard value == nil || KVCValue.color(value) != nil else { return false }; fillColor = KVCValue.color(value)
        case "strokeColor": guard value == nil || KVCValue.color(value) != nil else { return false }; strokeColor = KVCValue.color(value)
        case "fillRule":
            if let r = value as? CAShapeLayerFillRule { fillRule = r }
            else if let s = value as? String { fillRule = CAShapeLayerFillRule(rawValue: s) }
            else { return false }
        case "lineCap":
            if let c = value as? CAShapeLayerLineCap { lineCap = c }
            else if let s = value as? String { lineCap = CAShapeLayerLineCap(rawValue: s) }
            else { return false }
        case "lineJoin":
            if let j = value as? CAShapeLayerLineJoin { lineJoin = j }
            else if let s = value as? String { lineJoin = CAShapeLayerLineJoin(rawValue: s) }
            else { return false }
        case "lineDashPattern":
            guard let value else { lineDashPattern = nil; return true }
            guard let numbers = Self.numbers(value) else { return false }
            lineDashPattern = numbers
        case "lineWidth": guard let v = finite(value) else { return false }; lineWidth = v
        case "miterLimit": guard let v = finite(value) else { return false }; miterLimit = v
        case "lineDashPhase": guard let v = finite(value) else { return false }; lineDashPhase = v
        case "strokeStart": guard let v = finite(value) else { return false }; strokeStart = v
        case "strokeEnd": guard let v = finite(value) else { return false }; strokeEnd = v
        default: return false
        }
        return true
    }

    /// Whether every point of `path` is finite.
    package static func isFinite(_ path: CGPath) -> Bool {
        path.elements.allSatisfy { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
    }

    /// `path`, or an immutable copy of it when it is a `CGMutablePath` (a snapshot must never
    /// see a path change after it was set).
    package static func immutable(_ path: CGPath?) -> CGPath? {
        guard let path else { return nil }
        return path is CGMutablePath ? path.copy() : path
    }

    /// An array of numbers (`[NSNumber]`, `[Double]`, `[CGFloat]`, `[Any]` of numbers) as
    /// `[NSNumber]`, or nil when it is something else.
    package static func numbers(_ value: Any) -> [NSNumber]? {
        if let n = value as? [NSNumber], type(of: value) == [NSNumber].self { return n }
        guard let array = value as? [Any] else { return nil }
        var out: [NSNumber] = []
        out.reserveCapacity(array.count)
        for element in array {
            guard let d = KVCValue.double(element) else { return nil }   // an archived 0 or 1 comes back as a Bool
            out.append(NSNumber(value: d))
        }
        return out
    }

    /// The raster fill rule.
    var isEvenOdd: Bool { fillRule == .evenOdd }
}
