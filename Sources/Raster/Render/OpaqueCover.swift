// Whether a frame's first command paints every pixel: then a renderer may skip clearing the
// framebuffer before it (the command overwrites whatever the previous frame left there). A
// renderer that skipped the clear wrongly would blend its frame with the one drawn before, so
// its pixels would depend on its history (two renderers of one tree would disagree).

extension FillCommand {
    /// True when this command alone leaves every pixel of `rect` opaque in its own colour,
    /// whatever was there before: a solid opaque colour at full opacity, blended normally, over
    /// a square-cornered rectangle whose device box (an axis-aligned map, no perspective)
    /// contains `rect`, clipped by nothing narrower than `rect`.
    ///
    /// Conservative: a device box with a coordinate beyond ±2²⁴ pixels (a root of 1e300 points,
    /// whose edges rounding can move or collapse) does not count, nor does any polygon,
    /// rounded-rect, hole or mask clip.
    package func paintsOpaquely(_ rect: IntRect) -> Bool {
        guard !rect.isEmpty, blendMode == .normal, opacity >= 1, case .solid(let color) = paint, color >> 24 == 255,
              case .roundedRect(let r) = geometry,
              r.topLeft == 0, r.topRight == 0, r.bottomRight == 0, r.bottomLeft == 0 else { return false }
        let m = localToDevice
        guard m.m13 == 0, m.m23 == 0, m.m33 == 1, m.m12 == 0, m.m21 == 0 else { return false }
        let xa = r.minX * m.m11 + m.m31, xb = r.maxX * m.m11 + m.m31
        let ya = r.minY * m.m22 + m.m32, yb = r.maxY * m.m22 + m.m32
        let limit = Double(1 << 24)
        for v in [xa, xb, ya, yb] where !(abs(v) <= limit) { return false }
        guard Swift.min(xa, xb) <= Double(rect.x0), Swift.max(xa, xb) >= Double(rect.x1),
              Swift.min(ya, yb) <= Double(rect.y0), Swift.max(ya, yb) >= Double(rect.y1) else { return false }
        let c = clip
        return c.rect.intersection(rect) == rect && c.polygon == nil && c.roundedRects.isEmpty && c.holes.isEmpty
            && c.mask == nil
    }
}

extension Array where Element == RenderPass {
    /// True when the framebuffer pass (the last) begins with a command that paints every pixel
    /// of `rect` opaque (`FillCommand.paintsOpaquely`).
    package func firstFramebufferCommandPaintsOpaquely(_ rect: IntRect) -> Bool {
        guard let last, case .framebuffer = last.target, let first = last.commands.first else { return false }
        return first.paintsOpaquely(rect)
    }
}
