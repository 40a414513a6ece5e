import Foundation
import Raster

/// Textures of layers' own content (background, contents, border) kept across frames, as Core
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
    }

    private struct Entry {
        let surface: Surface
        /// Keeps the image alive while its identity is part of a key.
        let contents: AnyObject?
        var lastUsed: Int
    }

    private var entries: [Key: Entry] = [:]
    private var frame = 0
    private var pixels = 0
    package static let maximumIdleFrames = 120
    package static let maximumPixels = 32 << 20
    /// Textures rendered (not found in the cache) since the renderer was created.
    package private(set) var misses = 0

    package init() {}

    /// Marks the start of a frame (for ageing entries).
    package func beginFrame() {
        frame += 1
        if frame % 30 == 0 { evict(olderThan: frame - Self.maximumIdleFrames) }
    }

    /// The cached texture for `key`, rendering it with `render` when absent.
    package func texture(for key: Key, contents: AnyObject?, width: Int, height: Int,
                         render: (Surface) -> Void) -> Surface {
        if var e = entries[key] {
            e.lastUsed = frame
            entries[key] = e
            return e.surface
        }
        let surface = Surface(width: width, height: height)
        render(surface)
        misses += 1
        pixels += width * height
        entries[key] = Entry(surface: surface, contents: contents, lastUsed: frame)
        if pixels > Self.maximumPixels { evictOldest() }
        return surface
    }

    private func evict(olderThan limit: Int) {
        for (k, e) in entries where e.lastUsed < limit {
            pixels -= e.surface.width * e.surface.height
            entries[k] = nil
        }
    }

    private func evictOldest() {
        let byAge = entries.sorted { $0.value.lastUsed < $1.value.lastUsed }
        for (k, e) in byAge where pixels > Self.maximumPixels / 2 && e.lastUsed < frame {
            pixels -= e.surface.width * e.surface.height
            entries[k] = nil
        }
    }
}
