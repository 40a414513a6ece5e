import QuartzCore

/// The layer tree of `strata gallery`: every `GalleryCatalog` item in a cell of a
/// `GalleryLayout` grid, each with its name label, and a status line naming the last hit.
///
/// Strata extension (no Apple counterpart). Labels are `CATextLayer`s unless the caller passes
/// another maker (tests pass plain boxes, which do not depend on the installed fonts).
public final class Gallery {
    /// Makes a label layer showing a string in a box of the given size.
    public typealias LabelMaker = (String, CGSize) -> CALayer

    /// The root layer (dark background, filling the window).
    public let root: CALayer
    /// The items shown, in cell order.
    public let items: [GalleryItem]
    /// The grid.
    public let layout: GalleryLayout
    /// One cell layer per item, named after it.
    public let cells: [CALayer]
    private let status: CALayer
    private let makeLabel: LabelMaker

    /// Builds the gallery of `items` for a window of `size`, with actions disabled.
    public init(items: [GalleryItem] = GalleryCatalog.all, size: CGSize,
                makeLabel: @escaping LabelMaker = Gallery.textLabel) {
        self.items = items
        self.makeLabel = makeLabel
        layout = GalleryLayout(count: items.count, size: size)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root = CALayer()
        root.name = "gallery"
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = CGColor(red: 0.09, green: 0.09, blue: 0.11, alpha: 1)
        var cells: [CALayer] = []
        for (i, item) in items.enumerated() {
            let cell = CALayer()
            cell.name = item.name
            cell.frame = layout.cellFrame(i)
            cell.backgroundColor = CGColor(red: 0.16, green: 0.16, blue: 0.19, alpha: 1)
            cell.cornerRadius = 6
            cell.masksToBounds = true
            let exhibit = item.make(layout.exhibitSize)
            exhibit.frame = CGRect(origin: .zero, size: layout.exhibitSize)
            cell.addSublayer(exhibit)
            let label = makeLabel(item.name, CGSize(width: cell.bounds.width, height: GalleryLayout.labelHeight))
            label.frame = CGRect(x: 0, y: layout.exhibitSize.height, width: cell.bounds.width, height: GalleryLayout.labelHeight)
            cell.addSublayer(label)
            root.addSublayer(cell)
            cells.append(cell)
        }
        self.cells = cells
        status = CALayer()
        status.frame = layout.statusFrame
        root.addSublayer(status)
        CATransaction.commit()
        showStatus("click an item")
    }

    /// The name of the item whose cell holds the layer hit at `point` (window coordinates) in
    /// the presentation tree (what is on screen), or nil when the point hits no item.
    public func itemName(at point: CGPoint) -> String? {
        let hit = (root.presentation() ?? root).hitTest(point)
        var layer = hit?.model() ?? hit
        while let l = layer {
            if let i = cells.firstIndex(where: { $0 === l }) { return items[i].name }
            layer = l.superlayer
        }
        return nil
    }

    /// A label: `text` in 12-pt DejaVu Sans, light grey, centred in a box of `size`.
    public static func textLabel(_ text: String, _ size: CGSize) -> CALayer {
        let box = CALayer()
        box.bounds = CGRect(origin: .zero, size: size)
        let label = CATextLayer()
        label.string = text
        label.fontSize = 12
        label.foregroundColor = CGColor(red: 0.85, green: 0.85, blue: 0.88, alpha: 1)
        label.alignmentMode = .center
        label.truncationMode = .end
        // One 15-pt line, centred vertically in the box.
        label.frame = CGRect(x: 0, y: max(0, (size.height - 15) / 2), width: size.width, height: min(15, size.height))
        box.addSublayer(label)
        return box
    }

    /// Shows `text` in the status line.
    public func showStatus(_ text: String) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let label = makeLabel(text, status.bounds.size)
        label.frame = status.bounds
        status.sublayers = [label]
        CATransaction.commit()
    }
}
