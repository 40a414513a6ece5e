import Foundation
import Raster

/// Bitmaps of `shouldRasterize` subtrees kept across frames, as Core Animation keeps a
/// rasterized layer's bitmap: reused while nothing drawn in the subtree changes.
///
/// Owned by one `CARenderer` and used on the thread that renders. Entries unused for
/// `maximumIdleFrames` frames are dropped.
package final class RasterizedLayerCache {
    /// The subtree (by model layer), everything its pixels depend on, and the bitmap's placement.
    package struct Key: Hashable {
        var layer: ObjectIdentifier
        var fingerprint: Int
        var region: CGRect
        var scale: CGFloat
    }

    private struct Entry {
        let surface: Surface
        var lastUsed: Int
        /// Keeps the images the fingerprint names alive (their identities are part of it).
        let images: [AnyObject]
    }

    private var entries: [Key: Entry] = [:]
    private var frame = 0
    package static let maximumIdleFrames = 120
    /// Bitmaps rendered (not found in the cache) since the renderer was created.
    package private(set) var renders = 0
    /// Bitmaps rendered in the current frame.
    package private(set) var rendersThisFrame = 0

    package init() {}

    /// Marks the start of a frame (for ageing entries).
    package func beginFrame() {
        frame += 1
        rendersThisFrame = 0
        for (k, e) in entries where e.lastUsed < frame - Self.maximumIdleFrames { entries[k] = nil }
    }

    /// The cached bitmap for `key`, rendering it with `render` when absent. Older bitmaps of the
    /// same layer are dropped (a changed subtree does not come back often).
    package func bitmap(for key: Key, images: [AnyObject], width: Int, height: Int,
                        render: (Surface) -> Void) -> Surface {
        if var e = entries[key] {
            e.lastUsed = frame
            entries[key] = e
            return e.surface
        }
        for k in entries.keys where k.layer == key.layer { entries[k] = nil }
        let surface = Surface(width: width, height: height)
        render(surface)
        renders += 1
        rendersThisFrame += 1
        entries[key] = Entry(surface: surface, lastUsed: frame, images: images)
        return surface
    }
}
