import Glibc

/// Fills `surface` with the alpha of a rounded rectangle blurred by a Gaussian of standard
/// deviation `sigma` pixels, computed in closed form rather than by blurring a surface: a shadow
/// whose shape is a rect or rounded rect (`CALayer.shadowPath`, or an opaque layer's rounded
/// bounds). The pixels are black with that alpha (premultiplied), so `Paint.alphaMask` draws
/// them in the shadow's colour. `shape` is in the surface's pixel coordinates; pixel (i, j)
/// covers `[i, i+1)×[j, j+1)` and holds its average over that square (the box-filtered Gaussian,
/// as a rasterised shape blurred would). σ ≤ 0 gives the shape's exact coverage; σ is capped at
/// 1024, as `blur` caps it.
///
/// The Gaussian is separable, so a band of the shape with a constant horizontal extent
/// [xl, xr] × [t0, t1] blurs to the product of two one-dimensional terms, each a difference of
/// `G(a) = ∫Φ(u/σ)du = a·Φ(a/σ) + σ·φ(a/σ)` at the pixel's edges. The straight middle of the
/// shape is one such band; each rounded end is sliced into bands ≤ ½ px tall (their extent
/// taken at the slice's middle), and the bands add up. Cost: O(pixels × slices near the ends),
/// about 1 ms for a 330 × 490 mask with 20 px corners; run once per shape and kept.
public func fillBlurredRoundedRect(_ surface: Surface, shape: RoundedRect, sigma: Double) {
    let w = surface.width, h = surface.height
    guard w > 0, h > 0 else { return }
    for y in 0..<h { surface.row(y).update(repeating: 0, count: w) }
    guard !shape.isEmpty, shape.minX.isFinite, shape.minY.isFinite else { return }
    let s = sigma.isFinite && sigma > 0 ? Swift.min(sigma, 1024) : 0
    let acc = UnsafeMutablePointer<Float>.allocate(capacity: w * h)
    defer { acc.deallocate() }
    acc.initialize(repeating: 0, count: w * h)
    let hx = UnsafeMutablePointer<Float>.allocate(capacity: w)
    defer { hx.deallocate() }
    let edge = UnsafeMutablePointer<Double>.allocate(capacity: Swift.max(w, h) + 1)
    defer { edge.deallocate() }
    // Beyond 6σ + 2 of the mask nothing reaches it: bands are cut there, so that far-off
    // coordinates (a huge layer) keep their precision in the differences below.
    let reach = 6 * s + 2
    func near(_ v: Double, _ size: Int) -> Double { Swift.max(-reach - 1, Swift.min(Double(size) + reach + 1, v)) }
    for band in BlurredRoundedRectBands(shape, sigma: s) {
        guard band.xl.isFinite, band.xr.isFinite, band.xr > band.xl else { continue }
        // Vertical: the band's weight per row, reaching rows within 6σ + 2 of it.
        let y0 = Int(Swift.max(0, Swift.min(Double(h), (band.t0 - reach).rounded(.down))))
        let y1 = Int(Swift.max(0, Swift.min(Double(h), (band.t1 + reach).rounded(.up))))
        guard y0 < y1 else { continue }
        let t0 = near(band.t0, h), t1 = near(band.t1, h)
        // Horizontal: the band's extent, box-filtered per pixel column.
        pixelAverages(from: near(band.xl, w), to: near(band.xr, w), count: w, sigma: s, edge: edge) { x, v in hx[x] = Float(v) }
        for y in y0..<y1 {
            let wy = Float(boxedBand(Double(y), t0, t1, s))
            guard wy > 1e-7 else { continue }
            let row = acc + y * w
            for x in 0..<w { row[x] += wy * hx[x] }
        }
    }
    for y in 0..<h {
        let row = surface.row(y), a = acc + y * w
        for x in 0..<w {
            let v = a[x] > 0 ? (a[x] < 1 ? a[x] : 1) : 0   // NaN: 0
            row[x] = UInt32(v * 255 + 0.5) << 24
        }
    }
}

/// The straight middle and the thin slices of the rounded ends of a rounded rect, each a band
/// [t0, t1] of rows with one horizontal extent [xl, xr].
struct BlurredRoundedRectBands: Sequence, IteratorProtocol {
    struct Band { var t0: Double, t1: Double, xl: Double, xr: Double }
    private let shape: RoundedRect
    private let top: Double, bottom: Double, step: (top: Double, bottom: Double)
    private let counts: (top: Int, bottom: Int)
    private var index = 0

