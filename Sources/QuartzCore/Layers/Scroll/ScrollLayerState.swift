import Foundation

/// The properties `CAScrollLayer` adds to `CALayer`, with Apple's defaults.
package struct ScrollLayerState: LayerKindState, @unchecked Sendable {
    package static let propertyKeys: [String] = ["scrollMode"]
    /// The axes the layer scrolls along (Apple's default: both).
    package var scrollMode: CAScrollLayerScrollMode = .both

    package init() {}

    package func propertyValue(forKey key: String) -> Any?? {
        switch key {
        case "scrollMode": return .some(scrollMode as Any?)
        default: return nil
        }
    }

    package mutating func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "scrollMode":
            if let m = value as? CAScrollLayerScrollMode { scrollMode = m }
            else if let s = value as? String { scrollMode = CAScrollLayerScrollMode(rawValue: s) }
            else { return false }
            return true
        default: return false
        }
    }
}
