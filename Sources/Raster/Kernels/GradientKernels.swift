// Gradients: a table of premultiplied colours per gradient, built once at prepare, and a span
// fetch that computes t per pixel (linear: one add per pixel under an affine map) and looks
// the colour up. 1024 entries: between two stops the table steps by at most one 8-bit level
// per entry for any pair of colours, so a gradient shows no band wider than the colours force.

/// A gradient ready for the bands.
struct PreparedGradient: Sendable {
    /// Colours in the table for t = i / (tableSize − 1).
    static let tableSize = 1024

    enum Geometry: Sendable {
        /// t = (p − origin)·axis.
        case linear(origin: SIMD2<Double>, axis: SIMD2<Double>)
        /// Circles (c0 + t·cd, r0 + t·dr); `a` = |cd|² − dr². `r0`, `cd`, `dr` and `a` are of
        /// the geometry scaled by `k` (a power of two, 1 below 1e150), as is p − c0 before use:
        /// t is the same, and the squares of a 1e160 radius no longer overflow.
        case radial(c0: SIMD2<Double>, r0: Double, cd: SIMD2<Double>, dr: Double, a: Double, k: Double)
        /// t = angle from `angle`, over 2π.
        case conic(center: SIMD2<Double>, angle: Double)
    }

    var geometry: Geometry
    /// Device pixels → gradient coordinates.
    var map: Projective
    var table: Int
    var extendsBefore: Bool, extendsAfter: Bool

    /// Nil when the geometry is not finite or degenerate in a way that draws nothing.
    init?(_ g: Gradient, deviceToGradient map: Projective, tableOffset: Int) {
        self.map = map
        table = tableOffset
        extendsBefore = g.extendsBefore
        extendsAfter = g.extendsAfter
        switch g.kind {
        case .linear(let s, let e):
            let d = e - s
            // |d| scaled first, so axes up to the largest Doubles do not overflow in |d|².
            let m = Swift.max(abs(d.x), abs(d.y))
            guard s.x.isFinite, s.y.isFinite, d.x.isFinite, d.y.isFinite else { return nil }
            // A zero-length axis: Core Graphics draws nothing.
            guard m > 0 else { return nil }
            let len = m * ((d / m) * (d / m)).sum().squareRoot()
            geometry = .linear(origin: s, axis: d / len / len)
        case .radial(let c0, let r0, let c1, let r1):
            let cd = c1 - c0, dr = r1 - r0
            guard c0.x.isFinite, c0.y.isFinite, c1.x.isFinite, c1.y.isFinite, r0.isFinite, r1.isFinite,
                  r0 >= 0, r1 >= 0, r0 > 0 || r1 > 0 || (cd * cd).sum() > 0 else { return nil }
            let m = Swift.max(abs(cd.x), abs(cd.y), abs(dr), r0, r1)
            guard m.isFinite else { return nil }
            let k = m > 1e150 ? Double(sign: .plus, exponent: -m.exponent, significand: 1) : 1
            let (r0k, cdk, drk) = (r0 * k, cd * k, dr * k)
            geometry = .radial(c0: c0, r0: r0k, cd: cdk, dr: drk, a: (cdk * cdk).sum() - drk * drk, k: k)
        case .conic(let c, let angle):
            guard c.x.isFinite, c.y.isFinite, angle.isFinite else { return nil }
            geometry = .conic(center: c, angle: angle)
        }
    }

    /// Appends `tableSize` premultiplied colours: stops sorted by location (NaN dropped,
    /// locations clamped to 0...1), straight RGBA interpolated, then premultiplied and rounded.
    static func appendTable(_ g: Gradient, to table: inout [UInt32]) {
        let stops = g.stops.filter { $0.location.isFinite }
            .map { GradientStop(location: Swift.min(Swift.max($0.location, 0), 1), color: $0.color) }
            .enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
        guard !stops.isEmpty else {
            table.append(contentsOf: repeatElement(0, count: tableSize))
            return
        }
        var k = 0
        for i in 0..<tableSize {
            let t = Double(i) / Double(tableSize - 1)
            while k + 1 < stops.count && stops[k + 1].location <= t { k += 1 }
            let c: SIMD4<Float>
            if t <= stops[0].location {
                c = stops[0].color
            } else if k + 1 >= stops.count {
                c = stops[stops.count - 1].color
            } else {
                let a = stops[k], b = stops[k + 1]
                let span = b.location - a.location
                let f = Float(span > 0 ? (t - a.location) / span : 1)
                c = a.color + (b.color - a.color) * f
            }
            table.append(premultiplied(c))
        }
    }

