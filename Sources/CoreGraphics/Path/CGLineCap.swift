/// How the ends of stroked open subpaths are drawn, with Apple's raw values.
public enum CGLineCap: Int32, Sendable {
    /// The stroke ends exactly at the end point.
    case butt = 0
    /// A half disc of the line width's diameter around the end point.
    case round = 1
    /// The stroke extends half the line width beyond the end point.
    case square = 2
}
