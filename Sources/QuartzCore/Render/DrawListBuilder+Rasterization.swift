import Foundation
import Raster

/// `shouldRasterize`: a layer's subtree drawn once into a bitmap in the layer's plane (at
/// `rasterizationScale` pixels per point) and reused, resampled bilinearly, while nothing drawn
/// in it changes, as Core Animation does.
///
/// Served only where the bitmap is the subtree exactly: no mask, shadow or running transition
/// (those draw as usual), every corner of the subtree in front of the eye, and at most 4 Mi
/// pixels. As on Apple, the bitmap's resolution is fixed: a rasterized layer scaled up blurs.
extension DrawListBuilder {
    func emitRasterized(_ layer: PresentedLayer, matrix: CATransform3D, clip: Clip, opacity: Float) -> Bool {
        guard let cache = rasterCache, !layer.isTransformLayer, layer.mask == nil, layer.transition == nil,
              let model = layer.model else { return false }
        volatileUses += 1
        let s = layer.state
        guard !(s.shadowOpacity > 0 && (s.shadowColor?.alpha ?? 0) > 0),
              let (region, fingerprint, images) = Self.rasterizationExtent(of: layer, at: frameTime) else { return false }
        let scale = s.rasterizationScale > 0 ? s.rasterizationScale : 1
        let w = deviceInt((region.width * scale).rounded(.up)), h = deviceInt((region.height * scale).rounded(.up))
        guard w > 0, h > 0, w * h <= 4_194_304 else { return false }
        let sx = Double(w) / Double(region.width), sy = Double(h) / Double(region.height)
        let key = RasterizedLayerCache.Key(layer: ObjectIdentifier(model), fingerprint: fingerprint, region: region, scale: scale)
        let bitmap = cache.bitmap(for: key, images: images, width: w, height: h) { surface in
            let toTexels = CATransform3DMakeTranslation(-region.minX, -region.minY, 0)
                .concatenating(CATransform3DMakeScale(sx, sy, 1))
            let drawn = withCommandList {
                emitContent(layer, matrix: toTexels, clip: Clip(rect: IntRect(x0: 0, y0: 0, x1: w, y1: h)), opacity: 1)
            }
            execute(drawn, on: surface, threads: 1)
        }
        appendCommand(FillCommand(shape: RoundedRect(minX: region.minX, minY: region.minY, maxX: region.maxX, maxY: region.maxY),
                                  localToDevice: Self.planeMap(matrix),
                                  paint: .texture(bitmap, map: Projective(affine: sx, 0, 0, sy, -region.minX * sx, -region.minY * sy),
                                                  filter: .bilinear),
                                  opacity: opacity * s.opacity, clip: clip))
        return true
    }

    /// The rectangle of the layer's plane the subtree draws in (its bounds, grown by visible
    /// sublayers not clipped by `masksToBounds`), a fingerprint of everything drawn, and the
    /// images it names; nil when some part cannot be rasterized (behind the eye, a transition,
    /// a mask or shadow below).
    static func rasterizationExtent(of root: PresentedLayer, at time: CFTimeInterval) -> (CGRect, Int, [AnyObject])? {
        // Replicator instances, particles and tiles fading in are not in the fingerprint (they
        // change with time, not with the nodes' states): such subtrees draw directly each frame.
        var scan = [root]
        while let n = scan.popLast() {
            if n.state.replicator != nil || n.state.emitter != nil { return nil }
            if n.state.hasTilesFading(after: time) { return nil }
            scan.append(contentsOf: n.sublayers)
        }
        var hasher = Hasher()
        var images: [AnyObject] = []
        var region = root.state.bounds.standardized
        // (node, node plane → root plane); the root's own plane is the identity.
        var work: [(PresentedLayer, CATransform3D)] = [(root, CATransform3DIdentity)]
        while let (node, toRoot) = work.popLast() {
            let s = node.state
            hash(s, into: &hasher, images: &images, placement: node !== root)
            hasher.combine(node.sublayers.count)
            if node !== root {
                guard node.transition == nil, node.mask == nil,
                      !(s.shadowOpacity > 0 && (s.shadowColor?.alpha ?? 0) > 0) else { return nil }
                if s.isHidden { continue }
                guard let box = projectedBox(s.bounds, toRoot) else { return nil }
                region = region.union(box)
            }
            if s.masksToBounds && node !== root {
                // Clipped to this node's bounds (already in the region); its subtree still counts.
                for child in node.sublayers { hashSubtree(child, into: &hasher, images: &images) }
                continue
            }
            if root.state.masksToBounds && node === root {
                // Sublayers are clipped to the root's bounds: the region is the bounds; the
                // subtree still counts in the fingerprint.
                for child in node.sublayers { hashSubtree(child, into: &hasher, images: &images) }
                return finish(region, hasher, images)
            }
            for child in node.sublayers {
                let m = child.state.localToParent.concatenating(s.sublayerMatrix).concatenating(toRoot)
                work.append((child, m))
            }
        }
        return finish(region, hasher, images)
    }

