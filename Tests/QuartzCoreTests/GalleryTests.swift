import Foundation
import Testing
@testable import QuartzCore
import StrataDemos

/// `strata gallery`'s grid, its hit naming, and its scroll and tiled exhibits rendered at fixed
/// times (goldens checked by eye; tolerance: max channel difference ≤ 3 on ≥ 99.5 % of pixels).
struct GalleryTests {
    /// A label as a grey bar (the window draws text; the layout does not depend on it).
    static func plainLabel(_ text: String, _ size: CGSize) -> CALayer {
        let l = CALayer()
        l.bounds = CGRect(origin: .zero, size: CGSize(width: min(size.width, CGFloat(text.count) * 6), height: 8))
        l.backgroundColor = CGColor(gray: 0.6, alpha: 1)
        return l
    }

    @Test(.manualClock) func layoutNumbers() {
        let two = GalleryLayout(count: 2, size: CGSize(width: 640, height: 480))
        // Aspect 640 / 460: √(2 · 1.39) = 1.67 → 2 columns, 1 row.
        #expect(two.columns == 2 && two.rows == 1)
        #expect(two.cellFrame(0) == CGRect(x: 8, y: 8, width: 308, height: 444))
        #expect(two.cellFrame(1) == CGRect(x: 324, y: 8, width: 308, height: 444))
        #expect(two.exhibitSize == CGSize(width: 308, height: 426))
        #expect(two.clickPoint(1) == CGPoint(x: 478, y: 221))
        #expect(two.statusFrame == CGRect(x: 8, y: 460, width: 624, height: 20))
        let fourteen = GalleryLayout(count: 14, size: CGSize(width: 640, height: 480))
        #expect(fourteen.columns == 5 && fourteen.rows == 3)
    }

    /// Any number of items: the cells lie inside the window, above the status line, apart.
    @Test(.manualClock, arguments: [0, 1, 2, 3, 7, 14, 15, 40])
    func cellsNeverOverlap(_ count: Int) {
        for size in [CGSize(width: 640, height: 480), CGSize(width: 1280, height: 300), CGSize(width: 200, height: 900)] {
            let layout = GalleryLayout(count: count, size: size)
            #expect(layout.columns * layout.rows >= count)
            let frames = (0..<count).map(layout.cellFrame)
            for (i, f) in frames.enumerated() {
                #expect(f.minX >= 0 && f.minY >= 0 && f.maxX <= size.width && f.maxY <= size.height - GalleryLayout.statusHeight)
                for g in frames[(i + 1)...] { #expect(!f.intersects(g)) }
            }
        }
    }

    @Test(.manualClock) func clickingAnItemNamesIt() {
        let gallery = Gallery(size: CGSize(width: 640, height: 480), makeLabel: Self.plainLabel)
        #expect(gallery.items.map(\.name).contains("scroll layer"))
        #expect(gallery.items.map(\.name).contains("tiled map"))
        attachToRenderer(gallery.root)
        for (i, item) in gallery.items.enumerated() {
            #expect(gallery.itemName(at: gallery.layout.clickPoint(i)) == item.name)
        }
        #expect(gallery.itemName(at: CGPoint(x: 2, y: 2)) == nil, "the margin is no item")
    }

    /// Renders the gallery of the scroll and tiled items at `time`.
    private func render(at time: Double, clock: CAMediaClock) -> CGImage {
        let gallery = Gallery(items: [GalleryCatalog.all.first { $0.name == "scroll layer" }!,
                                      GalleryCatalog.all.first { $0.name == "tiled map" }!],
                              size: CGSize(width: 400, height: 240), makeLabel: Self.plainLabel)
        attachToRenderer(gallery.root)
        // A display pass every frame (60 fps) for the half second before `time`, as a window
        // runs them: the map's tiles drawn then have faded in (CATiledLayer.fadeDuration()) or
        // are fading, as on screen; a single pass at `time` would draw every new tile then, at
        // the start of its fade, and show none.
        for t in stride(from: max(0, time - 0.5), to: time, by: 1.0 / 60) {
            clock.set(t)
            CALayer.displayAnimatedProperties(in: gallery.root)
            CATransaction.flush()
        }
        clock.set(time)
        return Golden.render(gallery.root, width: 400, height: 240, time: time)
    }

    /// At 0 s the scroll layer shows its first rows and the map shows, at its exhibit's
    /// centre, the cell at map point (1843.2, 1843.2) (anchor point 0.45 of 4096, scale 1).
    @Test func exhibitsAtFixedTimes() {
        CAMediaClock.withManualClock(startingAt: 0) { clock in
            let t0 = render(at: 0, clock: clock)
            Golden.check(t0, named: "gallery-scroll-tiled-0")
            let layout = GalleryLayout(count: 2, size: CGSize(width: 400, height: 240))
            let centre = layout.clickPoint(1)
            let cell = MapTiledLayer.color(MapTiledLayer.height(1840, 1840))
            let p = Golden.pixel(t0, Int(centre.x), Int(centre.y))
            #expect(Golden.channelDifference(p, cell.premultipliedARGB32) <= 1,
                    "centre pixel \(Golden.hex(p))")
            // The scroll layer's first row (inset 10 + 4) at the top of its exhibit: opaque, not the cell grey.
            let row = Golden.pixel(t0, 8 + 10 + 4 + 30, 8 + 10 + 4 + 12)
            #expect(Golden.channelDifference(row, 0xFF29_2930) > 40)
        }
        CAMediaClock.withManualClock(startingAt: 0) { clock in
            let t = render(at: 2.2, clock: clock)
            Golden.check(t, named: "gallery-scroll-tiled-2.2")
        }
    }

    /// Between 0.5 s and 2.2 s both exhibits move: the scroll layer has scrolled a third of the
    /// way, the map has panned and zoomed.
    @Test func exhibitsAnimate() {
        let layout = GalleryLayout(count: 2, size: CGSize(width: 400, height: 240))
        let a = CAMediaClock.withManualClock(startingAt: 0) { render(at: 0.5, clock: $0) }
        let b = CAMediaClock.withManualClock(startingAt: 0) { render(at: 2.2, clock: $0) }
        for i in 0..<2 {
            let f = layout.exhibitFrame(i).insetBy(dx: 12, dy: 12)
            var differing = 0
            for y in Int(f.minY)..<Int(f.maxY) {
                for x in Int(f.minX)..<Int(f.maxX) where Golden.channelDifference(Golden.pixel(a, x, y), Golden.pixel(b, x, y)) > 24 {
                    differing += 1
                }
            }
            #expect(Double(differing) / Double(f.width * f.height) > 0.1, "exhibit \(i) did not move")
        }
    }
}
