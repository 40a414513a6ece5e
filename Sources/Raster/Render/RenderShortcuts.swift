/// The shortcuts the rasteriser takes, as a type parameter rather than a stored mode: the
/// production code always takes every one (`AllShortcuts`, the only conformance in Raster), so
/// its specialisation has neither state nor branch for them. The tests' references
/// (`Tests/RasterTests/Support/References.swift`) run the same code with shortcuts turned off,
/// which defines what each shortcut must reproduce.
protocol RenderShortcuts {
    /// Rounded rectangles may take the similarity and projective fast paths; otherwise every
    /// fill takes the general rows (`FillPath.general` or `.affineRim`).
    static var fastShapes: Bool { get }
    /// The projective path walks rows in from both ends and solves their inner range; otherwise
    /// it computes every pixel's coverage.
    static var projectiveWalk: Bool { get }
    /// The projective path shares columns and rims across a band's rows; otherwise it solves
    /// each row on its own.
    static var projectiveBands: Bool { get }
}

/// Every shortcut: what `execute` and `PreparedCommands` draw with.
enum AllShortcuts: RenderShortcuts {
    static var fastShapes: Bool { true }
    static var projectiveWalk: Bool { true }
    static var projectiveBands: Bool { true }
}
