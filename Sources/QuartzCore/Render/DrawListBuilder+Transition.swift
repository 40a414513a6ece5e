import Foundation
import Raster

/// Drawing a layer with a running `CATransition`: its old and new looks, each through the
/// ordinary path, in the layer's plane (slides, flips and cubes), or one of them curled.
extension DrawListBuilder {
    /// Draws the passes of `transition` back to front, each moved in the layer's own space by
    /// its transform (its opacity is already in its root's state). Slides, flips and cubes are not
    /// clipped to the layer's bounds: as on Apple, a push or move-in shows outside them unless an
    /// ancestor masks. A curled page is (it lifts off the layer, not off the screen).
    func emitTransition(_ transition: PresentedTransition, matrix: CATransform3D, clip: Clip, opacity: Float) {
        for pass in transition.passes {
            if let curl = pass.curl {
                emitCurledPage(pass.layer, curl, matrix: matrix, clip: clip, opacity: opacity)
            } else {
                emit(pass.layer, matrix: pass.transform.concatenating(matrix), clip: clip, opacity: opacity)
            }
        }
    }

    /// Draws `layer` as a page curled off an edge: its look rendered once into a texture (and a
    /// veiled copy for the paper's back), then the flat part, the part wrapped round a cylinder
    /// (strips of projective textured quads, tinted darker by their slope) and the part folded
    /// back over the top (its back side: the content mirrored under a white veil), with a
    /// shadow on what the page uncovers.
    ///
    /// The page's arc length `s` runs from the lifting edge; the cylinder (radius `R` = 1/8 of
    /// the page's length `L`) lies across the page at `a` = amount · (L + πR), so at amount 1
    /// the whole page has rolled past the far edge. A point with `s` > `a` lies flat; one with
    /// `d` = `a` − `s` ≤ πR is on the cylinder at `a` − R·sin(d/R), height R·(1 − cos(d/R));
    /// beyond, it lies flat again at height 2R, going back: at 2a − πR − s.
    func emitCurledPage(_ layer: PresentedLayer, _ curl: PresentedTransition.PageCurl, matrix: CATransform3D,
                        clip: Clip, opacity: Float) {
        let b = layer.state.bounds.standardized
        guard b.width > 0, b.height > 0, b.width.isFinite, b.height.isFinite, matrix.isFinite else { return }
        let map = Self.planeMap(matrix)
        let visible = clip.rect.intersection(target)
        guard !visible.isEmpty, let page = curlTextures(layer, bounds: b, map: map, visible: visible) else { return }
        let geometry = CurlGeometry(bounds: b, edge: curl.edge, amount: curl.amount)
        let pageClip = Self.clip(clip, adding: RoundedRect(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY), map: map)
        let alpha = opacity * max(0, min(layer.state.opacity, 1))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / PresentedTransition.eyeDistance(b)
        let view = CATransform3DMakeTranslation(-b.midX, -b.midY, 0).concatenating(perspective)
            .concatenating(CATransform3DMakeTranslation(b.midX, b.midY, 0)).concatenating(matrix)

        func draw(_ part: CurlGeometry.Part) {
            let toDevice = Self.planeMap(part.transform.concatenating(view))
            let r = part.localRect
            let shape = PathGeometry(rect: Double(r.minX), Double(r.minY), Double(r.maxX), Double(r.maxY))
            let paint: Paint
            switch part.paint {
            case let .front(shade): paint = .tintedTexture(page.front, map: page.localToTexel, filter: .bilinear, tint: Self.gray(shade))
            case let .back(shade): paint = .tintedTexture(page.back, map: page.localToTexel, filter: .bilinear, tint: Self.gray(shade))
            case let .shadow(from, to, alpha):
                let gradient = Gradient(kind: .linear(start: SIMD2(Double(from.x), Double(from.y)), end: SIMD2(Double(to.x), Double(to.y))),
                                        stops: [GradientStop(location: 0, color: SIMD4(0, 0, 0, 0)),
                                                GradientStop(location: 1, color: SIMD4(0, 0, 0, Float(alpha)))],
                                        extendsBefore: false, extendsAfter: false)
                paint = .gradient(gradient, map: .identity)
            }
            appendCommand(FillCommand(path: shape, rule: .nonZero, localToDevice: toDevice, paint: paint, opacity: alpha, clip: pageClip))
        }
        for part in geometry.parts() { draw(part) }
    }

