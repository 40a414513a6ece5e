import QuartzCore

/// Where `strata gallery` puts its items: a grid of equal cells filling the window, each an
/// exhibit above its name label, with a status line along the bottom of the window.
///
/// Strata extension (no Apple counterpart). Tests compute click positions from it.
public struct GalleryLayout: Sendable {
    /// The window size the grid fills.
    public let size: CGSize
    /// How many items are laid out.
    public let count: Int
    /// Columns and rows of the grid (at least 1 each).
    public let columns: Int
    public let rows: Int

    /// Space between cells and around the grid, in points.
    public static let spacing: CGFloat = 8
    /// The height of each cell's name label.
    public static let labelHeight: CGFloat = 18
    /// The height of the status line at the bottom of the window.
    public static let statusHeight: CGFloat = 20

    /// The grid for `count` items in a window of `size`: as many columns as keep the cells
    /// roughly as wide as they are tall.
    public init(count: Int, size: CGSize) {
        self.size = size
        self.count = max(0, count)
        let n = max(1, self.count)
        let aspect = max(0.1, min(10, Double(size.width) / Double(max(1, size.height - Self.statusHeight))))
        let cols = max(1, min(n, Int((Double(n) * aspect).squareRoot().rounded(.up))))
        columns = cols
        rows = (n + cols - 1) / cols
    }

    /// The frame of cell `index` (row-major from the top-left) in window coordinates.
    public func cellFrame(_ index: Int) -> CGRect {
        let s = Self.spacing
        let w = max(1, (size.width - s * CGFloat(columns + 1)) / CGFloat(columns))
        let h = max(1, (size.height - Self.statusHeight - s * CGFloat(rows + 1)) / CGFloat(rows))
        let c = index % columns, r = index / columns
        return CGRect(x: s + CGFloat(c) * (w + s), y: s + CGFloat(r) * (h + s), width: w, height: h)
    }

    /// The size of an exhibit in its cell (the cell above its label).
    public var exhibitSize: CGSize {
        let f = cellFrame(0)
        return CGSize(width: f.width, height: max(1, f.height - Self.labelHeight))
    }

    /// The exhibit's frame of cell `index`, in window coordinates.
    public func exhibitFrame(_ index: Int) -> CGRect {
        let f = cellFrame(index)
        return CGRect(origin: f.origin, size: exhibitSize)
    }

    /// The frame of the status line, in window coordinates.
    public var statusFrame: CGRect {
        CGRect(x: Self.spacing, y: size.height - Self.statusHeight, width: max(1, size.width - 2 * Self.spacing),
               height: Self.statusHeight)
    }

    /// The point to click on item `index`: the middle of its exhibit.
    public func clickPoint(_ index: Int) -> CGPoint {
        let f = exhibitFrame(index)
        return CGPoint(x: f.midX, y: f.midY)
    }
}