    private static func finish(_ region: CGRect, _ hasher: Hasher, _ images: [AnyObject]) -> (CGRect, Int, [AnyObject])? {
        guard region.width > 0, region.height > 0, region.minX.isFinite, region.minY.isFinite,
              region.maxX.isFinite, region.maxY.isFinite else { return nil }
        return (region, hasher.finalize(), images)
    }

    private static func hashSubtree(_ top: PresentedLayer, into hasher: inout Hasher, images: inout [AnyObject]) {
        var work = [top]
        while let node = work.popLast() {
            hash(node.state, into: &hasher, images: &images, placement: true)
            hasher.combine(node.sublayers.count)
            hasher.combine(node.transition == nil)
            work.append(contentsOf: node.sublayers)
        }
    }

    /// The bounding box of `rect` mapped by `m` (to the root plane, a superlayer's space…), or nil
    /// when a corner is behind the eye or lands at no finite point.
    static func projectedBox(_ rect: CGRect, _ m: CATransform3D) -> CGRect? {
        let r = rect.standardized, h = LayerGeometry.planeMap(m)
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for (x, y) in [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)] {
            guard let p = h.projectIfInFront(x: Double(x), y: Double(y)) else { return nil }
            lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p)
        }
        return CGRect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    /// Everything of a layer's state that its pixels in the bitmap depend on. The rasterized
    /// layer's own placement (`placement` false: position, transform, opacity…) is applied
    /// when the bitmap is drawn, so moving or fading it reuses the bitmap.
    private static func hash(_ s: LayerState, into h: inout Hasher, images: inout [AnyObject], placement: Bool) {
        h.combine(s.bounds.origin.x); h.combine(s.bounds.origin.y); h.combine(s.bounds.width); h.combine(s.bounds.height)
        h.combine(s.anchorPoint.x); h.combine(s.anchorPoint.y)
        h.combine(s.sublayerTransform); h.combine(s.isGeometryFlipped); h.combine(s.masksToBounds)
        if placement {
            h.combine(s.position.x); h.combine(s.position.y); h.combine(s.zPosition); h.combine(s.anchorPointZ)
            h.combine(s.transform); h.combine(s.isHidden); h.combine(s.isDoubleSided)
            h.combine(s.opacity); h.combine(s.allowsGroupOpacity)
        }
        h.combine(s.backgroundColor); h.combine(s.cornerRadius); h.combine(s.cornerCurve); h.combine(s.maskedCorners.rawValue)
        h.combine(s.borderWidth); h.combine(s.borderColor)
        if let image = s.contents as? CGImage {
            h.combine(ObjectIdentifier(image))
            images.append(image)
        } else {
            h.combine(s.contents == nil)
        }
        h.combine(s.contentsGravity.rawValue)
        h.combine(s.contentsRect.origin.x); h.combine(s.contentsRect.origin.y)
        h.combine(s.contentsRect.width); h.combine(s.contentsRect.height)
        h.combine(s.contentsCenter.origin.x); h.combine(s.contentsCenter.origin.y)
        h.combine(s.contentsCenter.width); h.combine(s.contentsCenter.height)
        h.combine(s.contentsScale)
        h.combine(s.minificationFilter.rawValue); h.combine(s.magnificationFilter.rawValue)
        h.combine(s.shadowColor); h.combine(s.shadowOpacity); h.combine(s.shadowRadius)
        h.combine(s.shadowOffset.width); h.combine(s.shadowOffset.height); h.combine(s.shadowPath)
        // A special layer's text, path, gradient or tiles (a new string kept the old bitmap).
        h.combine(s.kindContentGeneration)
    }
}
