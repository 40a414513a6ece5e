import Foundation
import Raster

extension DrawListBuilder {
    /// The most particles drawn in one frame over all emitter layers.
    static let maximumParticlesPerFrame = 50_000

    /// The commands that draw a `CAEmitterLayer`'s particles: one textured square per particle,
    /// its cell's `contents` (through `contentsRect`) tinted by the particle's colour, centred on
    /// the particle, scaled and turned. A cell without an image draws nothing, as on Apple.
    /// `additive` adds them with plusLighter; the other modes draw source-over in their order.
    func emitEmitterContent(_ layer: PresentedLayer, map: Projective, clip: Clip, opacity: Float) {
        guard let e = layer.state.emitter, !e.cells.isEmpty else { return }
        let cells = ParticleSimulation.cells(of: e)
        // Per cell: the image, the drawn part (texels) and its size in points (nil: draws nothing).
        struct Sprite { let surface: Surface; let texels: CGRect; let size: CGSize; let filter: Filter }
        let sprites: [Sprite?] = cells.map { c in
            guard let image = c.contents as? CGImage, image.width > 0, image.height > 0 else { return nil }
            let r = c.contentsRect.standardized.intersection(CGRect(x: 0, y: 0, width: 1, height: 1))
            guard !r.isNull, r.width > 0, r.height > 0 else { return nil }
            let texels = CGRect(x: r.minX * CGFloat(image.width), y: r.minY * CGFloat(image.height),
                                width: r.width * CGFloat(image.width), height: r.height * CGFloat(image.height))
            let scale = c.contentsScale > 0 && c.contentsScale.isFinite ? c.contentsScale : 1
            return Sprite(surface: image.surface, texels: texels,
                          size: CGSize(width: texels.width / scale, height: texels.height / scale),
                          filter: c.minificationFilter == .nearest && c.magnificationFilter == .nearest ? .nearest : .bilinear)
        }
        guard sprites.contains(where: { $0 != nil }) else { return }
        // Each layer draws at most its own cap, and all emitters of a frame together (under
        // replicators, say) at most `maximumParticlesPerFrame`.
        let limit = min(EmitterLayerState.maximumParticles, particleBudget)
        guard limit > 0 else { return }
        var (particles, _) = ParticleSimulation.particles(e, at: layer.localTime, limit: limit)
        particleBudget -= particles.count
        switch e.renderMode {
        case .oldestFirst: particles.sort { $0.birth < $1.birth }
        case .oldestLast: particles.sort { $0.birth > $1.birth }
        case .backToFront: particles.sort { $0.position.z < $1.position.z }
        default: break
        }
        let blend: BlendMode = e.renderMode == .additive ? .plusLighter : .normal
        let affine = map.m13 == 0 && map.m23 == 0 && map.m33 == 1
        let stretch = abs(map.m11) + abs(map.m12) + abs(map.m21) + abs(map.m22)   // ≥ the largest stretch
        let visible = CGRect(x: Double(clip.rect.x0), y: Double(clip.rect.y0),
                             width: Double(clip.rect.x1 - clip.rect.x0), height: Double(clip.rect.y1 - clip.rect.y0))
        for p in particles {
            guard let sprite = sprites[p.cell] else { continue }
            let w = sprite.size.width * p.scale, h = sprite.size.height * p.scale
            let shape = RoundedRect(minX: -w / 2, minY: -h / 2, maxX: w / 2, maxY: h / 2)
            // Particle space (centred on it, turned by its angle) → the layer's plane → device.
            let c = cos(p.angle), s = sin(p.angle)
            let toLayer = Projective(affine: c, s, -s, c, p.position.x, p.position.y)
            // Particles outside the clip (fallen off the screen) cost no command: under an affine
            // map the quad lies within its half-diagonal × the map's largest stretch of its centre.
            let toDevice = toLayer.concatenating(map)
            if affine {
                let cx = p.position.x * map.m11 + p.position.y * map.m21 + map.m31
                let cy = p.position.x * map.m12 + p.position.y * map.m22 + map.m32
                let r = (w * w + h * h).squareRoot() / 2 * stretch + 1
                if cx + r < visible.minX || cx - r > visible.maxX || cy + r < visible.minY || cy - r > visible.maxY { continue }
            }
            // Particle space → texels: the square spans the drawn part of the image.
            let kx = sprite.texels.width / w, ky = sprite.texels.height / h
            let toTexel = Projective(affine: kx, 0, 0, ky, sprite.texels.minX + sprite.texels.width / 2,
                                     sprite.texels.minY + sprite.texels.height / 2)
            appendCommand(FillCommand(shape: shape, localToDevice: toDevice,
                                      paint: .tintedTexture(sprite.surface, map: toTexel, filter: sprite.filter,
                                                            tint: Self.premultiplied(p.color)),
                                      opacity: opacity, clip: clip, blendMode: blend))
        }
    }

    /// The overlapping parts a `CAEmitterLayer` draws (0 for other layers): particles overlap
    /// one another, so a translucent emitter with cells is a group.
    static func emitterPartCount(_ s: LayerState) -> Int {
        guard let e = s.emitter, !e.cells.isEmpty else { return 0 }
        return 2
    }
}
