/// A premultiplied BGRA 8-bit framebuffer: one `UInt32` per pixel, `0xAARRGGBB`, which in
/// little-endian memory is the byte order B, G, R, A (the X11 TrueColor LSB-first layout).
///
/// Rows are `stride` pixels apart (`stride >= width`). The surface owns its memory (unless made
/// with `init(wrapping:…)`); `pixels` stays valid for the surface's lifetime and does not move
/// unless `resize` is called.
public final class Surface: @unchecked Sendable {
    /// Width in pixels, `0...Surface.maximumDimension`.
    public private(set) var width: Int
    /// Height in pixels, `0...Surface.maximumDimension`.
    public private(set) var height: Int
    /// Distance between rows, in pixels.
    public private(set) var stride: Int
    /// The first pixel of the first row.
    public private(set) var pixels: UnsafeMutablePointer<UInt32>
    /// False for a surface over someone else's memory (`init(wrapping:…)`): never freed here.
    private var ownsPixels = true

    /// The largest width or height a surface accepts (16384, as a large GPU texture).
    public static let maximumDimension = 16_384

    /// Creates a surface cleared to transparent black. Sizes are clamped to
    /// `0...maximumDimension`; a zero size is valid and holds no pixels.
    public init(width: Int, height: Int) {
        let w = Swift.min(Swift.max(width, 0), Surface.maximumDimension)
        let h = Swift.min(Swift.max(height, 0), Surface.maximumDimension)
        self.width = w
        self.height = h
        self.stride = w
        let count = Swift.max(w * h, 1)
        pixels = .allocate(capacity: count)
        pixels.initialize(repeating: 0, count: count)
    }

    /// A surface over memory it does not own, e.g. a shared-memory image the window system
    /// reads, so that frames are drawn where they are shown with no copy. The memory must hold
    /// `height` rows of `stride` pixels and outlive every use of the surface; it is not
    /// cleared. Returns nil for sizes outside `1...maximumDimension` or `stride < width`.
    /// (`resize` moves such a surface onto memory of its own.)
    public init?(wrapping pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int) {
        let limit = 1...Surface.maximumDimension
        guard limit.contains(width), limit.contains(height), stride >= width, stride <= 4 * Surface.maximumDimension else {
            return nil
        }
        self.width = width
        self.height = height
        self.stride = stride
        self.pixels = pixels
        ownsPixels = false
    }

    deinit {
        guard ownsPixels else { return }
        // A living borrower takes the memory over (it wraps exactly these pixels).
        if let b = borrower, b.pixels == pixels, !b.ownsPixels { b.ownsPixels = true } else { pixels.deallocate() }
    }

    /// Bytes between rows.
    @inlinable public var bytesPerRow: Int { stride * 4 }

    /// Reallocates for a new size (contents become transparent black).
    public func resize(width: Int, height: Int) {
        let w = Swift.min(Swift.max(width, 0), Surface.maximumDimension)
        let h = Swift.min(Swift.max(height, 0), Surface.maximumDimension)
        guard w != self.width || h != self.height else { return }
        // A living borrower (`lend()`) keeps the memory: it is not freed here then.
        if let b = borrower, ownsPixels, b.pixels == pixels, !b.ownsPixels { b.ownsPixels = true; ownsPixels = false }
        borrower = nil
        if ownsPixels { pixels.deallocate() }
        ownsPixels = true
        self.width = w
        self.height = h
        self.stride = w
        let count = Swift.max(w * h, 1)
        pixels = .allocate(capacity: count)
        pixels.initialize(repeating: 0, count: count)
    }

    /// The surface last made by `lend()` while it shares this surface's memory (weak: it lives
    /// as long as the image holding it).
    private weak var borrower: Surface?

    /// A surface over this one's pixels as they are now, with no copy (a 16384² framebuffer is
    /// 1 GiB). The borrower's memory never changes: when this surface is about to change its
    /// pixels while the borrower lives (`reclaimLentPixels`, `resize`, `clear`, `copy`), or is
    /// freed, the borrower takes the memory over and this surface moves to new memory (a copy,
    /// when it must keep its pixels). A surface over memory it does not own lends a copy.
    package func lend() -> Surface {
        reclaimLentPixels()
        guard ownsPixels, let s = Surface(wrapping: pixels, width: width, height: height, stride: stride) else {
            let copy = Surface(width: width, height: height)
            copy.copy(IntRect(copy), from: self)
            return copy
        }
        borrower = s
        return s
    }

    /// Call before changing the pixels: a living borrower (`lend()`) takes the memory over, and
    /// this surface moves to new memory, holding a copy of the pixels when `keepingContents`.
    @inline(__always)
    package func reclaimLentPixels(keepingContents: Bool = true) {
        guard let b = borrower else { return }
        borrower = nil
        guard ownsPixels, b.pixels == pixels, !b.ownsPixels else { return }
        let count = Swift.max(stride * height, 1)
        let own = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        if keepingContents { own.initialize(from: pixels, count: count) } else { own.initialize(repeating: 0, count: count) }
        b.ownsPixels = true
        pixels = own
    }

    /// Fills every pixel with one premultiplied `0xAARRGGBB` value.
    public func clear(_ color: UInt32 = 0) {
        reclaimLentPixels(keepingContents: false)
        for y in 0..<height {
            (pixels + y * stride).update(repeating: color, count: width)
        }
    }

    /// The pixel at (x, y); `x` and `y` must be inside the surface.
    @inlinable @inline(__always)
    public subscript(x: Int, y: Int) -> UInt32 {
        get {
            assert(x >= 0 && x < width && y >= 0 && y < height)
            return pixels[y &* stride &+ x]
        }
        set {
            assert(x >= 0 && x < width && y >= 0 && y < height)
            pixels[y &* stride &+ x] = newValue
        }
    }

    /// A pointer to the first pixel of row `y`.
    @inlinable @inline(__always)
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        assert(y >= 0 && y < height)
        return pixels + y &* stride
    }

    /// Sets the pixels of `rect` (clipped to the surface) to one premultiplied colour.
    package func clear(_ rect: IntRect, to color: UInt32) {
        reclaimLentPixels()
        let r = rect.intersection(IntRect(self))
        guard !r.isEmpty else { return }
        for y in r.y0..<r.y1 { (pixels + y * stride + r.x0).update(repeating: color, count: r.x1 - r.x0) }
    }

    /// Copies the pixels of `rect` from `source` (same coordinates; clipped to both surfaces).
    package func copy(_ rect: IntRect, from source: Surface) {
        guard source !== self else { return }
        reclaimLentPixels()
        let r = rect.intersection(IntRect(self)).intersection(IntRect(source))
        guard !r.isEmpty else { return }
        for y in r.y0..<r.y1 { (pixels + y * stride + r.x0).update(from: source.row(y) + r.x0, count: r.x1 - r.x0) }
    }
}
