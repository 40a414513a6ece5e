import Foundation

/// NSSecureCoding of animations.
extension CAAnimation {
    /// Writes the animation into `coder`.
    package func encodeAnimation(with coder: NSCoder) {}

    /// Reads an animation written by `encodeAnimation(with:)`.
    package func decodeAnimation(from coder: NSCoder) {}
}
