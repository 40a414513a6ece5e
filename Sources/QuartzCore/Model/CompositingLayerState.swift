import Foundation

/// The `CALayer` properties of compositing and dynamic range that every layer has: the
/// compositing filter (drawn), and Apple's newer HDR and scaling properties (stored, no effect).
/// Kept as one value beside the layer kinds' so the common table stays as it was.
package struct CompositingLayerState: LayerKindState, @unchecked Sendable {
    package static let propertyKeys: [String] = [
        "compositingFilter", "wantsExtendedDynamicRangeContent", "toneMapMode", "contentsHeadroom",
        "wantsDynamicContentScaling", "preferredDynamicRange",
    ]

    /// What `compositingFilter` was set to (a name, or whatever object the caller gave).
    package var compositingFilter: Any? = nil
    /// The Raster blend mode the filter names, when it names one.
    package var blendMode: CompositingBlendMode? = nil
    package var wantsExtendedDynamicRangeContent = false
    package var toneMapMode = "automatic"
    package var contentsHeadroom: CGFloat = 0
    package var wantsDynamicContentScaling = false
    package var preferredDynamicRange = "automatic"

    package init() {}

    package func propertyValue(forKey key: String) -> Any?? {
        switch key {
        case "compositingFilter": return .some(compositingFilter)
        case "wantsExtendedDynamicRangeContent": return .some(wantsExtendedDynamicRangeContent)
        case "toneMapMode": return .some(toneMapMode)
        case "contentsHeadroom": return .some(contentsHeadroom)
        case "wantsDynamicContentScaling": return .some(wantsDynamicContentScaling)
        case "preferredDynamicRange": return .some(preferredDynamicRange)
        default: return nil
        }
    }

    package mutating func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "compositingFilter":
            compositingFilter = value
            blendMode = CompositingBlendMode(filter: value)
        case "wantsExtendedDynamicRangeContent": guard let v = KVCValue.bool(value) else { return false }; wantsExtendedDynamicRangeContent = v
        case "toneMapMode":
            if let m = value as? CALayer.ToneMapMode { toneMapMode = m.rawValue }
            else if let s = value as? String { toneMapMode = s } else { return false }
        case "contentsHeadroom":
            guard let v = KVCValue.cgFloat(value), v.isFinite else { return false }
            contentsHeadroom = v
        case "wantsDynamicContentScaling": guard let v = KVCValue.bool(value) else { return false }; wantsDynamicContentScaling = v
        case "preferredDynamicRange":
            if let m = value as? CALayer.DynamicRange { preferredDynamicRange = m.rawValue }
            else if let s = value as? String { preferredDynamicRange = s } else { return false }
        default: return false
        }
        return true
    }
}