    /// The layer's look rendered flat into an offscreen texture (a pass before this frame's),
    /// at the device's scale but no larger a side than twice what can show (`visible`, in device
    /// pixels) nor 4096 pixels, and the paper's back: the same look under a 70 % white veil;
    /// with their local → texel map.
    private func curlTextures(_ layer: PresentedLayer, bounds b: CGRect, map: Projective, visible: IntRect)
        -> (front: Surface, back: Surface, localToTexel: Projective)? {
        let side = Double(min(4096, max(16, 2 * max(visible.x1 - visible.x0, visible.y1 - visible.y0))))
        var k = Self.textDeviceScale(map)
        k = min(max(k.isFinite ? k : 1, 1e-9), 4, side / Double(b.width), side / Double(b.height))
        let w = max(1, Int((Double(b.width) * k).rounded(.up))), h = max(1, Int((Double(b.height) * k).rounded(.up)))
        guard w <= 4096, h <= 4096 else { return nil }
        let front = Surface(width: w, height: h), back = Surface(width: w, height: h)
        let toTexture = CATransform3DMakeTranslation(-b.minX, -b.minY, 0).concatenating(CATransform3DMakeScale(CGFloat(k), CGFloat(k), 1))
        let whole = IntRect(x0: 0, y0: 0, x1: w, y1: h)
        let content = withCommandList { emitAfreshWhole(layer, matrix: toTexture, clip: Clip(rect: whole), opacity: 1) }
        appendPass(RenderPass(target: .offscreen(front), commands: content))
        // The veil only where the page has ink: source-atop keeps the back's alpha the front's.
        let veil = FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: Double(w), maxY: Double(h)), localToDevice: .identity,
                               paint: .solid(CurlGeometry.white), opacity: 0.7, clip: Clip(rect: whole), blendMode: .sourceAtop)
        appendPass(RenderPass(target: .offscreen(back), load: .copy(front), commands: [veil]))
        return (front, back, Projective(affine: k, 0, 0, k, -Double(b.minX) * k, -Double(b.minY) * k))
    }

    /// An opaque gray tint that scales colour by `shade` (0…1) and keeps alpha.
    static func gray(_ shade: Double) -> UInt32 {
        let v = UInt32((min(max(shade, 0), 1) * 255).rounded())
        return 0xFF00_0000 | v << 16 | v << 8 | v
    }
}

/// Where the pieces of a curled page go (see `DrawListBuilder.emitCurledPage`), in the page's
/// canonical frame — `u` along the lifting edge, `s` away from it, `z` towards the viewer —
/// mapped to and from the layer's own coordinates by `frame`.
struct CurlGeometry {
    /// One piece: the flat page rectangle it covers (layer coordinates), the transform that puts
    /// it in place in 3D (layer coordinates, acting first) and what it is painted with.
    struct Part {
        var localRect: CGRect
        var transform: CATransform3D
        var paint: PartPaint
    }

    /// The page's front or back scaled by a shade (1: as it is), or the shadow: black from
    /// transparent at `from` to `alpha` at `to` (layer coordinates).
    enum PartPaint: Equatable {
        case front(Double), back(Double)
        case shadow(from: CGPoint, to: CGPoint, alpha: Double)
    }

    let bounds: CGRect
    let edge: TransitionFrame.Edge
    /// The page's length along `s` and its extent along `u`.
    let length: CGFloat, uRange: ClosedRange<CGFloat>
    let radius: CGFloat
    /// The cylinder axis, along `s`.
    let axis: CGFloat
    /// Canonical (u, s, z) → layer (x, y, z), and back.
    let frame: CATransform3D, inverse: CATransform3D

    /// Cylinder strips per half turn.
    static let strips = 24
    static let white: UInt32 = 0xFFFF_FFFF

    init(bounds b: CGRect, edge: TransitionFrame.Edge, amount: Double) {
        bounds = b
        self.edge = edge
        var f = CATransform3DIdentity
        switch edge {
        case .bottom: f.m22 = -1; f.m42 = b.maxY
        case .top: f.m42 = b.minY
        case .right: f.m11 = 0; f.m22 = 0; f.m21 = -1; f.m41 = b.maxX; f.m12 = 1
        case .left: f.m11 = 0; f.m22 = 0; f.m21 = 1; f.m41 = b.minX; f.m12 = 1
        }
        frame = f
        inverse = CATransform3DInvert(f)
        let vertical = edge == .top || edge == .bottom
        length = vertical ? b.height : b.width
        uRange = vertical ? b.minX...b.maxX : b.minY...b.maxY
        radius = max(length / 8, 0.5)
        let a = CGFloat(min(max(amount.isFinite ? amount : 0, 0), 1))
        axis = a * (length + .pi * radius)
    }