    /// A straight colour (NaN → 0, clamped to 0...1) as premultiplied `0xAARRGGBB`.
    static func premultiplied(_ c: SIMD4<Float>) -> UInt32 {
        @inline(__always) func unit(_ v: Float) -> Float { v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1) }
        let a = unit(c.w)
        @inline(__always) func byte(_ v: Float) -> UInt32 { UInt32(v * 255 + 0.5) }
        return byte(a) << 24 | byte(unit(c.x) * a) << 16 | byte(unit(c.y) * a) << 8 | byte(unit(c.z) * a)
    }

    /// t at gradient point (x, y), or NaN where nothing is drawn (behind the eye, no circle).
    @inline(__always)
    func parameter(_ x: Double, _ y: Double) -> Double {
        switch geometry {
        case .linear(let o, let axis):
            return (x - o.x) * axis.x + (y - o.y) * axis.y
        case .radial(let c0, let r0, let cd, let dr, let a, let k):
            // |p − c0 − t·cd| = r0 + t·dr  ⇔  a·t² − 2·b·t + c = 0, with r(t) ≥ 0; the largest
            // root whose radius is non-negative wins (later circles paint over earlier ones).
            let px = (x - c0.x) * k, py = (y - c0.y) * k
            let b = px * cd.x + py * cd.y + r0 * dr
            let c = px * px + py * py - r0 * r0
            if abs(a) < 1e-12 {
                guard b != 0 else { return .nan }
                let t = c / (2 * b)
                return r0 + t * dr >= 0 ? t : .nan
            }
            let disc = b * b - a * c
            guard disc >= 0 else { return .nan }
            let root = disc.squareRoot()
            let t1 = (b + root) / a, t2 = (b - root) / a
            let hi = Swift.max(t1, t2), lo = Swift.min(t1, t2)
            if r0 + hi * dr >= 0 && (hi <= 1 || extendsAfter) && (hi >= 0 || extendsBefore) { return hi }
            if r0 + lo * dr >= 0 { return lo }
            return .nan
        case .conic(let c, let angle):
            var t = (atan2Approx(y - c.y, x - c.x) - angle) / (2 * Double.pi)
            t -= t.rounded(.down)
            return t
        }
    }

    /// The premultiplied colour for t (NaN, or outside 0...1 without extension: transparent).
    @inline(__always)
    func color(_ t: Double, _ table: UnsafePointer<UInt32>) -> UInt32 {
        var u = t
        if !(u >= 0) {
            guard u < 0, extendsBefore else { return 0 }
            u = 0
        } else if u > 1 {
            guard extendsAfter else { return 0 }
            u = 1
        }
        return table[self.table &+ Int(u * Double(Self.tableSize - 1) + 0.5)]
    }
}

/// atan2 for the conic gradient. Raster imports only the standard library (DESIGN.md), which
/// has no atan2: a reduction to |z| ≤ tan(π/12) and a 12-term series, error below 1e-15 rad.
@inline(__always)
func atan2Approx(_ y: Double, _ x: Double) -> Double {
    let ax = abs(x), ay = abs(y)
    if ax == 0 && ay == 0 { return 0 }
    // Reduce to atan(z), 0 ≤ z ≤ 1, then to |z| ≤ tan(π/12) by the identity with 1/√3.
    let swap = ay > ax
    var z = swap ? ax / ay : ay / ax
    var offset = 0.0
    let k = 0.2679491924311227 // tan(π/12)
    if z > k {
        z = (z - 0.5773502691896258) / (1 + 0.5773502691896258 * z)
        offset = Double.pi / 6
    }
    // atan(z) = z − z³/3 + z⁵/5 − … ; |z| ≤ 0.268: 12 terms reach 1e-16.
    let z2 = z * z
    var s = 0.0
    var i = 23.0
    while i >= 1 { s = 1 / i - z2 * s; i -= 2 }
    var r = offset + z * s
    if swap { r = Double.pi / 2 - r }
    if x < 0 { r = Double.pi - r }
    return y < 0 ? -r : r
}

