import Raster

/// A bitmap drawing context: paths, images and gradients drawn into memory, with Apple's API.
///
/// Drawing goes through Raster's fill commands (the same rasteriser as layers). The origin is
/// the bottom-left corner and y grows upwards, as on Apple. Pixels in premultiplied-first,
/// 32-bit little-endian layout (B, G, R, A in memory) are drawn in place; other layouts are
/// converted into a BGRA working copy before each drawing call and back after it, so memory
/// the caller changes between calls is seen. Not thread-safe, as on Apple.
public final class CGContext {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes between rows of `data`.
    public let bytesPerRow: Int
    /// Always 8.
    public let bitsPerComponent: Int
    /// 32 for RGB layouts, 8 for gray and alpha-only.
    public let bitsPerPixel: Int
    /// The layout flags the context was created with.
    public let bitmapInfo: CGBitmapInfo
    /// The colour space the context was created with (nil for alpha-only).
    public let colorSpace: CGColorSpace?
    /// The pixels, in the layout the context was created with.
    ///
    /// Reading it finishes the drawing calls still batched, and from then on every call draws
    /// at once (the caller may read the memory at any time, as on Apple).
    public var data: UnsafeMutableRawPointer? {
        flushPending()
        handedOutData = true
        return memory
    }
    /// The alpha layout.
    public var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
    }

    let layout: BitmapLayout
    let memory: UnsafeMutableRawPointer
    private let ownsMemory: Bool
    /// Premultiplied BGRA pixels drawing goes to: `memory` itself for the BGRA layout, or the
    /// innermost transparency layer's offscreen pixels while one is open.
    var target: Surface
    /// The open transparency layers, outermost first (`beginTransparencyLayer`).
    var transparencyLayers: [TransparencyLayer] = []
    /// The drawing surface with every batched call drawn (Strata only).
    package var surface: Surface {
        flushPending()
        return target
    }
    /// Drawing calls not yet executed. A context over memory it owns, that nobody has seen
    /// (`data` not read), batches its calls and executes them together when its pixels are
    /// needed (`makeImage()`, `data`, a shadow, a converted layout): one band-parallel pass
    /// instead of one per call. Strata only; the pixels are the same.
    var pending: [FillCommand] = []
    /// Batched strokes whose outlines are still to be made: each fills the pending command at
    /// `index` (whose geometry is empty until then). They are made on the raster threads when
    /// the batch runs (`flushPending`).
    var pendingOutlines: [(index: Int, stroke: PendingStroke)] = []
    /// Storage kept from batch to batch (`flushPending`).
    let batchStorage = BatchStorage()
    /// Whether `data` was handed out: then every call draws at once.
    var handedOutData = false
    /// Whether calls may be batched.
    var batches: Bool { ownsMemory && !converts && !handedOutData }
    /// Whether `surface` is a converted copy of `memory`.
    let converts: Bool

    var state: GraphicsState
    var savedStates: [GraphicsState] = []
    /// Text space → user space for `CTLineDraw` / `CTFrameDraw`; its translation is
    /// `textPosition`. Not part of the graphics state (as on Apple). Default: the identity.
    public var textMatrix = CGAffineTransform.identity
    /// The current path, in base space (the CTM applied when each point was added).
    var currentPath = CGMutablePath()
    /// Threads each drawing call rasterises on (Strata extension; 2 by default, the output is
    /// the same for any count).
    public var rasterThreads = 2

    /// Base space (y up, origin bottom-left) → device pixels (y down).
    var baseToDevice: CGAffineTransform { CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height)) }

    /// A context drawing into `data` (or into zeroed memory it owns when `data` is nil).
    ///
    /// Returns nil, with a message, for a zero or oversized width or height, `bytesPerRow`
    /// smaller than a row (0 computes it), or a layout other than 8-bit RGB premultiplied first
    /// or last or skip first or last (default, 32-bit big or little byte order), 8-bit gray
    /// (`.none`) or 8-bit alpha only. Opaque layouts store colour over black. Apple's `releaseCallback` variants are not provided.
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                 bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        func refuse(_ reason: String) {
            StrataDiagnostics.report("CGContext(data:width: \(width), height: \(height), …): \(reason); returning nil")
        }
        guard width > 0, height > 0 else { refuse("zero size"); return nil }
        guard width <= Surface.maximumDimension, height <= Surface.maximumDimension else {
            refuse("larger than \(Surface.maximumDimension) pixels a side"); return nil
        }
        let found = BitmapLayout.from(bitsPerComponent: bitsPerComponent, space: space, bitmapInfo: bitmapInfo)
        guard let layout = found.layout else { refuse(found.reason); return nil }
        let rowBytes = bytesPerRow == 0 ? width * layout.bytesPerPixel : bytesPerRow
        guard rowBytes >= width * layout.bytesPerPixel else {
            refuse("bytesPerRow \(bytesPerRow) is smaller than a row of \(width * layout.bytesPerPixel) bytes"); return nil
        }
        let (total, overflow) = rowBytes.multipliedReportingOverflow(by: height)
        guard !overflow, total <= 1 << 32 else { refuse("bytesPerRow × height overflows"); return nil }

        self.width = width
        self.height = height
        self.bytesPerRow = rowBytes
        self.bitsPerComponent = 8
        self.bitsPerPixel = layout.bytesPerPixel * 8
        self.bitmapInfo = CGBitmapInfo(rawValue: bitmapInfo)
        self.colorSpace = layout == .alpha ? nil : space
        self.layout = layout
        if let data {
            memory = data
            ownsMemory = false
        } else {
            memory = .allocate(byteCount: total, alignment: 16)
            memory.initializeMemory(as: UInt8.self, repeating: 0, count: total)
            ownsMemory = true
        }
        let aligned = Int(bitPattern: memory) % 4 == 0 && rowBytes % 4 == 0
        if layout == .bgra, aligned,
           let wrapped = Surface(wrapping: memory.assumingMemoryBound(to: UInt32.self), width: width,
                                 height: height, stride: rowBytes / 4) {
            target = wrapped
            converts = false
        } else {
            target = Surface(width: width, height: height)
            converts = true
        }
        state = GraphicsState(width: width, height: height)
    }

    /// A context over `data`; `bitmapInfo` as its raw value (Apple's Swift signature takes UInt32).
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: CGBitmapInfo) {
        self.init(data: data, width: width, height: height, bitsPerComponent: bitsPerComponent,
                  bytesPerRow: bytesPerRow, space: space, bitmapInfo: bitmapInfo.rawValue)
    }

    /// A context drawing straight into `surface` (premultiplied BGRA, sRGB), which must outlive
    /// it (Strata only: a layer's backing store for `draw(in:)`).
    package convenience init?(surface: Surface) {
        self.init(data: UnsafeMutableRawPointer(surface.pixels), width: surface.width, height: surface.height,
                  bitsPerComponent: 8, bytesPerRow: surface.bytesPerRow, space: CGColorSpace.srgbSpace,
                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
    }

    deinit {
        if ownsMemory { memory.deallocate() }
    }

    /// An image of the current pixels (a copy). Gray contexts give gray BGRA pixels,
    /// alpha-only contexts black with the context's alpha.
    public func makeImage() -> CGImage? {
        let copy = Surface(width: width, height: height)
        if converts {
            layout.load(from: memory, bytesPerRow: bytesPerRow, into: copy)
        } else {
            for y in 0..<height { copy.row(y).update(from: surface.row(y), count: width) }
        }
        return CGImage(surface: copy)
    }

    /// Draws the calls still batched into the bitmap now (Apple: pending drawing is rendered
    /// to the destination). A program that draws into one context over and over and never
    /// reads it keeps at most one batch (4,096 calls) pending; `flush()` ends it sooner.
    public func flush() { flushPending() }

    /// Does nothing: drawing is finished when each call returns.
    public func synchronize() {}

    // MARK: Graphics state

    /// Pushes a copy of the graphics state (CTM, colours, line parameters, clip, …).
    public func saveGState() {
        savedStates.append(state)
    }

    /// Pops the state saved last; without one, does nothing (Apple logs an error too).
    public func restoreGState() {
        guard let saved = savedStates.popLast() else {
            return StrataDiagnostics.report("CGContext.restoreGState(): no saved state; ignored")
        }
        state = saved
    }
}
