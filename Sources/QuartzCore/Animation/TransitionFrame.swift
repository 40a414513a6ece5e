/// How to draw the two contents of a transition at one moment: opacities and offsets in units
/// of the layer's bounds size (x right, y down), and for the 3D types how each content turns.
package struct TransitionFrame: Equatable, Sendable {
    package var oldOpacity: Double
    package var newOpacity: Double
    package var oldOffset: CGPoint
    package var newOffset: CGPoint
    /// Whether the new content is drawn above the old.
    package var newOnTop: Bool
    /// How the contents move beyond sliding and fading.
    package var motion: Motion = .slide

    /// The 3D motions of Core Animation's private transition types.
    package enum Motion: Equatable, Sendable {
        /// Offsets and opacities only (fade, moveIn, push, reveal).
        case slide
        /// Each content turned by its angle (radians) about the layer's centre line: the vertical
        /// one when `vertical` is false (turning left/right), else the horizontal one; a content
        /// whose angle is nil is not drawn.
        case flip(vertical: Bool, old: Double?, new: Double?)
        /// Two faces of a cube behind the layer turning about its centre axis by `angle`
        /// (the new face a quarter turn further).
        case cube(vertical: Bool, old: Double, new: Double)
        /// One content drawn as a page curled off `edge` by `amount` (0 flat … 1 gone) over
        /// the other, drawn flat; `curledIsNew` for `pageUnCurl`.
        case curl(edge: Edge, amount: Double, curledIsNew: Bool)
    }

    /// The layer edge a motion starts from.
    package enum Edge: Equatable, Sendable { case left, right, top, bottom }
}
