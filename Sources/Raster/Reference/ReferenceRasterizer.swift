/// A plain, slow rasteriser used only by tests as the ground truth for `execute`.
///
/// Per pixel, in Double: 16×16 sub-samples decide coverage (the polygon clip is sampled too,
/// so its split edges are anti-aliased here while `execute` makes them hard); the paint is
/// evaluated once at the pixel centre; the blend is source-over rounded to 8 bits at the end
/// of each command. No spans, no fixed point, no cleverness.
public enum ReferenceRasterizer {
    /// Draws the commands onto the surface, in order, source-over.
    public static func execute(_ commands: [FillCommand], on surface: Surface) {
        for command in commands { draw(command, on: surface) }
    }

    static func draw(_ command: FillCommand, on surface: Surface) {
        // Skip what cannot be drawn, as `execute` does.
        let opacity = Double(command.opacity)
        guard opacity.isFinite, command.localToDevice.isFinite,
              let inverse = command.localToDevice.inverted() else { return }
        // The path's polygons in local coordinates, each curve cut into 256 chords.
        var polygons: [[SIMD2<Double>]] = []
        switch command.geometry {
        case .roundedRect(let shape):
            guard !shape.isEmpty else { return }
        case .path(let path, _):
            guard path.isFinite else { return }
            polygons = localPolygons(path)
        }
        let alpha = min(max(opacity, 0), 1)
        // The pixels the clip rect allows, inside the surface.
        let area = command.clip.rect.intersection(IntRect(surface))
        guard !area.isEmpty else { return }
        for y in area.y0..<area.y1 {
            for x in area.x0..<area.x1 {
                // Count the sub-samples inside the shape and every clip.
                var inside = 0
                if command.antialias {
                    for sy in 0..<16 {
                        for sx in 0..<16 {
                            // The sub-sample at the centre of its 1/16-pixel cell.
                            let px = Double(x) + (Double(sx) + 0.5) / 16
                            let py = Double(y) + (Double(sy) + 0.5) / 16
                            if covers(command, polygons, inverse, px, py) { inside += 1 }
                        }
                    }
                } else if covers(command, polygons, inverse, Double(x) + 0.5, Double(y) + 0.5) {
                    // Aliased: the pixel centre decides.
                    inside = 256
                }
                if inside == 0 { continue }
                var coverage = Double(inside) / 256
                // A coverage mask scales the coverage.
                if let mask = command.clip.mask { coverage *= Double(mask[x, y]) / 255 }
                // The paint's premultiplied colour at the pixel centre, channels 0...1.
                guard let src = paint(command.paint, inverse, Double(x) + 0.5, Double(y) + 0.5) else { continue }
                let d = unpack(surface[x, y])
                if command.blendMode == .normal {
                    // Scale by coverage and opacity (premultiplied, so all four channels).
                    let s = src * (coverage * alpha)
                    // Source-over: dst = src + dst·(1 − srcA).
                    surface[x, y] = pack(s + d * (1 - s.w))
                } else {
                    // Opacity scales the source; coverage mixes the blended result with dst.
                    let b = blend(command.blendMode, src * alpha, d)
                    surface[x, y] = pack(d + (b - d) * coverage)
                }
            }
        }
    }

    /// True when the device point is inside the shape (in front of the eye) and every clip.
    static func covers(_ command: FillCommand, _ polygons: [[SIMD2<Double>]], _ inverse: Projective,
                       _ px: Double, _ py: Double) -> Bool {
        // Back to the plane: W' = 1/W, so W' > 0 means the point lies in front of the eye.
        let h = inverse.applyHomogeneous(x: px, y: py)
        guard h.z > 0 else { return false }
        switch command.geometry {
        case .roundedRect(let shape):
            // Inside the rounded rect in local coordinates.
            guard shape.contains(h.x / h.z, h.y / h.z) else { return false }
        case .path(_, let rule):
            // The winding number of the local point decides, by the fill rule.
            let w = winding(polygons, h.x / h.z, h.y / h.z)
            guard rule == .nonZero ? w != 0 : w % 2 != 0 else { return false }
        }
        // Inside the convex polygon: on the interior side of every edge.
        if let polygon = command.clip.polygon {
            guard polygon.count >= 3, convexPolygon(polygon, contains: px, py) else { return false }
        }
        // Inside every rounded-rect clip, each in its own plane.
        for (shape, map) in command.clip.roundedRects {
            let q = map.applyHomogeneous(x: px, y: py)
            guard q.z > 0, shape.contains(q.x / q.z, q.y / q.z) else { return false }
        }
        // Outside every hole.
        for (shape, map) in command.clip.holes {
            let q = map.applyHomogeneous(x: px, y: py)
            if q.z > 0, shape.contains(q.x / q.z, q.y / q.z) { return false }
        }
        return true
    }

