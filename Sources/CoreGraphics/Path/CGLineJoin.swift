/// How stroked segments meet at a corner, with Apple's raw values.
public enum CGLineJoin: Int32, Sendable {
    /// The outer edges are extended until they meet, unless the miter limit turns it into a bevel.
    case miter = 0
    /// A disc sector around the corner.
    case round = 1
    /// A straight edge across the corner.
    case bevel = 2
}
