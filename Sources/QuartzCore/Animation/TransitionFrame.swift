/// How to draw the two contents of a transition at one moment: opacities and offsets in units
/// of the layer's bounds size (x right, y down).
package struct TransitionFrame: Equatable, Sendable {
    package var oldOpacity: Double
    package var newOpacity: Double
    package var oldOffset: CGPoint
    package var newOffset: CGPoint
    /// Whether the new content is drawn above the old.
    package var newOnTop: Bool
}
