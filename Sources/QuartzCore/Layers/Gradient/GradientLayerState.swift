import Foundation

/// The properties `CAGradientLayer` adds to `CALayer`, with Apple's defaults.
package struct GradientLayerState: LayerKindState, @unchecked Sendable {
    package static let propertyKeys: [String] = []
    package init() {}
    package func propertyValue(forKey key: String) -> Any?? { nil }
    package mutating func setPropertyValue(_ value: Any?, forKey key: String) -> Bool { false }
}
