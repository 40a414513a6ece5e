import Foundation
import Raster

/// Translucent layers whose own parts overlap draw as one group, from a cached texture.
extension DrawListBuilder {
    /// The layer's own visible parts: background, contents image, border.
    static func ownPartCount(_ s: LayerState) -> Int {
        var n = 0
        if let bg = s.backgroundColor, bg.alpha > 0 { n += 1 }
        if let image = s.contents as? CGImage, image.width > 0, image.height > 0 { n += 1 }
        if s.borderWidth > 0, let bc = s.borderColor, bc.alpha > 0 { n += 1 }
        return n + kindPartCount(s)
    }

    /// The largest factor by which `map` enlarges any direction of the plane over `rect`
    /// (infinity when part of it is behind the eye or the map is not finite).
    static func maximumScale(_ map: Projective, over rect: CGRect) -> Double {
        var sigma = 0.0
        for (u, v) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)] {
            guard let s = map.stretch(atX: Double(u), y: Double(v)), s.isFinite else { return .infinity }
            sigma = max(sigma, s)
        }
        return sigma
    }

    /// Draws a layer whose own parts are a background colour and a contents image filling its
    /// bounds as one fill of the image over the colour (`Paint.textureOverColor`) inside the
    /// background's shape: the group at `opacity` (the group's) in the layer's blend mode, with
    /// no texture of its own, so layers that share an image share its texels. Only when that is the group exactly: no
    /// border, and the image clipped to the shape (`masksToBounds`) or transparent wherever it
    /// could reach beyond the rounded corners, and circular corners. False otherwise (the caller
    /// tries the cache).
    func emitContentsOverBackground(_ layer: PresentedLayer, matrix: CATransform3D, clip: Clip, opacity: Float) -> Bool {
        let s = layer.state
        guard let cache = contentCache, let bg = s.backgroundColor, bg.alpha > 0,
              !(s.borderWidth > 0 && (s.borderColor?.alpha ?? 0) > 0),
              layer.sublayers.allSatisfy({ $0.state.isHidden && $0.transition == nil }),
              let p = Self.contentsPlacement(s, flipped: contentsFlipped), !p.isNinePart else { return false }
        let b = s.bounds.standardized
        let tolerance = 1e-9 * max(1, b.width, b.height)
        guard abs(p.dest.minX - b.minX) <= tolerance, abs(p.dest.minY - b.minY) <= tolerance,
              abs(p.dest.maxX - b.maxX) <= tolerance, abs(p.dest.maxY - b.maxY) <= tolerance else { return false }
        let shape = Self.roundedBounds(s)
        // Continuous corners are a path, not this fused rounded-rect fill: the cache draws them.
        guard !Self.hasContinuousCorners(s, shape) else { return false }
        if !s.masksToBounds {
            guard cache.isTransparent(p.image, inCornersOf: shape, toTexel: p.toTexel) else { return false }
        }
        appendCommand(FillCommand(shape: shape, localToDevice: Self.planeMap(matrix),
                                  paint: .textureOverColor(p.image.surface, map: p.toTexel, filter: p.filter,
                                                           color: bg.premultipliedARGB32),
                                  opacity: opacity, clip: clip, blendMode: s.compositing.blendMode ?? .normal))
        return true
    }

    /// Draws a layer without visible sublayers as its cached content texture at `opacity` (the
    /// group's), in the layer's blend mode (a compositing filter; this drew source-over). False
    /// when the cache cannot serve it — no cache, the plane is magnified (the texture would
    /// blur), too large, or degenerate — and the caller draws an offscreen group.
    /// A special layer's text, path, gradient or tiles are in the key as their payload's
    /// generation (a key without them kept a new string's old texture: fuzz seed 3118175).
    /// Also false while the content changes with time alone: particles, a tile fading in.
    func emitCachedContent(_ layer: PresentedLayer, matrix: CATransform3D, clip: Clip, opacity: Float) -> Bool {
        guard let cache = contentCache, !changesWithTime(layer),
              layer.sublayers.allSatisfy({ $0.state.isHidden && $0.transition == nil }) else { return false }
        volatileUses += 1
        let s = layer.state
        let b = s.bounds.standardized
        guard b.width > 0, b.height > 0, b.width * b.height <= 4_194_304, b.minX.isFinite, b.minY.isFinite else { return false }
        let map = Self.planeMap(matrix)
        guard Self.maximumScale(map, over: b) <= 1 + 1e-9 else { return false }
        let tw = deviceInt(b.width.rounded(.up)), th = deviceInt(b.height.rounded(.up))
        let sx = Double(tw) / Double(b.width), sy = Double(th) / Double(b.height)
        let image = s.contents as? CGImage
        let key = LayerContentCache.Key(
            bounds: b, texelScale: SIMD2(sx, sy),
            cornerRadius: s.cornerRadius, cornerCurve: s.cornerCurve, maskedCorners: s.maskedCorners,
            background: s.backgroundColor?.premultipliedARGB32 ?? 0,
            border: s.borderColor?.premultipliedARGB32 ?? 0, borderWidth: s.borderWidth,
            contents: image.map { ObjectIdentifier($0) }, contentsRect: s.contentsRect, contentsCenter: s.contentsCenter,
            contentsGravity: s.contentsGravity, contentsScale: s.contentsScale,
            minificationFilter: s.minificationFilter, magnificationFilter: s.magnificationFilter,
            masksToBounds: s.masksToBounds, contentsFlipped: contentsFlipped, kindContent: s.kindContentGeneration)
        let (texture, fill) = cache.texture(for: key, contents: image, kindContent: s.kindContentOwner, width: tw, height: th) { surface in
            let toTexels = CATransform3DMakeTranslation(-b.minX, -b.minY, 0).concatenating(CATransform3DMakeScale(sx, sy, 1))
            return withCommandList {
                emitContent(layer, matrix: toTexels, clip: Clip(rect: IntRect(x0: 0, y0: 0, x1: tw, y1: th)), opacity: 1)
            }
        }
        if let fill { appendPass(fill) }
        // Square corners: the texture carries the rounded ones (and any contents beyond them).
        appendCommand(FillCommand(shape: RoundedRect(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY), localToDevice: map,
                                  paint: .texture(texture, map: Projective(affine: sx, 0, 0, sy, -b.minX * sx, -b.minY * sy), filter: .bilinear),
                                  opacity: opacity, clip: clip, blendMode: s.compositing.blendMode ?? .normal))
        return true
    }

    /// Whether what the layer draws of its own changes from frame to frame with nothing
    /// committed: an emitter's particles, or a tile still fading in at this frame's time.
    private func changesWithTime(_ layer: PresentedLayer) -> Bool {
        layer.state.hasLiveParticles(after: layer.localTime) || layer.state.hasTilesFading(after: frameTime)
    }
}
