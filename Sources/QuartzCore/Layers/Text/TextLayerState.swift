import Foundation

/// The properties `CATextLayer` adds to `CALayer`, with Apple's defaults.
package struct TextLayerState: LayerKindState, @unchecked Sendable {
    package static let propertyKeys = ["string", "font", "fontSize", "foregroundColor", "wrapped",
                                       "truncationMode", "alignmentMode", "allowsFontSubpixelQuantization"]
    package static let animatableKeys: Set<String> = ["fontSize", "foregroundColor"]
    package static let colorKeys: Set<String> = ["foregroundColor"]

    /// A `String` or an immutable `NSAttributedString` (copied when set), or nil.
    package var string: Any? = nil
    /// A font name (`String`/`NSString`), `CGFont` or `CTFont`.
    package var font: AnyObject? = NSString(string: FontLibrary.defaultFamily)
    package var fontSize: CGFloat = 36
    package var foregroundColor: CGColor? = CGColor.white
    package var isWrapped = false
    package var truncationMode: CATextLayerTruncationMode = .none
    package var alignmentMode: CATextLayerAlignmentMode = .natural
    package var allowsFontSubpixelQuantization = false

    package init() {}

    package func propertyValue(forKey key: String) -> Any?? {
        switch key {
        case "string": return .some(string)
        case "font": return .some(font as Any?)
        case "fontSize": return .some(fontSize)
        case "foregroundColor": return .some(foregroundColor as Any?)
        case "wrapped", "isWrapped": return .some(isWrapped)
        case "truncationMode": return .some(truncationMode)
        case "alignmentMode": return .some(alignmentMode)
        case "allowsFontSubpixelQuantization": return .some(allowsFontSubpixelQuantization)
        default: return nil
        }
    }

    package mutating func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "string":
            guard let v = Self.stringValue(value) else { return false }
            string = v
        case "font":
            switch value {
            case nil: font = nil
            case let s as String: font = NSString(string: s)
            case let s as NSString: font = s
            case let f as CGFont: font = f
            case let f as CTFont: font = f
            default: return false
            }
        case "fontSize":
            guard let d = KVCValue.double(value), !(value is Bool) else { return false }
            fontSize = CGFloat(d)
        case "foregroundColor":
            if value == nil { foregroundColor = nil } else if let c = value as? CGColor { foregroundColor = c } else { return false }
        case "wrapped", "isWrapped":
            guard let b = value as? Bool else { return false }
            isWrapped = b
        case "truncationMode":
            if let m = value as? CATextLayerTruncationMode { truncationMode = m }
            else if let s = value as? String { truncationMode = CATextLayerTruncationMode(rawValue: s) }
            else { return false }
        case "alignmentMode":
            if let m = value as? CATextLayerAlignmentMode { alignmentMode = m }
            else if let s = value as? String { alignmentMode = CATextLayerAlignmentMode(rawValue: s) }
            else { return false }
        case "allowsFontSubpixelQuantization":
            guard let b = value as? Bool else { return false }
            allowsFontSubpixelQuantization = b
        default: return false
        }
        return true
    }

    /// A value `string` accepts: nil, a `String`/`NSString`, or an `NSAttributedString` (copied,
    /// so later edits of a mutable one do not change the layer, as Apple's `copy` property).
    /// Double optional: nil when the value does not fit.
    static func stringValue(_ value: Any?) -> Any?? {
        switch value {
        case nil: return .some(nil)
        case let s as String: return .some(s)
        // `copy()` keeps an immutable string as it is: Foundation on Linux never frees an
        // attributed string's attribute storage, so a copy per set would stay for good.
        case let a as NSAttributedString: return .some(a.copy() as? NSAttributedString ?? NSAttributedString(attributedString: a))
        case let s as NSString: return .some(String(s))
        default: return nil
        }
    }
}
