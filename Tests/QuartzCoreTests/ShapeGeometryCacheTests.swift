import Foundation
import Testing
@testable import QuartzCore

/// The shape layers' outline cache keeps what comes back and not what is used once.
struct ShapeGeometryCacheTests {
    /// A ring of radius 150 as a progress indicator draws it.
    private static let ring = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 300, height: 300), transform: nil)

    private static func style(end: CGFloat) -> LayerStrokeStyle {
        LayerStrokeStyle(width: 6, cap: .round, join: .miter, miterLimit: 10,
                         dashLengths: [], dashPhase: 0, start: 0, end: end)
    }

    /// A `strokeEnd` animation asks for a new outline every frame: none of them is kept (each
    /// was kept before, 300 entries here; a minute of frames held 24 MB in an app).
    @Test func anOutlineUsedOnceIsNotKept() {
        let cache = ShapeGeometryCache()
        for frame in 1...300 {
            let outline = cache.strokeGeometry(Self.ring, style: Self.style(end: CGFloat(frame) / 300), tolerance: 0.05)
            #expect(!outline.isEmpty)
        }
        #expect(cache.stored.entries == 0)
        #expect(cache.stored.points == 0)
        #expect(cache.statistics.hits == 0 && cache.statistics.misses == 300)
    }

    /// A still shape is stroked twice, then served from the cache: the same geometry object.
    @Test func anOutlineAskedForAgainIsKeptAndServed() {
        let cache = ShapeGeometryCache()
        let style = Self.style(end: 0.5)
        let first = cache.strokeGeometry(Self.ring, style: style, tolerance: 0.05)
        #expect(cache.stored.entries == 0)
        let second = cache.strokeGeometry(Self.ring, style: style, tolerance: 0.05)
        #expect(cache.stored.entries == 1)
        #expect(cache.stored.points == second.points.count)
        #expect(second.points == first.points)
        let third = cache.strokeGeometry(Self.ring, style: style, tolerance: 0.05)
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 2)
        #expect(third.points == second.points)
        // The fill geometry is a key of its own, kept the same way.
        _ = cache.fillGeometry(Self.ring)
        _ = cache.fillGeometry(Self.ring)
        #expect(cache.stored.entries == 2)
    }

    /// The keys seen once are bounded too: past `capacity` they are forgotten, and a cache that
    /// keeps nothing never keeps anything.
    @Test func keysSeenOnceAreBoundedAndAnEmptyCacheKeepsNothing() {
        let small = ShapeGeometryCache(capacity: 8, pointBudget: 1_000_000)
        for frame in 1...100 { _ = small.strokeGeometry(Self.ring, style: Self.style(end: CGFloat(frame) / 100), tolerance: 0.05) }
        #expect(small.stored.entries == 0)
        // The last key was remembered: asked again, it is kept.
        _ = small.strokeGeometry(Self.ring, style: Self.style(end: 1), tolerance: 0.05)
        #expect(small.stored.entries == 1)
        let none = ShapeGeometryCache.uncached()
        for _ in 0..<3 { _ = none.strokeGeometry(Self.ring, style: Self.style(end: 1), tolerance: 0.05) }
        #expect(none.stored.entries == 0 && none.statistics.misses == 3)
    }
}
