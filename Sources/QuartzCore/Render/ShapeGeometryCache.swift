import Foundation
import Raster

/// The fill geometry and stroke outlines of `CAShapeLayer` paths, kept across frames and
/// renderers, keyed by (path object, stroke style, flattening tolerance).
///
/// A shape that does not change re-uses its outline: stroking (flattening, offsets, joins,
/// caps, dashes) is a large part of drawing a stroked shape, and the outline in the layer's
/// plane does not depend on the layer's transform, only on the tolerance, which is rounded to
/// 0.05 times a power of two (within a factor √2) so a moving or rotating layer hits the cache. An animated path,
/// stroke width, dash phase or stroke end changes the key every frame and is stroked afresh.
///
/// A geometry is kept only when its key comes back: the first lookup of a key strokes and
/// remembers the key alone, the second strokes again and keeps the outline. An animated key (a
/// progress ring's `strokeEnd`, an animated `path`) is new every frame and would otherwise fill
/// the cache with outlines used once (a one-minute `strokeEnd` animation held 24 MB of them).
///
/// Bounded: at most `capacity` entries and `pointBudget` outline points; beyond either, the
/// oldest entries go. The entry holds its path, so an identity is never reused while cached.
package final class ShapeGeometryCache: Sendable {
    /// The cache the compositor uses. Replaceable: `strata bench --no-stroke-cache` installs
    /// one that keeps nothing (BENCHMARK.md's `paths` rules forbid cached stroke outlines).
    package static var shared: ShapeGeometryCache {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
    private static let current = LockedState(ShapeGeometryCache())

    /// A cache that keeps nothing: every lookup fills or strokes afresh.
    package static func uncached() -> ShapeGeometryCache { ShapeGeometryCache(capacity: 0, pointBudget: -1) }

    /// The most entries kept.
    package let capacity: Int
    /// The most outline points kept, all entries together.
    package let pointBudget: Int

    private struct Key: Hashable {
        let path: ObjectIdentifier
        /// nil: the fill geometry.
        let style: LayerStrokeStyle?
        let tolerance: Double
    }
    private struct Entry {
        let path: CGPath
        let geometry: PathGeometry
    }
    private struct Storage {
        /// The geometries, their points as cost, stamped by a counter advanced at every lookup.
        var entries = UsageStampedCache<Key, Entry>()
        /// Keys looked up once and not kept, forgotten all at once when `capacity` of them
        /// gather (a key forgotten early is only stroked once more).
        var seenOnce = Set<Key>()
        var hits = 0
        var misses = 0
    }
    private let storage = LockedState(Storage())

    package init(capacity: Int = 4_096, pointBudget: Int = 1_000_000) {
        self.capacity = capacity
        self.pointBudget = pointBudget
    }

    /// Lookups served from the cache and lookups that built a geometry, since creation.
    package var statistics: (hits: Int, misses: Int) { storage.withLock { ($0.hits, $0.misses) } }

    /// The geometries kept and their outline points, all together.
    package var stored: (entries: Int, points: Int) { storage.withLock { ($0.entries.count, $0.entries.totalCost) } }

    /// `path` as Raster geometry (for filling).
    package func fillGeometry(_ path: CGPath) -> PathGeometry {
        geometry(Key(path: ObjectIdentifier(path), style: nil, tolerance: 0), path) { path.rasterGeometry }
    }

    /// The outline of `path` stroked with `style`, flattened to about `tolerance` (see
    /// `quantized`), to fill with the non-zero rule.
    package func strokeGeometry(_ path: CGPath, style: LayerStrokeStyle, tolerance: Double) -> PathGeometry {
        let t = Self.quantized(tolerance)
        return geometry(Key(path: ObjectIdentifier(path), style: style, tolerance: t), path) {
            path.layerStrokeGeometry(style, tolerance: CGFloat(t))
        }
    }

    /// 0.05 · 2ᵏ nearest to `t` on a log scale (k within −30 … 30): between t/√2 and t·√2.
    static func quantized(_ t: Double) -> Double {
        guard t.isFinite, t > 0 else { return 0.05 }
        return 0.05 * exp2(max(-30, min(30, log2(t / 0.05).rounded())))
    }

    private func geometry(_ key: Key, _ path: CGPath, build: () -> PathGeometry) -> PathGeometry {
        let found: PathGeometry? = storage.withLock { s in
            s.entries.now += 1
            guard let e = s.entries.use(key), e.path === path else { return nil }
            s.hits += 1
            return e.geometry
        }
        if let found { return found }
        let built = build()
        storage.withLock { s in
            s.misses += 1
            let n = built.points.count
            guard n <= pointBudget, capacity > 0 else { return }
            guard s.seenOnce.remove(key) != nil else {
                if s.seenOnce.count >= capacity { s.seenOnce.removeAll(keepingCapacity: true) }
                s.seenOnce.insert(key)
                return
            }
            s.entries.insert(Entry(path: path, geometry: built), forKey: key, cost: n)
            // Beyond either bound, the oldest go until 3/4 of both are used.
            if s.entries.count > capacity || s.entries.totalCost > pointBudget {
                let (count, points) = (capacity * 3 / 4, pointBudget * 3 / 4)
                s.entries.evictLeastRecentlyUsed { $0 > count || $1 > points }
            }
        }
        return built
    }
}
