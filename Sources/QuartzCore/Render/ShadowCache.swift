import Foundation
import Raster

/// Shadow masks kept across frames: a shadow whose shape is known without the layer's pixels
/// (a `shadowPath`, or an opaque layer's rounded bounds) depends only on that shape in device
/// pixels, the blur and the mask's size, so a card whose children animate, or one drawn again
/// after a commit, reuses its mask instead of blurring anew. A rect or rounded rect is computed
/// in closed form (`fillBlurredRoundedRect`); another path's convex hull is filled and blurred.
///
/// Masks are filled when first asked for, on the thread that builds frames (the only one that
/// uses the cache), before any frame refers to them; a mask is never written again, so frames
/// kept from earlier commits may go on drawing one the cache has dropped. Entries not used for
/// `maximumIdleFrames` frames are dropped, and the oldest go first beyond `maximumPixels`.
package final class ShadowCache {
    /// The mask's size, then the shape's values (device pixels, relative to the mask) and σ, as bits.
    private struct Key: Hashable {
        var width: Int, height: Int
        var values: [UInt64]
    }

    /// The masks, their pixels as cost, stamped with the frame number.
    private var entries = UsageStampedCache<Key, Surface>()
    package static let maximumIdleFrames = 120
    package static let maximumPixels = 16 << 20
    /// Masks computed (not found in the cache) since the renderer was created.
    package private(set) var masksDrawn = 0

    package init() {}

    /// Marks the start of a frame (for ageing entries).
    package func beginFrame() {
        entries.now += 1
        let idle = entries.now - Self.maximumIdleFrames
        if entries.now % 30 == 0 { entries.removeAll { $1 < idle } }
    }

    /// The alpha of `shape` (pixels of a `width` × `height` mask) blurred by `sigma`.
    package func roundedRect(width: Int, height: Int, shape: RoundedRect, sigma: Double) -> Surface {
        let values = [shape.minX, shape.minY, shape.maxX, shape.maxY, shape.topLeft, shape.topRight,
                      shape.bottomRight, shape.bottomLeft, sigma].map(\.bitPattern)
        return mask(Key(width: width, height: height, values: values)) { surface in
            fillBlurredRoundedRect(surface, shape: shape, sigma: sigma)
        }
    }

    /// The alpha of the convex polygon `hull` (pixels of a `width` × `height` region) blurred by
    /// `sigma` (three box passes), and the factor it is stored smaller by: a wide blur is
    /// computed at ½ or ¼ of the resolution (the hull's coverage at that resolution is its box
    /// average; σ is reduced by what drawing it back with bilinear filtering adds, f²/6), so a
    /// flipping card's shadow costs a sixteenth of the pixels.
    package func polygon(width: Int, height: Int, hull: [SIMD2<Double>], sigma: Double) -> (mask: Surface, factor: Int) {
        let f = Self.reductionFactor(sigma: sigma)
        var values: [UInt64] = [sigma.bitPattern, UInt64(f)]
        values.reserveCapacity(2 * hull.count + 2)
        for p in hull { values.append(p.x.bitPattern); values.append(p.y.bitPattern) }
        let w = (width + f - 1) / f + 1, h = (height + f - 1) / f + 1
        let k = 1 / Double(f)
        let surface = mask(Key(width: w, height: h, values: values)) { surface in
            let small = hull.map { $0 * k }
            let xs = small.map(\.x), ys = small.map(\.y)
            let box = RoundedRect(minX: xs.min()! - 1, minY: ys.min()! - 1, maxX: xs.max()! + 1, maxY: ys.max()! + 1)
            let fill = FillCommand(shape: box, localToDevice: .identity, paint: .solid(0xFF00_0000), opacity: 1,
                                   clip: Clip(rect: IntRect(x0: 0, y0: 0, x1: w, y1: h), polygon: small))
            let reduced = f == 1 ? sigma : (Swift.max(0, sigma * sigma - Double(f * f) / 6)).squareRoot() * k
            // One thread: the rasteriser's band workers may be drawing another frame meanwhile.
            execute([RenderPass(target: .framebuffer, commands: [fill], effect: .blur(radius: reduced))], on: surface, threads: 1)
        }
        return (surface, f)
    }

    /// 1, 2 or 4: how much smaller a blur of `sigma` device pixels may be computed (σ ≥ 3 per
    /// reduced pixel keeps the bilinear reconstruction within a level).
    static func reductionFactor(sigma: Double) -> Int {
        guard sigma.isFinite else { return 1 }
        return sigma >= 12 ? 4 : sigma >= 6 ? 2 : 1
    }

    private func mask(_ key: Key, fill: (Surface) -> Void) -> Surface {
        if let held = entries.use(key) { return held }
        let surface = Surface(width: key.width, height: key.height)
        fill(surface)
        masksDrawn += 1
        entries.insert(surface, forKey: key, cost: key.width * key.height)
        if entries.totalCost > Self.maximumPixels {
            // The oldest go until half the budget is free; what this frame uses stays.
            entries.evictLeastRecentlyUsed(sparing: entries.now) { _, pixels in pixels > Self.maximumPixels / 2 }
        }
        return surface
    }
}
