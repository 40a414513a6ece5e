import Foundation
import Raster

/// Shadows whose shape is known without drawing the layer: a `shadowPath`, or the rounded bounds
/// of a layer that is opaque there and draws nothing outside them (a card). Their masks come
/// from the renderer's `ShadowCache` (a rounded rect in closed form, another path's hull
/// blurred once), and the layer itself then needs no offscreen pass: the shadow is one command
/// under the layer's own. Other shadows follow the layer's drawn alpha (`emitOffscreen`).
extension DrawListBuilder {
    /// Draws `layer`'s shadow (its opacity and colour as `emitOffscreen` gives them) when its shape
    /// is known; false when the shadow must come from the layer's pixels.
    func emitShadowOfKnownShape(_ layer: PresentedLayer, matrix: CATransform3D, clip: Clip, opacity: Float,
                                groupOpacity: Bool) -> Bool {
        guard let cache = shadowCache, let color = layer.state.shadowColor else { return false }
        let s = layer.state
        let fromPath: Bool
        let shape: RoundedRect
        if let path = s.shadowPath {
            guard let known = Self.roundedRectShape(of: path) else {
                return emitHullShadow(of: path, layer, matrix: matrix, clip: clip, opacity: opacity, groupOpacity: groupOpacity)
            }
            shape = known
            fromPath = true
        } else {
            guard clip.polygon == nil, clip.roundedRects.isEmpty, clip.holes.isEmpty, clip.mask == nil,
                  groupOpacity || s.opacity >= 1 || (Self.ownPartCount(s) <= 1 && !layer.sublayers.contains { !$0.state.isHidden }),
                  Self.castsRoundedBounds(layer) else { return false }
            shape = Self.roundedBounds(s)
            fromPath = false
        }
        let map = Self.planeMap(matrix)
        // The layer's own opacity is in its drawn alpha (a path's shadow ignores it, as before).
        let alpha = opacity * (groupOpacity || !fromPath ? s.opacity : 1) * s.shadowOpacity
        // Where the layer itself is opaque (its drawn alpha is its rounded bounds, drawn at full
        // opacity with normal blending), it hides its shadow: those pixels are left out.
        let hides = !fromPath && opacity * s.opacity >= 1 && s.compositing.blendMode == nil
        guard let device = Self.axisAlignedImage(of: shape, map) else {
            return emitPlaneShadow(of: shape, s, map: map, clip: clip, alpha: alpha, color: color, hiddenUnder: hides)
        }
        guard let (region, shift) = shadowRegion(device.minX, device.minY, device.maxX, device.maxY, s, map: map, clip: clip) else { return true }
        let sigma = Self.shadowSigma(s, map)
        let origin = SIMD2(device.minX + shift.x - Double(region.x0), device.minY + shift.y - Double(region.y0))
        // A wide blur is smooth: its mask is made with the shape on whole pixels and drawn at the
        // fraction (bilinear), so a layer moving by fractions of a pixel (any animation) reuses
        // one mask instead of computing one a frame. Interpolating Φ(x/σ) between pixel centres
        // errs by at most 0.242 / (8σ²) of the shadow's alpha: under 2 levels at σ = 2, under
        // 0.2 at σ = 6. Narrower blurs are computed where they are. It is drawn at the
        // fraction in 256ths (what the bilinear weights resolve; under 1/256 px from where the
        // layer is): the map then stays exact in fixed point, so a damage redraw may clip the
        // shadow anywhere (`Projective.isSeekable`) instead of redrawing its whole columns.
        let fraction = sigma >= Self.fractionFreeShadowSigma ? origin - origin.rounded(.down) : SIMD2<Double>(0, 0)
        let drawnFraction = (fraction * 256).rounded(.down) / 256
        let local = RoundedRect(minX: origin.x - fraction.x, minY: origin.y - fraction.y,
                                maxX: origin.x - fraction.x + (device.maxX - device.minX),
                                maxY: origin.y - fraction.y + (device.maxY - device.minY),
                                topLeft: device.topLeft, topRight: device.topRight,
                                bottomRight: device.bottomRight, bottomLeft: device.bottomLeft)
        let before = cache.masksDrawn
        let mask = cache.roundedRect(width: region.x1 - region.x0, height: region.y1 - region.y0, shape: local, sigma: sigma)
        shadowsDrawn += cache.masksDrawn - before
        let hidden = hides ? Self.opaqueInterior(of: device) : nil
        appendShadow(mask, region: region, clip: clip, alpha: alpha, color: color, fraction: drawnFraction, hole: hidden)
        return true
    }

