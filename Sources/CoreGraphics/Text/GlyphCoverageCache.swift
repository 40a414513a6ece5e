import Foundation
import Raster

/// Glyph coverage rasterised once and drawn many times: text whose device transform is a
/// similarity (a translation and a positive uniform scale) draws each glyph as one pixel-aligned
/// rectangle painted with `Paint.alphaMask` from this cache, instead of flattening and filling
/// its outline every frame. Text under any other map (rotation, skew, perspective, a flip), or
/// bigger than `maximumPixelSize`, keeps drawing from outlines.
///
/// A mask is keyed by (face, em in device pixels, glyph, subpixel offset): the glyph's origin
/// is rounded to the nearest quarter pixel in x and in y, and each of the 16 offsets has its own
/// mask, rasterised by the same path rasteriser as every fill. A glyph's ink therefore lands at
/// most 1/8 pixel from where its outline would put it.
///
/// Memory is bounded: past `byteBudget` bytes of masks, the least recently used quarter is
/// dropped (a command drawing a dropped mask keeps its surface alive until it is done). Every
/// method is thread-safe; the masks are immutable once made, so band workers read them freely.
package final class GlyphCoverageCache: Sendable {
    /// The cache `CATextLayer` and `CGContext` text use.
    package static let shared = GlyphCoverageCache(byteBudget: 16 << 20)
    /// Subpixel positions per pixel along each axis.
    package static let subpixelSteps = 4
    /// The largest em, in device pixels, drawn from masks; bigger text draws from outlines.
    package static let maximumPixelSize = 192.0
    /// The most masks one text draw (a text layer's frame, one `CGContext` text call) makes;
    /// its glyphs past it draw from outlines. A scale animation, whose every frame is a new
    /// size, then costs about what outlines cost instead of rasterising every glyph twice.
    package static let missesPerDraw = 384

    /// A glyph's coverage: white with the coverage as alpha, texel (0, 0) at device pixel
    /// (origin pixel + (dx, dy)).
    package struct Mask: @unchecked Sendable {
        package let surface: Surface
        package let dx: Int
        package let dy: Int
    }

    struct Key: Hashable {
        var face: ObjectIdentifier
        var size: UInt64
        var glyph: UInt32
        var subpixel: UInt8
    }

    struct Entry {
        /// Nil for a glyph with no ink (a space).
        var mask: Mask?
        /// Keeps the face (so its identifier in the key is not reused while the entry exists).
        var face: FontFace
    }

    struct State {
        /// The masks, their bytes as cost, stamped by a counter advanced at every lookup.
        var entries = UsageStampedCache<Key, Entry>()
        var made = 0
    }

    /// The byte budget of the masks kept.
    package let byteBudget: Int
    /// Behind a pthread mutex (Raster's `LockedState`) rather than `Synchronization.Mutex`, which
    /// ThreadSanitizer cannot see on Linux: the cache's many-thread test is then a real check
    /// (CONTRIBUTING, Sanitizers).
    private let state = LockedState(State())

    package init(byteBudget: Int) { self.byteBudget = max(0, byteBudget) }

    /// Bytes of masks held now.
    package var bytes: Int { state.withLock { $0.entries.totalCost } }
    /// Masks held now (glyphs without ink included).
    package var count: Int { state.withLock { $0.entries.count } }
    /// Masks made since the cache was created (misses).
    package var made: Int { state.withLock { $0.made } }
    /// Masks held now whose em is within `sizes` device pixels (a test that draws at a size of
    /// its own counts its masks without the other tests' running in parallel).
    package func count(pixelSizes sizes: ClosedRange<Double>) -> Int {
        state.withLock { $0.entries.count { sizes.contains(Double(bitPattern: $0.size)) } }
    }

    /// The device similarity `map` is, as (scale, tx, ty): device = local × scale + t; nil when
    /// the map rotates, skews, flips, scales unevenly or has perspective.
    package static func similarity(_ map: Projective) -> (scale: Double, tx: Double, ty: Double)? {
        guard map.m13 == 0, map.m23 == 0, map.m33 == 1, map.m12 == 0, map.m21 == 0 else { return nil }
        let s = map.m11
        guard s > 0, s.isFinite, map.m22 == s, map.m31.isFinite, map.m32.isFinite else { return nil }
        return (s, map.m31, map.m32)
    }

    /// Where a glyph whose origin falls at device point `origin` draws: the whole pixel and the
    /// quarter-pixel step, each axis (the origin rounded to the nearest quarter pixel).
    @inline(__always)
    package static func snap(_ origin: SIMD2<Double>) -> (pixel: SIMD2<Int>, step: SIMD2<Int>)? {
        let q = (origin * Double(subpixelSteps)).rounded(.toNearestOrAwayFromZero)
        guard abs(q.x) < 1e12, abs(q.y) < 1e12 else { return nil }
        let qx = Int(q.x), qy = Int(q.y)
        return (SIMD2(qx >> 2, qy >> 2), SIMD2(qx & 3, qy & 3))
    }

    /// The mask of `glyph` of `face` at an em of `pixelSize` device pixels and quarter-pixel
    /// `step`, made now when missing and `mayMake` (then `made` is set). Returns `.empty` for
    /// a glyph with no ink, `.missing` when not held and not made.
    package func mask(face: FontFace, pixelSize: Double, glyph: UInt32, step: SIMD2<Int>,
                      mayMake: Bool, made: inout Bool) -> Lookup {
        let key = Key(face: ObjectIdentifier(face), size: pixelSize.bitPattern, glyph: glyph,
                      subpixel: UInt8(truncatingIfNeeded: step.x & 3 | (step.y & 3) << 2))
        let held: Lookup? = state.withLock { s in
            s.entries.now &+= 1
            guard let e = s.entries.use(key) else { return nil }
            return e.mask.map(Lookup.mask) ?? .empty
        }
        if let held { return held }
        guard mayMake else { return .missing }
        made = true
        let mask = Self.rasterise(face: face, pixelSize: pixelSize, glyph: glyph, step: step)
        insert(key, Entry(mask: mask, face: face), bytes: mask.map { $0.surface.width * $0.surface.height * 4 + 64 } ?? 64)
        return mask.map(Lookup.mask) ?? .empty
    }

    package enum Lookup { case mask(Mask), empty, missing }

    /// Holds `entry`; past the budget, the least recently used masks go until a quarter of it
    /// is free.
    private func insert(_ key: Key, _ entry: Entry, bytes: Int) {
        let target = byteBudget * 3 / 4
        state.withLock { s in
            s.entries.now &+= 1
            s.entries.insert(entry, forKey: key, cost: bytes)
            s.made += 1
            if s.entries.totalCost > byteBudget { s.entries.evictLeastRecentlyUsed { _, bytes in bytes > target } }
        }
    }

    /// Drops every mask.
    package func removeAll() {
        state.withLock { $0.entries.removeAll() }
    }

    /// Rasterises one glyph's outline at quarter-pixel `step`, with a pixel of margin around
    /// its control box; nil when it has no ink.
    static func rasterise(face: FontFace, pixelSize: Double, glyph: UInt32, step: SIMD2<Int>) -> Mask? {
        guard let outline = face.outlines([glyph]).first, !outline.isEmpty, let box = outline.controlBounds else { return nil }
        let k = pixelSize / face.unitsPerEm
        let shift = SIMD2(Double(step.x), Double(step.y)) / Double(subpixelSteps)
        let lo = (box.min * k + shift).rounded(.down), hi = (box.max * k + shift).rounded(.up)
        guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite, hi.x - lo.x < 4096, hi.y - lo.y < 4096 else { return nil }
        let x0 = Int(lo.x) - 1, y0 = Int(lo.y) - 1, x1 = Int(hi.x) + 1, y1 = Int(hi.y) + 1
        let surface = Surface(width: max(1, x1 - x0), height: max(1, y1 - y0))
        var path = PathGeometry()
        path.append(outline, scaledBy: k, offsetBy: shift - SIMD2(Double(x0), Double(y0)))
        execute([FillCommand(path: path, rule: .nonZero, localToDevice: .identity, paint: .solid(0xFFFF_FFFF))],
                on: surface, threads: 1)
        return Mask(surface: surface, dx: x0, dy: y0)
    }
}

extension GlyphCoverageCache.Mask {
    /// The command drawing this mask for a glyph whose origin's whole pixel is `pixel`, in
    /// premultiplied `color`, under `opacity`, `clip` and `blendMode`: one pixel-aligned rectangle.
    package func command(at pixel: SIMD2<Int>, color: UInt32, opacity: Float = 1, clip: Clip = Clip(),
                         blendMode: BlendMode = .normal) -> FillCommand {
        let left = Double(pixel.x + dx), top = Double(pixel.y + dy)
        let rect = RoundedRect(minX: left, minY: top, maxX: left + Double(surface.width), maxY: top + Double(surface.height))
        return FillCommand(shape: rect, localToDevice: .identity,
                           paint: .alphaMask(surface, map: .translation(-left, -top), color: color),
                           opacity: opacity, clip: clip, blendMode: blendMode)
    }
}