/// Writes `count` premultiplied gradient colours for the pixels of row `y` from column `x0`,
/// scaled by `scale` (0...255), into `out`.
@inline(__always)
func fetch_gradient(_ out: UnsafeMutablePointer<UInt32>, _ count: Int, _ g: UnsafePointer<PreparedGradient>,
                    _ table: UnsafePointer<UInt32>, x0: Int, y: Int, scale: UInt32, lanes: Bool = vectorKernels) {
    let m = g.pointee.map
    let py = Double(y) + 0.5
    if case .linear(let o, let axis) = g.pointee.geometry, m.isAffine, m.m33 == 1 {
        // t is affine in x: one multiply-add per pixel, from the row's value at x = 0 so that
        // a pixel's t does not depend on where its span starts (damage redraws clip anywhere).
        let gx = m.m21 * py + m.m31, gy = m.m22 * py + m.m32
        let rowT = (gx - o.x) * axis.x + (gy - o.y) * axis.y, dt = m.m11 * axis.x + m.m12 * axis.y
        var first = 0
        if lanes {
            let colours = LinearGradientLanes(g, table, scale: scale)
            while first &+ 8 <= count {
                let x = SIMD8<Double>(0, 1, 2, 3, 4, 5, 6, 7) + SIMD8(repeating: Double(x0 &+ first)) + 0.5
                store8(colours.at(SIMD8(repeating: rowT) + SIMD8(repeating: dt) * x, drawn: .init(repeating: true)), out + first)
                first &+= 8
            }
        }
        for i in first..<Swift.max(first, count) {
            let c = g.pointee.color(rowT + dt * (Double(x0 &+ i) + 0.5), table)
            out[i] = scale == 255 ? c : mul255(c, scale)
        }
        return
    }
    var first = 0
    if lanes, case .linear(let o, let axis) = g.pointee.geometry {
        first = fetch_linear_gradient_perspective(out, count, g, table, o: o, axis: axis, x0: x0, py: py, scale: scale)
    }
    for i in first..<Swift.max(first, count) {
        let h = m.applyHomogeneous(x: Double(x0 + i) + 0.5, y: py)
        guard h.z > 0 else { out[i] = 0; continue }
        let c = g.pointee.color(g.pointee.parameter(h.x / h.z, h.y / h.z), table)
        out[i] = scale == 255 ? c : mul255(c, scale)
    }
}

/// The groups of eight pixels of `fetch_gradient`'s projective loop for a linear gradient,
/// with the same floating-point operations in the same order as one pixel at a time (so the
/// same t, table entry and colour per lane); returns how many pixels it wrote (a multiple of 8).
@inline(__always)
func fetch_linear_gradient_perspective(_ out: UnsafeMutablePointer<UInt32>, _ count: Int, _ g: UnsafePointer<PreparedGradient>,
                                       _ table: UnsafePointer<UInt32>, o: SIMD2<Double>, axis: SIMD2<Double>,
                                       x0: Int, py: Double, scale: UInt32) -> Int {
    let m = g.pointee.map
    typealias D = SIMD8<Double>
    // `applyHomogeneous`: x·m11 + y·m21 + m31 (left to right), and likewise Y and W.
    let ym = (D(repeating: py * m.m21), D(repeating: py * m.m22), D(repeating: py * m.m23))
    let colours = LinearGradientLanes(g, table, scale: scale)
    var i = 0
    while i &+ 8 <= count {
        let x = D(0, 1, 2, 3, 4, 5, 6, 7) + D(repeating: Double(x0 &+ i)) + 0.5
        let X = x * m.m11 + ym.0 + m.m31, Y = x * m.m12 + ym.1 + m.m32, W = x * m.m13 + ym.2 + m.m33
        let t = (X / W - o.x) * axis.x + (Y / W - o.y) * axis.y
        store8(colours.at(t, drawn: W .> D(repeating: 0)), out + i)
        i &+= 8
    }
    return i
}

/// `PreparedGradient.color` and the scale of `fetch_gradient` for eight values of t.
struct LinearGradientLanes {
    let base: UnsafePointer<UInt32>
    let before: Bool, after: Bool
    let scale: UInt32

    @inline(__always)
    init(_ g: UnsafePointer<PreparedGradient>, _ table: UnsafePointer<UInt32>, scale: UInt32) {
        base = table + g.pointee.table
        before = g.pointee.extendsBefore
        after = g.pointee.extendsAfter
        self.scale = scale
    }

    /// The colours for t, transparent where not `drawn` (W ≤ 0), where t is NaN, and beyond an
    /// end that does not extend; the entry is Int(t · 1023 + 0.5) of t clamped to 0...1.
    @inline(__always)
    func at(_ t: SIMD8<Double>, drawn: SIMDMask<SIMD8<Int64>>) -> SIMD8<UInt32> {
        typealias D = SIMD8<Double>
        let zero = D(repeating: 0), one = D(repeating: 1)
        var clear = .!drawn .| .!(t .== t)
        if !before { clear = clear .| (t .< zero) }
        if !after { clear = clear .| (t .> one) }
        var c = t.replacing(with: zero, where: .!(t .>= zero))
        c = c.replacing(with: one, where: c .> one)
        // 0.5 ≤ value ≤ 1023.5: floor is Int(value).
        let index = floorToUInt32(c * Double(PreparedGradient.tableSize - 1) + 0.5)
        let keep = ~pixelMask(clear)
        var colours = SIMD8<UInt32>()
        for k in 0..<8 { colours[k] = base[Int(index[k])] }
        colours &= keep
        return scale == 255 ? colours : mul255x8(colours, spread: spread(SIMD8(repeating: scale)))
    }
}
