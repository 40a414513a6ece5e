/// How overlapping subpaths decide what is inside, with Apple's raw values.
public enum CGPathFillRule: Int, Sendable {
    /// Inside where the winding number is not zero.
    case winding = 0
    /// Inside where the winding number is odd.
    case evenOdd = 1
}