    /// The narrowest blur (device σ) whose mask is made on whole pixels and drawn at a fraction.
    static let fractionFreeShadowSigma = 2.0

    /// Whole device pixels surely inside `shape` (one pixel in from its anti-aliased rim): the
    /// larger of the two bands its corners leave, or nil when that is empty.
    static func opaqueInterior(of shape: RoundedRect) -> IntRect? {
        let left = max(shape.topLeft, shape.bottomLeft), right = max(shape.topRight, shape.bottomRight)
        let top = max(shape.topLeft, shape.topRight), bottom = max(shape.bottomLeft, shape.bottomRight)
        func inner(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> IntRect {
            IntRect(x0: deviceInt(x0.rounded(.up)) + 1, y0: deviceInt(y0.rounded(.up)) + 1,
                    x1: deviceInt(x1.rounded(.down)) - 1, y1: deviceInt(y1.rounded(.down)) - 1)
        }
        let wide = inner(shape.minX, shape.minY + top, shape.maxX, shape.maxY - bottom)
        let tall = inner(shape.minX + left, shape.minY, shape.maxX - right, shape.maxY)
        let best = wide.area >= tall.area ? wide : tall
        return best.isEmpty ? nil : best
    }

    /// The shadow of a rounded rect under a map that rotates, skews or projects it (a card
    /// turning in 3D): blurred in the layer's own plane, where Core Animation computes it, and
    /// drawn through the layer's map like the layer, so it foreshortens and turns with it. The
    /// mask depends only on the shape, the offset and `shadowRadius` (layer units), so a card
    /// that turns reuses one mask for every frame; a wide blur is stored at ½ or ¼ resolution
    /// (`ShadowCache.reductionFactor`). False when the plane's map is unusable.
    /// `hiddenUnder`: the layer paints `shape` opaque over its shadow, so the rows skip what it
    /// surely covers (`Clip.occluder`).
    private func emitPlaneShadow(of shape: RoundedRect, _ s: LayerState, map: Projective, clip: Clip, alpha: Float,
                                 color: CGColor, hiddenUnder: Bool) -> Bool {
        guard let cache = shadowCache else { return false }
        let sigma = Double(s.shadowRadius), dx = Double(s.shadowOffset.width), dy = Double(s.shadowOffset.height)
        guard sigma.isFinite, dx.isFinite, dy.isFinite, abs(dx) <= 1e6, abs(dy) <= 1e6,
              max(abs(shape.minX), abs(shape.maxX), abs(shape.minY), abs(shape.maxY)) <= 1e6 else { return false }
        let f = Double(ShadowCache.reductionFactor(sigma: sigma))
        let reach = (3 * sigma).rounded(.up) + 2
        // The region in layer units, on the mask's grid (multiples of f), and the mask's size.
        let x0 = ((shape.minX + dx - reach) / f).rounded(.down) * f, y0 = ((shape.minY + dy - reach) / f).rounded(.down) * f
        let x1 = ((shape.maxX + dx + reach) / f).rounded(.up) * f, y1 = ((shape.maxY + dy + reach) / f).rounded(.up) * f
        // Sized in doubles first: a huge or negative radius (sigma −1e20: x1 < x0 by 6e20) made
        // the conversion to Int trap (fuzz seed 1000521).
        let w = (x1 - x0) / f, h = (y1 - y0) / f
        guard w > 0, h > 0, w * h <= Double(1 << 22) else { return false }
        let width = Int(w), height = Int(h)
        let k = 1 / f
        let local = RoundedRect(minX: (shape.minX + dx - x0) * k, minY: (shape.minY + dy - y0) * k,
                                maxX: (shape.maxX + dx - x0) * k, maxY: (shape.maxY + dy - y0) * k,
                                topLeft: shape.topLeft * k, topRight: shape.topRight * k,
                                bottomRight: shape.bottomRight * k, bottomLeft: shape.bottomLeft * k)
        let before = cache.masksDrawn
        let mask = cache.roundedRect(width: width, height: height, shape: local, sigma: sigma * k)
        shadowsDrawn += cache.masksDrawn - before
        var shadowClip = Clip(rect: clip.rect)
        if hiddenUnder, let inverse = map.inverted() { shadowClip.occluder = (shape: shape, deviceToLocal: inverse) }
        appendCommand(FillCommand(shape: RoundedRect(minX: x0, minY: y0, maxX: x1, maxY: y1), localToDevice: map,
                                  paint: .alphaMask(mask, map: Projective(affine: k, 0, 0, k, -x0 * k, -y0 * k),
                                                    color: color.premultipliedARGB32),
                                  opacity: alpha, clip: shadowClip))
        return true
    }

    /// A non-rounded-rect `shadowPath`: its convex hull in device space, blurred (once per hull).
    private func emitHullShadow(of path: CGPath, _ layer: PresentedLayer, matrix: CATransform3D, clip: Clip, opacity: Float,
                                groupOpacity: Bool) -> Bool {
        let s = layer.state
        let map = Self.planeMap(matrix)
        guard let hull = Self.shadowPolygon(path, map: map, dx: 0, dy: 0), let color = s.shadowColor else { return false }
        emitPolygonShadow(hull, layer, map: map, clip: clip, alpha: opacity * (groupOpacity ? s.opacity : 1) * s.shadowOpacity,
                          color: color)
        return true
    }

    /// The shadow of the device polygon `hull` (before the offset).
    private func emitPolygonShadow(_ hull: [SIMD2<Double>], _ layer: PresentedLayer, map: Projective, clip: Clip, alpha: Float,
                                   color: CGColor) {
        guard let cache = shadowCache else { return }
        let xs = hull.map(\.x), ys = hull.map(\.y)
        guard let (region, shift) = shadowRegion(xs.min()!, ys.min()!, xs.max()!, ys.max()!, layer.state, map: map, clip: clip)
        else { return }
        let ox = shift.x - Double(region.x0), oy = shift.y - Double(region.y0)
        let before = cache.masksDrawn
        let (mask, factor) = cache.polygon(width: region.x1 - region.x0, height: region.y1 - region.y0,
                                           hull: hull.map { SIMD2($0.x + ox, $0.y + oy) }, sigma: Self.shadowSigma(layer.state, map))
        shadowsDrawn += cache.masksDrawn - before
        appendShadow(mask, region: region, clip: clip, alpha: alpha, color: color, factor: factor)
    }

    /// The shadow's mask drawn in its colour over `region` (device pixels), the mask's (0, 0) at
    /// the region's top-left, its pixels `factor` device pixels wide. Only the clip's rect
    /// applies, as to shadows from the layer's alpha.
    /// The pixels of `hole` (hidden under the layer) are left out: the rest of the region is
    /// drawn as up to four bands around it.
    /// `fraction`: the mask holds the shape that far (device pixels, each in [0, 1)) up and left
    /// of where it is, so it is sampled that far back.
    private func appendShadow(_ mask: Surface, region: IntRect, clip: Clip, alpha: Float, color: CGColor, factor: Int = 1,
                              fraction: SIMD2<Double> = .zero, hole: IntRect? = nil) {
        let k = 1 / Double(factor)
        let tx = -(Double(region.x0) + fraction.x) * k, ty = -(Double(region.y0) + fraction.y) * k
        let paint = Paint.alphaMask(mask, map: Projective(affine: k, 0, 0, k, tx, ty), color: color.premultipliedARGB32)
        for band in Self.bands(of: region, around: hole) {
            let rect = RoundedRect(minX: Double(band.x0), minY: Double(band.y0), maxX: Double(band.x1), maxY: Double(band.y1))
            appendCommand(FillCommand(shape: rect, localToDevice: .identity, paint: paint, opacity: alpha, clip: Clip(rect: clip.rect)))
        }
    }

    /// `region` less `hole`: the region itself when the hole misses it, else up to four bands
    /// (above, below, then left and right of the hole).
    static func bands(of region: IntRect, around hole: IntRect?) -> [IntRect] {
        guard let hole, case let h = hole.intersection(region), !h.isEmpty else { return [region] }
        let candidates = [IntRect(x0: region.x0, y0: region.y0, x1: region.x1, y1: h.y0),
                          IntRect(x0: region.x0, y0: h.y1, x1: region.x1, y1: region.y1),
                          IntRect(x0: region.x0, y0: h.y0, x1: h.x0, y1: h.y1),
                          IntRect(x0: h.x1, y0: h.y0, x1: region.x1, y1: h.y1)]
        return candidates.filter { !$0.isEmpty }
    }

    /// The device pixels a shadow of a shape spanning [x0, x1] × [y0, y1] (device, before the
    /// offset) can reach — grown by 3σ + 2 as `emitOffscreen` grows them, moved by the offset,
    /// within the visible area — and the offset; nil when none is visible or the offset is not finite.
    private func shadowRegion(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ s: LayerState, map: Projective,
                              clip: Clip) -> (IntRect, SIMD2<Double>)? {
        let o0 = map.apply(x: 0, y: 0), o1 = map.apply(x: s.shadowOffset.width, y: s.shadowOffset.height)
        let shift = SIMD2(o1.x - o0.x, o1.y - o0.y)
        guard shift.x.isFinite, shift.y.isFinite, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
        let reach = Double(deviceInt(max(0, s.shadowRadius * 3 * Self.linearScale(map)).rounded(.up)) + 2)
        let visible = clip.rect.intersection(target)
        let dx = max(-1e9, min(1e9, shift.x)), dy = max(-1e9, min(1e9, shift.y))
        let region = IntRect(x0: deviceInt((x0 + dx - reach).rounded(.down)), y0: deviceInt((y0 + dy - reach).rounded(.down)),
                             x1: deviceInt((x1 + dx + reach).rounded(.up)), y1: deviceInt((y1 + dy + reach).rounded(.up)))
            .intersection(visible)
        return region.isEmpty ? nil : (region, SIMD2(dx, dy))
    }

    /// The blur's σ in device pixels: `shadowRadius` scaled as the layer is (as `emitOffscreen` scales it).
    static func shadowSigma(_ s: LayerState, _ map: Projective) -> Double {
        Double(s.shadowRadius) * linearScale(map)
    }

    // MARK: Shapes

    /// `shape` in device pixels when `map` only scales (uniformly where corners are round, either
    /// sign) and translates, within ±10⁹ px; nil otherwise.
    static func axisAlignedImage(of shape: RoundedRect, _ map: Projective) -> RoundedRect? {
        guard map.m12 == 0, map.m21 == 0, map.m13 == 0, map.m23 == 0, map.m33 > 0, map.m33.isFinite else { return nil }
        let sx = map.m11 / map.m33, sy = map.m22 / map.m33
        guard sx != 0, sy != 0, sx.isFinite, sy.isFinite else { return nil }
        if !shape.isRectangle && abs(abs(sx) - abs(sy)) > 1e-9 * max(abs(sx), abs(sy)) { return nil }
        let a = map.apply(x: shape.minX, y: shape.minY), b = map.apply(x: shape.maxX, y: shape.maxY)
        // Beyond ±10⁹ px the layer's own fill draws nothing either (as the layer-alpha path found).
        guard max(abs(a.x), abs(a.y), abs(b.x), abs(b.y)) <= 1e9 else { return nil }
        let k = abs(sx)
        // A mirrored axis swaps the corners along it.
        var tl = shape.topLeft, tr = shape.topRight, br = shape.bottomRight, bl = shape.bottomLeft
        if sx < 0 { swap(&tl, &tr); swap(&bl, &br) }
        if sy < 0 { swap(&tl, &bl); swap(&tr, &br) }
        let out = RoundedRect(minX: min(a.x, b.x), minY: min(a.y, b.y), maxX: max(a.x, b.x), maxY: max(a.y, b.y),
                              topLeft: tl * k, topRight: tr * k, bottomRight: br * k, bottomLeft: bl * k)
        return out.isEmpty ? nil : out
    }

    /// The rect or circular-cornered rounded rect a path is (as `CGPath(rect:)` and
    /// `CGPath(roundedRect:…)` make them, to within 10⁻⁶ of their size), or nil.
    static func roundedRectShape(of path: CGPath) -> RoundedRect? {
        var rect = CGRect.null
        if path.isRect(&rect) {
            return RoundedRect(minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY)
        }
        guard case .move(let start)? = path.elements.first, path.elements.count == 10 else { return nil }
        let box = path.boundingBoxOfPath
        guard !box.isNull, box.width > 0, box.height > 0, box.width.isFinite, box.height.isFinite else { return nil }
        let r = start.x - box.minX
        guard r > 0, abs(start.y - box.minY) <= 1e-9 * max(1, abs(box.minY)) else { return nil }
        let candidate = CGPath(roundedRect: box, cornerWidth: r, cornerHeight: r, transform: nil)
        let tolerance = 1e-6 * max(box.width, box.height, 1)
        guard candidate.elements.count == path.elements.count else { return nil }
        for (a, b) in zip(candidate.elements, path.elements) {
            guard a.type == b.type else { return nil }
            for (p, q) in zip(a.points, b.points) where abs(p.x - q.x) > tolerance || abs(p.y - q.y) > tolerance { return nil }
        }
        return RoundedRect(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY, cornerRadius: r)
    }

    // MARK: What a layer draws

    /// Whether a layer's drawn alpha is exactly its rounded bounds: opaque there (an opaque
    /// background, or a gradient of opaque colours), circular corners, no mask, and nothing of
    /// its contents or sublayers reaching outside.
    static func castsRoundedBounds(_ layer: PresentedLayer) -> Bool {
        let s = layer.state
        let shape = roundedBounds(s)
        guard layer.mask == nil, layer.transition == nil, !shape.isEmpty, !hasContinuousCorners(s, shape),
              s.shape == nil, s.text == nil, s.replicator == nil, s.emitter == nil, s.tiled == nil else { return false }
        let gradientOpaque = s.gradient.map { g in
            let colors = g.cgColors
            return !colors.isEmpty && colors.allSatisfy { $0.alpha >= 1 }
        } ?? false
        guard (s.backgroundColor?.alpha ?? 0) >= 1 || gradientOpaque else { return false }
        if s.masksToBounds { return true }
        var budget = 64
        // Its own background, gradient and border stay inside the shape; the rest must too.
        guard let extent = drawnExtent(layer, depth: 0, budget: &budget) else { return false }
        return extent.isNull || shape.contains(extent)
    }

    /// A rect holding everything `layer`'s subtree draws, its own parts included, in its own
    /// space; nil when unknown (`drawnExtent`). Walks at most 256 layers.
    static func subtreeExtent(_ layer: PresentedLayer) -> CGRect? {
        var budget = 256
        guard let extent = drawnExtent(layer, depth: 0, budget: &budget) else { return nil }
        let own = layer.state.bounds.standardized
        let all = extent.union(own)
        guard !all.isNull, all.minX.isFinite, all.minY.isFinite, all.maxX.isFinite, all.maxY.isFinite else { return nil }
        return all
    }

    /// `subtreeExtent(layer)` in its superlayer's (or masked layer's) space: the bounding box of
    /// its corners through the layer's transform; nil when unknown or behind the eye.
    static func extentInParent(_ layer: PresentedLayer) -> CGRect? {
        subtreeExtent(layer).flatMap { projectedBox($0, layer.state.localToParent) }
    }

    /// A rect holding everything `layer`'s subtree draws, in its own space (null: nothing), leaving
    /// out at depth 0 the layer's own rounded background, gradient and border; nil when unknown
    /// (3D, emitters, shadows below, too deep or too many layers).
    private static func drawnExtent(_ layer: PresentedLayer, depth: Int, budget: inout Int) -> CGRect? {
        let s = layer.state
        budget -= 1
        guard budget >= 0, depth < 8, layer.transition == nil, s.emitter == nil else { return nil }
        if depth > 0 && (s.isHidden || s.opacity <= 0) { return .null }
        if depth > 0, s.shadowOpacity > 0, (s.shadowColor?.alpha ?? 0) > 0 { return nil }
        var extent = depth == 0 ? CGRect.null : s.bounds.standardized
        if let shape = s.shape, let path = shape.path, !path.isEmpty {
            var box = path.boundingBox
            if shape.strokeColor.map({ $0.alpha > 0 }) ?? false, shape.lineWidth > 0 {
                let hasLines = path.elements.contains { if case .line = $0 { true } else { false } }
                let w = shape.lineWidth * (shape.lineJoin == .miter && hasLines ? max(1, shape.miterLimit) : 1)
                box = box.insetBy(dx: -w, dy: -w)
            }
            extent = extent.union(box)
        }
        if let p = contentsPlacement(s) { extent = extent.union(p.dest) }
        if s.masksToBounds { return depth == 0 ? extent : s.bounds.standardized }
        let sub = s.sublayerMatrix
        for k in 0..<instanceCount(of: layer) {
            let children = k == 0 || layer.delayedInstances.isEmpty ? layer.sublayers : layer.delayedInstances[k - 1]
            let place = s.replicator.map { replicatorPlace(instance: k, $0, bounds: s.bounds) } ?? CATransform3DIdentity
            for child in children {
                guard let e = drawnExtent(child, depth: depth + 1, budget: &budget) else { return nil }
                guard !e.isNull else { continue }
                guard let mapped = affineImage(of: e, child.localToParent.concatenating(place).concatenating(sub)) else { return nil }
                extent = extent.union(mapped)
            }
        }
        return extent
    }

    /// How many times a layer's sublayers draw: once, or once per replicator instance (at most
    /// 64 counted here). Instance k > 0 draws `delayedInstances[k − 1]` when the replicator has
    /// delayed copies, else the sublayers again.
    private static func instanceCount(of layer: PresentedLayer) -> Int {
        guard let r = layer.state.replicator else { return 1 }
        let count = r.instanceDelay == 0 ? r.drawnInstanceCount : min(r.drawnInstanceCount, 1 + layer.delayedInstances.count)
        return max(0, min(count, 64))
    }

    /// Instance k's placement (`instanceTransform`^k about the replicator's centre).
    private static func replicatorPlace(instance k: Int, _ r: ReplicatorLayerState, bounds b: CGRect) -> CATransform3D {
        var m = CATransform3DIdentity
        for _ in 0..<k { m = m.concatenating(r.instanceTransform) }
        return CATransform3DMakeTranslation(-b.midX, -b.midY, 0).concatenating(m).concatenating(CATransform3DMakeTranslation(b.midX, b.midY, 0))
    }

    /// The bounding box of `rect` mapped by a 2D affine `m` (nil for 3D or perspective).
    private static func affineImage(of rect: CGRect, _ m: CATransform3D) -> CGRect? {
        guard m.m13 == 0, m.m23 == 0, m.m14 == 0, m.m24 == 0, m.m34 == 0, m.m44 == 1, m.isFinite else { return nil }
        // The four corners, without arrays (this ran for every layer of a shadowed subtree each frame).
        func x(_ px: CGFloat, _ py: CGFloat) -> CGFloat { px * m.m11 + py * m.m21 + m.m41 }
        func y(_ px: CGFloat, _ py: CGFloat) -> CGFloat { px * m.m12 + py * m.m22 + m.m42 }
        let x0 = x(rect.minX, rect.minY), x1 = x(rect.maxX, rect.minY), x2 = x(rect.maxX, rect.maxY), x3 = x(rect.minX, rect.maxY)
        let y0 = y(rect.minX, rect.minY), y1 = y(rect.maxX, rect.minY), y2 = y(rect.maxX, rect.maxY), y3 = y(rect.minX, rect.maxY)
        let minX = Swift.min(x0, x1, x2, x3), minY = Swift.min(y0, y1, y2, y3)
        return CGRect(x: minX, y: minY, width: Swift.max(x0, x1, x2, x3) - minX, height: Swift.max(y0, y1, y2, y3) - minY)
    }
}

extension RoundedRect {
    /// Whether `rect` lies inside (its corners inside the rounded outline, which is convex).
    func contains(_ rect: CGRect) -> Bool {
        guard rect.minX >= minX, rect.maxX <= maxX, rect.minY >= minY, rect.maxY <= maxY else { return false }
        func inside(_ x: Double, _ y: Double, _ cx: Double, _ cy: Double, _ r: Double) -> Bool {
            let dx = x - cx, dy = y - cy
            return dx * dx + dy * dy <= r * r
        }
        let x0 = Double(rect.minX), y0 = Double(rect.minY), x1 = Double(rect.maxX), y1 = Double(rect.maxY)
        if x0 < minX + topLeft, y0 < minY + topLeft, !inside(x0, y0, minX + topLeft, minY + topLeft, topLeft) { return false }
        if x1 > maxX - topRight, y0 < minY + topRight, !inside(x1, y0, maxX - topRight, minY + topRight, topRight) { return false }
        if x1 > maxX - bottomRight, y1 > maxY - bottomRight,
           !inside(x1, y1, maxX - bottomRight, maxY - bottomRight, bottomRight) { return false }
        if x0 < minX + bottomLeft, y1 > maxY - bottomLeft, !inside(x0, y1, minX + bottomLeft, maxY - bottomLeft, bottomLeft) { return false }
        return true
    }
}
