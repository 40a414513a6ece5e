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
        guard opacity.isFinite, !command.shape.isEmpty, command.localToDevice.isFinite,
              let inverse = command.localToDevice.inverted() else { return }
        let alpha = min(max(opacity, 0), 1)
        // The pixels the clip rect allows, inside the surface.
        let area = command.clip.rect.intersection(IntRect(surface))
        guard !area.isEmpty else { return }
        for y in area.y0..<area.y1 {
            for x in area.x0..<area.x1 {
                // Count the sub-samples inside the shape and every clip.
                var inside = 0
                for sy in 0..<16 {
                    for sx in 0..<16 {
                        // The sub-sample at the centre of its 1/16-pixel cell.
                        let px = Double(x) + (Double(sx) + 0.5) / 16
                        let py = Double(y) + (Double(sy) + 0.5) / 16
                        if covers(command, inverse, px, py) { inside += 1 }
                    }
                }
                if inside == 0 { continue }
                let coverage = Double(inside) / 256
                // The paint's premultiplied colour at the pixel centre, channels 0...1.
                guard let src = paint(command.paint, inverse, Double(x) + 0.5, Double(y) + 0.5) else { continue }
                // Scale by coverage and opacity (premultiplied, so all four channels).
                let s = src * (coverage * alpha)
                // Source-over: dst = src + dst·(1 − srcA).
                let d = unpack(surface[x, y])
                surface[x, y] = pack(s + d * (1 - s.w))
            }
        }
    }

    /// True when the device point is inside the shape (in front of the eye) and every clip.
    static func covers(_ command: FillCommand, _ inverse: Projective, _ px: Double, _ py: Double) -> Bool {
        // Back to the plane: W' = 1/W, so W' > 0 means the point lies in front of the eye.
        let h = inverse.applyHomogeneous(x: px, y: py)
        guard h.z > 0 else { return false }
        // Inside the rounded rect in local coordinates.
        guard command.shape.contains(h.x / h.z, h.y / h.z) else { return false }
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
        case .alphaMask(let t, let map, let color):
            guard t.width > 0, t.height > 0, let uv = texel(inverse, map, px, py) else { return nil }
            // The colour scaled by the texture's alpha.
            return unpack(color) * bilinear(t, uv.x, uv.y).w
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
        let iu = Int(fu.rounded(.down)), iv = Int(fv.rounded(.down))
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
