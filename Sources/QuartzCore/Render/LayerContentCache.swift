import Foundation
import Raster

/// Textures of layers' own content (background, contents, border, and what a special layer
/// draws: text, shape, gradient, tiles) kept across frames, as Core
/// Animation keeps a layer's content in a texture: a translucent layer with several parts of
/// its own is a group (`allowsGroupOpacity`), and drawing its cached texture once at the layer's
/// opacity gives that group without an offscreen pass per frame.
///
/// Owned by one `CARenderer` and used on the thread that renders. Entries not used for
/// `maximumIdleFrames` frames are dropped, and the oldest go first beyond `maximumPixels`.
package final class LayerContentCache {
    /// Everything the content's pixels depend on.
    package struct Key: Hashable {
        var bounds: CGRect
        var texelScale: SIMD2<Double>
        var cornerRadius: CGFloat
        var cornerCurve: CALayerCornerCurve
        var maskedCorners: CACornerMask
        var background: UInt32
        var border: UInt32
        var borderWidth: CGFloat
        var contents: ObjectIdentifier?
        var contentsRect: CGRect
        var contentsCenter: CGRect
        var contentsGravity: CALayerContentsGravity
        var contentsScale: CGFloat
        var minificationFilter: CALayerContentsFilter
        var magnificationFilter: CALayerContentsFilter
        var masksToBounds: Bool
        /// Under an odd number of `isGeometryFlipped` layers (contents and text drawn upright).
        var contentsFlipped: Bool
        /// `LayerState.kindContentGeneration`: the string, font, colours, path, stroke, gradient
        /// stops or tiles of a special layer, as one number that changes with any of them.
        var kindContent: UInt64
    }

    private struct Entry {
        let surface: Surface
        /// The pass that draws `surface`, until a frame is built after it ran.
        var fill: RenderPass?
        /// The image whose identity is part of the key, held weakly: an entry whose image is gone
        /// is dropped at the next `beginFrame` (a layer redrawn every frame — an animated custom
        /// property — made one texture per frame, each kept with its image for 120 frames), and
        /// a new image at the same address is never taken for it (`texture(for:…)` checks).
        weak var contents: AnyObject?
        let hasContents: Bool
        /// The kind payload whose generation is part of the key, held weakly in the same way: a
        /// layer whose text or path is animated makes one texture per frame, dropped once the
        /// frame's payload is gone (a generation never comes back, so no identity check).
        weak var kindContent: AnyObject?
        let hasKindContent: Bool
    }

    /// The textures, their pixels as cost, stamped with the frame number.
    private var entries = UsageStampedCache<Key, Entry>()
    package static let maximumIdleFrames = 120
    package static let maximumPixels = 32 << 20
    /// Textures rendered (not found in the cache) since the renderer was created.
    package private(set) var misses = 0

    package init() {}

    /// Marks the start of a frame (for ageing entries).
    package func beginFrame() {
        entries.now += 1
        entries.removeAll { e, _ in (e.hasContents && e.contents == nil) || (e.hasKindContent && e.kindContent == nil) }
        let idle = entries.now - Self.maximumIdleFrames
        if entries.now % 30 == 0 { entries.removeAll { $1 < idle } }
    }

    /// The cached texture for `key`, and the pass that draws it while that pass has not run yet
    /// (a frame must list it before the passes that read the texture). When absent, the texture
    /// is allocated and `render` gives the commands that draw it; the pass runs once, in
    /// whichever frame executes first (several may be prepared before one is drawn).
    /// `kindContent` is the payload named by `key.kindContent` (see `LayerState.kindContentOwner`).
    package func texture(for key: Key, contents: AnyObject?, kindContent: AnyObject? = nil, width: Int, height: Int,
                         render: (Surface) -> [FillCommand]) -> (texture: Surface, pass: RenderPass?) {
        if let e = entries.use(key), e.contents === contents {
            guard let fill = e.fill, !(fill.latch?.isClaimed ?? true) else {
                if e.fill != nil { entries.update(key) { $0.fill = nil } }
                return (e.surface, nil)
            }
            return (e.surface, fill)
        }
        entries.remove(key)
        let surface = Surface(width: width, height: height)
        let fill = RenderPass(target: .offscreen(surface), commands: render(surface), latch: PassLatch())
        misses += 1
        entries.insert(Entry(surface: surface, fill: fill, contents: contents, hasContents: contents != nil,
                             kindContent: kindContent, hasKindContent: kindContent != nil),
                       forKey: key, cost: width * height)
        if entries.totalCost > Self.maximumPixels {
            // The oldest go until half the budget is free; what this frame uses stays.
            entries.evictLeastRecentlyUsed(sparing: entries.now) { _, pixels in pixels > Self.maximumPixels / 2 }
        }
        return (surface, fill)
    }

    /// Whether `image`, placed by `toTexel` (local → texel, a scale and an offset), is clear
    /// wherever a sample can reach beyond `shape`'s rounded corners: every texel of a corner's
    /// quadrant whose centre lies farther from the arc's centre than the radius less 1.5 texels
    /// (a bilinear footprint) is zero. Then the image shows nothing outside the shape.
    /// Remembered per image and placement.
    package func isTransparent(_ image: CGImage, inCornersOf shape: RoundedRect, toTexel: Projective) -> Bool {
        guard toTexel.m11 > 0, toTexel.m22 > 0, toTexel.m12 == 0, toTexel.m21 == 0, toTexel.isAffine,
              toTexel.m11.isFinite, toTexel.m22.isFinite else { return false }
        let key = TransparencyKey(image: ObjectIdentifier(image), shape: [shape.minX, shape.minY, shape.maxX, shape.maxY,
                                  shape.topLeft, shape.topRight, shape.bottomRight, shape.bottomLeft],
                                  map: [toTexel.m11, toTexel.m22, toTexel.m31, toTexel.m32])
        if let known = transparency[key], known.image === image { return known.transparent }
        let surface = image.surface
        // A texel spans 1/m11 × 1/m22 local units; the footprint reaches 1.5 texels.
        let margin = 1.5 * max(1 / toTexel.m11, 1 / toTexel.m22)
        var transparent = true
        let corners = [(shape.minX, shape.minY, shape.topLeft, 1.0, 1.0), (shape.maxX, shape.minY, shape.topRight, -1.0, 1.0),
                       (shape.maxX, shape.maxY, shape.bottomRight, -1.0, -1.0), (shape.minX, shape.maxY, shape.bottomLeft, 1.0, -1.0)]
        scan: for (x, y, r, ix, iy) in corners where r > 0 {
            // The quadrant's square in texels, one texel wider all round, inside the image.
            let a = toTexel.apply(x: x, y: y), c = toTexel.apply(x: x + ix * r, y: y + iy * r)
            guard a.x.isFinite, a.y.isFinite, c.x.isFinite, c.y.isFinite else { transparent = false; break }
            let x0 = max(0, deviceInt(max(-2, min(a.x, c.x)).rounded(.down)) - 1)
            let y0 = max(0, deviceInt(max(-2, min(a.y, c.y)).rounded(.down)) - 1)
            let x1 = min(image.width, deviceInt(min(1e7, max(a.x, c.x)).rounded(.up)) + 1)
            let y1 = min(image.height, deviceInt(min(1e7, max(a.y, c.y)).rounded(.up)) + 1)
            guard x0 < x1, y0 < y1 else { continue }
            let cx = x + ix * r, cy = y + iy * r, reach = max(0, r - margin)
            for ty in y0..<y1 {
                let row = surface.row(ty)
                let ly = (Double(ty) + 0.5 - toTexel.m32) / toTexel.m22 - cy
                for tx in x0..<x1 where row[tx] != 0 {
                    let lx = (Double(tx) + 0.5 - toTexel.m31) / toTexel.m11 - cx
                    // Only the part of the quadrant beyond the arc (less the margin) must be clear.
                    let inQuadrant = lx * ix < margin && ly * iy < margin
                    if inQuadrant && lx * lx + ly * ly > reach * reach { transparent = false; break scan }
                }
            }
        }
        if transparency.count >= 256 { transparency = transparency.filter { $0.value.image != nil } }
        if transparency.count >= 256 { transparency.removeAll() }
        transparency[key] = Transparency(transparent: transparent, image: image)
        return transparent
    }

    /// An answer of `isTransparent`, for an image held weakly (an image redrawn every frame
    /// must not be kept by up to 1,024 answers; a dead image's address may come back, hence the
    /// identity check on lookup).
    private struct Transparency {
        let transparent: Bool
        weak var image: CGImage?
    }

    private struct TransparencyKey: Hashable {
        let image: ObjectIdentifier
        let shape: [Double]
        let map: [Double]
    }
    private var transparency: [TransparencyKey: Transparency] = [:]

}