    /// The layer rectangle of the page between `s0` and `s1`.
    func rect(_ s0: CGFloat, _ s1: CGFloat) -> CGRect {
        let p = CGPoint(x: uRange.lowerBound, y: s0).applying3D(frame)
        let q = CGPoint(x: uRange.upperBound, y: s1).applying3D(frame)
        return CGRect(x: min(p.x, q.x), y: min(p.y, q.y), width: abs(q.x - p.x), height: abs(q.y - p.y))
    }

    /// The layer transform that moves the page's `(u, s)` to `(u, α + β·s)` at height `γ + δ·s`.
    func placing(alpha: CGFloat, beta: CGFloat, gamma: CGFloat, delta: CGFloat) -> CATransform3D {
        var c = CATransform3DIdentity
        c.m22 = beta; c.m23 = delta; c.m42 = alpha; c.m43 = gamma
        return inverse.concatenating(c).concatenating(frame)
    }

    /// Where the page point `s` is on the cylinder: along `s` and its height.
    func onCylinder(_ s: CGFloat) -> (CGFloat, CGFloat) {
        let theta = (axis - s) / radius
        return (axis - radius * sin(theta), radius * (1 - cos(theta)))
    }

    /// The pieces, back to front: the shadow on the uncovered content, the flat page, the
    /// cylinder strips (lowest first) and the part folded over the top.
    func parts() -> [Part] {
        var out = shadow()
        let halfTurn = CGFloat.pi * radius
        if axis < length {
            out.append(Part(localRect: rect(max(axis, 0), length), transform: CATransform3DIdentity, paint: .front(1)))
        }
        // Strips from the axis back along the page, each a chord of the cylinder.
        let lo = max(axis - halfTurn, 0), hi = min(axis, length)
        if hi > lo {
            let step = halfTurn / CGFloat(Self.strips)
            var s1 = hi
            while s1 > lo {
                let s0 = max(s1 - step, lo)
                let (p0, z0) = onCylinder(s0), (p1, z1) = onCylinder(s1)
                let beta = (p1 - p0) / (s1 - s0), delta = (z1 - z0) / (s1 - s0)
                let theta = Double((axis - (s0 + s1) / 2) / radius)
                // Overlapping by up to a point hides the anti-aliased seams between strips (the later,
                // higher strip covers the earlier one's edge with the same texels).
                let pad = min(step * 0.5, 1)
                out.append(Part(localRect: rect(max(s0 - pad, 0), min(s1 + pad, length)),
                                transform: placing(alpha: p0 - beta * s0, beta: beta, gamma: z0 - delta * s0, delta: delta),
                                paint: shade(theta)))
                s1 = s0
            }
        }
        if axis - halfTurn > 0 {
            let s1 = min(axis - halfTurn, length)
            out.append(Part(localRect: rect(0, s1), transform: placing(alpha: 2 * axis - halfTurn, beta: -1, gamma: 2 * radius, delta: 0),
                            paint: shade(.pi)))
        }
        return out
    }

    /// The shading of a strip turned by `theta`: the front darkens as it turns away from the
    /// light (by up to 30 % at a quarter turn); past a quarter turn the back shows, darkened by
    /// up to 15 %.
    func shade(_ theta: Double) -> PartPaint {
        theta <= .pi / 2 ? .front(1 - 0.3 * sin(theta)) : .back(1 - 0.15 * sin(theta))
    }

    /// The page's shadow on the uncovered content: black fading in over half a radius up to the
    /// cylinder's foot, at most 35 %.
    func shadow() -> [Part] {
        let foot = axis - radius
        let width = radius / 2
        let lo = max(foot - width, 0), hi = min(foot, length)
        guard foot > 0, hi > lo else { return [] }
        let u = uRange.lowerBound
        return [Part(localRect: rect(lo, hi), transform: CATransform3DIdentity,
                     paint: .shadow(from: CGPoint(x: u, y: foot - width).applying3D(frame),
                                    to: CGPoint(x: u, y: foot).applying3D(frame), alpha: 0.35))]
    }
}

private extension CGPoint {
    /// The point (x, y, 0) mapped by `t` (affine in x and y; no projection).
    func applying3D(_ t: CATransform3D) -> CGPoint {
        CGPoint(x: x * t.m11 + y * t.m21 + t.m41, y: x * t.m12 + y * t.m22 + t.m42)
    }
}
