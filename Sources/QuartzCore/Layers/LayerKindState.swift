import Foundation

/// The properties that one kind of special layer (`CAShapeLayer`, `CAGradientLayer`, …) adds to
/// `CALayer`, as a plain value stored in `LayerState` (so model, snapshot, presentation copies and
/// animations treat them like every other layer property).
package protocol LayerKindState: Sendable {
    /// Apple's KVC keys of this kind's properties, in declaration order.
    static var propertyKeys: [String] { get }
    /// The keys Core Animation animates implicitly on this kind.
    static var animatableKeys: Set<String> { get }
    /// The animatable keys whose values are colours (nil meaning transparent).
    static var colorKeys: Set<String> { get }
    /// The value of `key`, or nil when it is not one of this kind's properties.
    func propertyValue(forKey key: String) -> Any??
    /// Sets `key` from a KVC value; false when it is not this kind's or the value does not fit.
    mutating func setPropertyValue(_ value: Any?, forKey key: String) -> Bool
}

extension LayerKindState {
    package static var animatableKeys: Set<String> { [] }
    package static var colorKeys: Set<String> { [] }
}
