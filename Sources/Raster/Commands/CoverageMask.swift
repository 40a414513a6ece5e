/// An 8-bit coverage mask over a rectangle of device pixels: a clip of any shape (a clip path,
/// `CGContext.clip(to:mask:)`, a layer mask). Pixels outside `rect` have coverage 0.
///
/// A class so that a clip shared by many commands is stored once; it must not change while
/// a command that uses it is being executed.
public final class CoverageMask: @unchecked Sendable {
    /// The device pixels the mask covers.
    public let rect: IntRect
    /// Row-major coverage, `rect.width` per row, 0...255.
    let bytes: UnsafeMutablePointer<UInt8>
    /// Bytes between rows.
    let width: Int

    /// A mask of `rect` with every pixel at `fill`. An empty or inverted rect holds nothing;
    /// sizes are clamped to `Surface.maximumDimension` a side.
    public init(rect: IntRect, fill: UInt8 = 0) {
        let w = Swift.min(Swift.max(rect.x1 - rect.x0, 0), Surface.maximumDimension)
        let h = Swift.min(Swift.max(rect.y1 - rect.y0, 0), Surface.maximumDimension)
        self.rect = IntRect(x0: rect.x0, y0: rect.y0, x1: rect.x0 + w, y1: rect.y0 + h)
        width = w
        bytes = .allocate(capacity: Swift.max(w * h, 1))
        bytes.initialize(repeating: fill, count: Swift.max(w * h, 1))
    }

    deinit { bytes.deallocate() }

    /// The coverage of device pixel (x, y); 0 outside the rect. Setting outside is ignored.
    public subscript(x: Int, y: Int) -> UInt8 {
        get {
            guard x >= rect.x0, x < rect.x1, y >= rect.y0, y < rect.y1 else { return 0 }
            return bytes[(y - rect.y0) * width + (x - rect.x0)]
        }
        set {
            guard x >= rect.x0, x < rect.x1, y >= rect.y0, y < rect.y1 else { return }
            bytes[(y - rect.y0) * width + (x - rect.x0)] = newValue
        }
    }

    /// The coverage of a path over `rect`, drawn by the same rasteriser as every fill
    /// (anti-aliased unless `antialias` is false).
    public convenience init(path: PathGeometry, rule: FillRule, localToDevice: Projective, rect: IntRect,
                            antialias: Bool = true) {
        self.init(rect: rect)
        let w = self.rect.x1 - self.rect.x0, h = self.rect.y1 - self.rect.y0
        guard w > 0, h > 0 else { return }
        let surface = Surface(width: w, height: h)
        let shift = Projective.translation(Double(-self.rect.x0), Double(-self.rect.y0))
        let command = FillCommand(path: path, rule: rule, localToDevice: localToDevice.concatenating(shift),
                                  paint: .solid(0xFFFF_FFFF), antialias: antialias)
        execute([command], on: surface, threads: 1)
        for y in 0..<h {
            let row = surface.pixels + y * surface.stride
            for x in 0..<w { bytes[y * width + x] = UInt8(truncatingIfNeeded: row[x] >> 24) }
        }
    }

    /// Multiplies every pixel by `other`'s coverage there (rounded), for nested clips.
    public func intersect(_ other: CoverageMask) {
        for y in rect.y0..<rect.y1 {
            let row = bytes + (y - rect.y0) * width
            for x in rect.x0..<rect.x1 {
                let a = UInt32(row[x - rect.x0]), b = UInt32(other[x, y])
                let p = a * b + 128
                row[x - rect.x0] = UInt8((p + (p >> 8)) >> 8)
            }
        }
    }

    /// A pointer to row `y`'s coverage, or nil when the row is outside the rect.
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt8>? {
        guard y >= rect.y0, y < rect.y1, width > 0 else { return nil }
        return bytes + (y - rect.y0) * width
    }
}