    /// Point-in-convex-polygon, either winding: all edge cross products share a sign.
    static func convexPolygon(_ p: [SIMD2<Double>], contains x: Double, _ y: Double) -> Bool {
        var positive = false, negative = false
        for i in 0..<p.count {
            let a = p[i], b = p[(i + 1) % p.count]
            let cross = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)
            if cross > 0 { positive = true }
            if cross < 0 { negative = true }
        }
        return !(positive && negative)
    }

    /// The premultiplied paint colour at a device point (channels r, g, b, a in 0...1).
    static func paint(_ paint: Paint, _ inverse: Projective, _ px: Double, _ py: Double) -> SIMD4<Double>? {
        switch paint {
        case .solid(let c):
            return unpack(c)
        case .texture(let t, let map, let filter):
            guard t.width > 0, t.height > 0, let uv = texel(inverse, map, px, py) else { return nil }
            return filter == .nearest ? nearest(t, uv.x, uv.y) : bilinear(t, uv.x, uv.y)
        case .textureOverColor(let t, let map, let filter, let color):
            guard t.width > 0, t.height > 0, let uv = texel(inverse, map, px, py) else { return nil }
            let top = filter == .nearest ? nearest(t, uv.x, uv.y) : bilinear(t, uv.x, uv.y)
            return top + unpack(color) * (1 - top.w)
        case .tintedTexture(let t, let map, let filter, let tint):
            guard t.width > 0, t.height > 0, let uv = texel(inverse, map, px, py) else { return nil }
            // Each premultiplied channel times the same channel of the premultiplied tint.
            let texel = filter == .nearest ? nearest(t, uv.x, uv.y) : bilinear(t, uv.x, uv.y)
            return texel * unpack(tint)
        case .alphaMask(let t, let map, let color):
            guard t.width > 0, t.height > 0, let uv = texel(inverse, map, px, py) else { return nil }
            // The colour scaled by the texture's alpha.
            return unpack(color) * bilinear(t, uv.x, uv.y).w
        case .gradient(let g, let map):
            guard let p = texel(inverse, map, px, py) else { return nil }
            return gradientColor(g, p)
        }
    }

    /// Local polygons of a path: every subpath closed, each curve as 256 chords.
    static func localPolygons(_ path: PathGeometry) -> [[SIMD2<Double>]] {
        var result: [[SIMD2<Double>]] = []
        var current: [SIMD2<Double>] = []
        var i = 0
        var last = SIMD2<Double>(0, 0)
        func finish() { if current.count >= 2 { result.append(current) }; current = [] }
        for verb in path.verbs {
            switch verb {
            case .move:
                finish(); last = path.points[i]; current = [last]; i += 1
            case .line:
                if current.isEmpty { current = [last] }
                last = path.points[i]; current.append(last); i += 1
            case .quad:
                if current.isEmpty { current = [last] }
                let a = last, c = path.points[i], b = path.points[i + 1]
                for k in 1...256 {
                    let t = Double(k) / 256
                    current.append((1 - t) * (1 - t) * a + 2 * (1 - t) * t * c + t * t * b)
                }
                last = b; i += 2
            case .cubic:
                if current.isEmpty { current = [last] }
                let a = last, c1 = path.points[i], c2 = path.points[i + 1], b = path.points[i + 2]
                for k in 1...256 {
                    let t = Double(k) / 256, u = 1 - t
                    current.append(u * u * u * a + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * b)
                }
                last = b; i += 3
            case .close:
                if let first = current.first { last = first }
                finish()
            }
        }
        finish()
        return result
    }

    /// The winding number of (x, y) around the closed polygons: +1 for each upward crossing of
    /// the ray to the right, −1 for each downward one.
    static func winding(_ polygons: [[SIMD2<Double>]], _ x: Double, _ y: Double) -> Int {
        var w = 0
        for poly in polygons {
            for k in 0..<poly.count {
                let a = poly[k], b = poly[(k + 1) % poly.count]
                // Half-open in y, so a vertex on the ray counts once.
                if (a.y <= y) != (b.y <= y) {
                    let xCross = a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y)
                    if xCross > x { w += b.y > a.y ? 1 : -1 }
                }
            }
        }
        return w
    }

    /// The premultiplied colour of a gradient at a point of its own space, computed directly
    /// from the stops (no table).
    static func gradientColor(_ g: Gradient, _ p: SIMD2<Double>) -> SIMD4<Double>? {
        var t: Double
        switch g.kind {
        case .linear(let s, let e):
            let d = e - s
            // Projection onto the axis.
            t = ((p - s) * d).sum() / (d * d).sum()
        case .radial(let c0, let r0, let c1, let r1):
            // Try t from large to small along the circles: the first circle through p wins.
            var found: Double? = nil
            let lo = g.extendsBefore ? -64.0 : 0, hi = g.extendsAfter ? 64.0 : 1
            // Solve |p − c(t)| = r(t) exactly: a quadratic.
            let cd = c1 - c0, dr = r1 - r0, q = p - c0
            let a = (cd * cd).sum() - dr * dr, b = (q * cd).sum() + r0 * dr, c = (q * q).sum() - r0 * r0
            var roots: [Double] = []
            if abs(a) < 1e-12 { if b != 0 { roots = [c / (2 * b)] } } else {
                let disc = b * b - a * c
                if disc >= 0 { roots = [(b + disc.squareRoot()) / a, (b - disc.squareRoot()) / a].sorted(by: >) }
            }
            for r in roots where r0 + r * dr >= 0 && r >= lo && r <= hi { found = r; break }
            guard let f = found else { return nil }
            t = f
        case .conic(let c, let angle):
            let d = p - c
            t = (atan2Slow(d.y, d.x) - angle) / (2 * Double.pi)
            t -= t.rounded(.down)
        }
        if t < 0 { guard g.extendsBefore else { return nil }; t = 0 }
        if t > 1 { guard g.extendsAfter else { return nil }; t = 1 }
        let stops = g.stops.sorted { $0.location < $1.location }
        guard let first = stops.first, let last = stops.last else { return nil }
        var straight: SIMD4<Double>
        func d(_ c: SIMD4<Float>) -> SIMD4<Double> { SIMD4(Double(c.x), Double(c.y), Double(c.z), Double(c.w)) }
        if t <= first.location { straight = d(first.color) } else if t >= last.location { straight = d(last.color) } else {
            let k = stops.lastIndex { $0.location <= t }!
            let a = stops[k], b = stops[k + 1]
            let f = (t - a.location) / (b.location - a.location)
            straight = d(a.color) + (d(b.color) - d(a.color)) * f
        }
        // Premultiply.
        return SIMD4(straight.x * straight.w, straight.y * straight.w, straight.z * straight.w, straight.w)
    }

    /// atan2 by bisection on the tangent's sign: slow and plainly right.
    static func atan2Slow(_ y: Double, _ x: Double) -> Double {
        if x == 0 && y == 0 { return 0 }
        var lo = -Double.pi, hi = Double.pi
        // The angle θ of (x, y) is where the direction (cos θ, sin θ) turns past it; the cross
        // product sin(θ − φ) changes sign there. 60 halvings reach Double precision.
        func cross(_ a: Double) -> Double {
            var c = 1.0, s = 0.0, term = 1.0
            // cos a, sin a by their series after reducing |a| ≤ π (60 terms are plenty).
            var n = 1.0
            var sinTerm = a
            s = a; c = 1
            for _ in 0..<40 {
                term *= -a * a / ((2 * n - 1) * (2 * n)); c += term
                sinTerm *= -a * a / ((2 * n) * (2 * n + 1)); s += sinTerm
                n += 1
            }
            return c * y - s * x
        }
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if cross(mid) > 0 { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// The W3C formulas for premultiplied colours in 0...1 (the non-separable modes use the
    /// production arithmetic, which tests check by hand-computed pixels instead).
    static func blend(_ mode: BlendMode, _ s: SIMD4<Double>, _ d: SIMD4<Double>) -> SIMD4<Double> {
        let sa = s.w, da = d.w
        switch mode {
        case .normal: return s + d * (1 - sa)
        case .clear: return .zero
        case .copy: return s
        case .sourceIn: return s * da
        case .sourceOut: return s * (1 - da)
        case .sourceAtop: return s * da + d * (1 - sa)
        case .destinationOver: return d + s * (1 - da)
        case .destinationIn: return d * sa
        case .destinationOut: return d * (1 - sa)
        case .destinationAtop: return d * sa + s * (1 - da)
        case .xor: return s * (1 - da) + d * (1 - sa)
        case .plusLighter: return pointwiseMin(s + d, SIMD4(repeating: 1))
        case .plusDarker:
            let ra = min(1, sa + da)
            var r = pointwiseMax(SIMD4(repeating: ra) - (SIMD4(repeating: sa) - s) - (SIMD4(repeating: da) - d), .zero)
            r.w = ra
            return r
        case .multiply, .screen, .darken, .lighten, .difference, .exclusion:
            var r = SIMD4<Double>(0, 0, 0, sa + da - sa * da)
            for i in 0..<3 {
                let cs = sa > 0 ? s[i] / sa : 0, cd = da > 0 ? d[i] / da : 0
                let b: Double
                switch mode {
                case .multiply: b = cs * cd
                case .screen: b = cs + cd - cs * cd
                case .darken: b = min(cs, cd)
                case .lighten: b = max(cs, cd)
                case .difference: b = abs(cs - cd)
                default: b = cs + cd - 2 * cs * cd
                }
                r[i] = (1 - da) * s[i] + (1 - sa) * d[i] + sa * da * b
            }
            return r
        default:
            let b = blendPixel(mode, pack(s), pack(d))
            return SIMD4(Double(b.x), Double(b.y), Double(b.z), Double(b.w))
        }
    }

    /// Device point → local point → texel coordinates.
    static func texel(_ inverse: Projective, _ map: Projective, _ px: Double, _ py: Double) -> SIMD2<Double>? {
        let h = inverse.applyHomogeneous(x: px, y: py)
        guard h.z > 0 else { return nil }
        let t = map.applyHomogeneous(x: h.x / h.z, y: h.y / h.z)
        guard t.z > 0 else { return nil }
        return SIMD2(t.x / t.z, t.y / t.z)
    }

    /// Bilinear sample: texel centres at +0.5, the nearest edge texel outside (clamp).
    static func bilinear(_ t: Surface, _ u: Double, _ v: Double) -> SIMD4<Double> {
        // Keep coordinates in a sane range (the result is the same: clamped texels).
        let u = min(max(u, -1), Double(t.width) + 1), v = min(max(v, -1), Double(t.height) + 1)
        // Position relative to texel centres.
        let fu = u - 0.5, fv = v - 0.5
        let iu = deviceInt(fu.rounded(.down)), iv = deviceInt(fv.rounded(.down))
        // Fractions give the weights of the right and bottom texels.
        let wu = fu - Double(iu), wv = fv - Double(iv)
        func texel(_ i: Int, _ j: Int) -> SIMD4<Double> {
            unpack(t[min(max(i, 0), t.width - 1), min(max(j, 0), t.height - 1)])
        }
        let top = texel(iu, iv) * (1 - wu) + texel(iu + 1, iv) * wu
        let bottom = texel(iu, iv + 1) * (1 - wu) + texel(iu + 1, iv + 1) * wu
        return top * (1 - wv) + bottom * wv
    }

    /// Nearest sample: the texel whose unit square holds (u, v), clamped.
    static func nearest(_ t: Surface, _ u: Double, _ v: Double) -> SIMD4<Double> {
        let u = min(max(u, -1), Double(t.width) + 1), v = min(max(v, -1), Double(t.height) + 1)
        let i = min(max(Int(u.rounded(.down)), 0), t.width - 1)
        let j = min(max(Int(v.rounded(.down)), 0), t.height - 1)
        return unpack(t[i, j])
    }

    /// 0xAARRGGBB → (r, g, b, a) in 0...1.
    static func unpack(_ p: UInt32) -> SIMD4<Double> {
        SIMD4(Double((p >> 16) & 255), Double((p >> 8) & 255), Double(p & 255), Double(p >> 24)) / 255
    }

    /// (r, g, b, a) in 0...1 → 0xAARRGGBB, each channel rounded to nearest.
    static func pack(_ c: SIMD4<Double>) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32(min(max(v * 255 + 0.5, 0), 255)) }
        return byte(c.w) << 24 | byte(c.x) << 16 | byte(c.y) << 8 | byte(c.z)
    }
}

extension RoundedRect {
    /// True when the local point is inside the outline (edges included).
    func contains(_ x: Double, _ y: Double) -> Bool {
        // Outside the bounding rectangle: outside.
        guard x >= minX, x <= maxX, y >= minY, y <= maxY else { return false }
        // In a corner square: inside only within the arc's circle.
        func arc(_ cx: Double, _ cy: Double, _ r: Double) -> Bool {
            let dx = x - cx, dy = y - cy
            return dx * dx + dy * dy <= r * r
        }
        if x < minX + topLeft, y < minY + topLeft { return arc(minX + topLeft, minY + topLeft, topLeft) }
        if x > maxX - topRight, y < minY + topRight { return arc(maxX - topRight, minY + topRight, topRight) }
        if x > maxX - bottomRight, y > maxY - bottomRight { return arc(maxX - bottomRight, maxY - bottomRight, bottomRight) }
        if x < minX + bottomLeft, y > maxY - bottomLeft { return arc(minX + bottomLeft, maxY - bottomLeft, bottomLeft) }
        // Elsewhere in the rectangle: inside.
        return true
    }
}