    init(_ shape: RoundedRect, sigma: Double) {
        self.shape = shape
        top = Swift.max(shape.topLeft, shape.topRight)
        bottom = Swift.max(shape.bottomLeft, shape.bottomRight)
        // Slices of σ/6 (⅛ px for a sharp shadow, at most 1½ px), at most 4,096 per end: the
        // blur smooths what the slices' straight sides miss of the arc.
        let target = Swift.min(1.5, Swift.max(0.125, sigma / 6))
        let nt = top > 0 ? Int(Swift.min(4096, (top / target).rounded(.up))) : 0
        let nb = bottom > 0 ? Int(Swift.min(4096, (bottom / target).rounded(.up))) : 0
        counts = (nt, nb)
        step = (nt > 0 ? top / Double(nt) : 0, nb > 0 ? bottom / Double(nb) : 0)
    }

    mutating func next() -> Band? {
        let r = shape
        if index == 0 {
            index = 1
            let t0 = r.minY + top, t1 = r.maxY - bottom
            if t1 > t0 { return Band(t0: t0, t1: t1, xl: r.minX, xr: r.maxX) }
        }
        var k = index - 1
        index += 1
        if k < counts.top {
            let t0 = r.minY + Double(k) * step.top, t1 = t0 + step.top
            let d = r.minY + top - (t0 + t1) / 2   // height above the arcs' common start line
            return Band(t0: t0, t1: t1, xl: r.minX + inset(r.topLeft, top - d),
                        xr: r.maxX - inset(r.topRight, top - d))
        }
        k -= counts.top
        guard k < counts.bottom else { return nil }
        let t1 = r.maxY - Double(k) * step.bottom, t0 = t1 - step.bottom
        let d = (t0 + t1) / 2 - (r.maxY - bottom)
        return Band(t0: t0, t1: t1, xl: r.minX + inset(r.bottomLeft, bottom - d),
                    xr: r.maxX - inset(r.bottomRight, bottom - d))
    }

    /// How far a corner of radius `radius` pulls the edge in at `fromEdge` (0…) from the rect's
    /// top or bottom edge: 0 below the arc, √ of the circle above it.
    private func inset(_ radius: Double, _ fromEdge: Double) -> Double {
        guard radius > 0, fromEdge < radius else { return 0 }
        let q = (radius - Swift.max(0, fromEdge)) / radius   // scaled, so huge radii do not overflow
        return radius * (1 - (Swift.max(0, 1 - q * q)).squareRoot())
    }
}

/// `G(a) = ∫_{−∞}^{a} Φ(u/σ) du`: the Gaussian's cumulative, integrated once (σ = 0: max(a, 0)).
@inline(__always)
private func integratedCDF(_ a: Double, _ sigma: Double) -> Double {
    guard sigma > 0 else { return Swift.max(a, 0) }
    let z = a / sigma
    if z < -9 { return 0 }
    if z > 9 { return a }
    let cdf = 0.5 * erfc(-z * 0.7071067811865476)
    let pdf = 0.3989422804014327 * exp(-0.5 * z * z)
    return a * cdf + sigma * pdf
}

/// The average over [p, p + 1] of the blurred indicator of [lo, hi].
@inline(__always)
func boxedBand(_ p: Double, _ lo: Double, _ hi: Double, _ sigma: Double) -> Double {
    (integratedCDF(p + 1 - lo, sigma) - integratedCDF(p - lo, sigma))
        - (integratedCDF(p + 1 - hi, sigma) - integratedCDF(p - hi, sigma))
}

/// `body(i, boxedBand(i, lo, hi, σ))` for pixels 0..<count, evaluating G once per pixel edge.
private func pixelAverages(from lo: Double, to hi: Double, count: Int, sigma: Double,
                           edge: UnsafeMutablePointer<Double>, _ body: (Int, Double) -> Void) {
    for i in 0...count { edge[i] = integratedCDF(Double(i) - lo, sigma) - integratedCDF(Double(i) - hi, sigma) }
    for i in 0..<count { body(i, edge[i + 1] - edge[i]) }
}
