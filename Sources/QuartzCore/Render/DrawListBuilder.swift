import Foundation
import Raster

/// Turns a presentation tree into Raster fill commands, with Core Animation's semantics:
/// each layer's sublayers share one 3D space (sorted back to front, split where they intersect)
/// and are flattened into the layer's plane; `CATransformLayer`s extend that space; opacity
/// groups, masks and shadows go through offscreen surfaces sized to what is visible.
///
/// It only describes the frame: a list of render passes (offscreen passes first, in dependency
/// order, the framebuffer pass last) that Raster's `execute` runs. No pixel is drawn here.
package final class DrawListBuilder {
    package let threads: Int
    package let target: IntRect

    /// Commands of the surface being built (an offscreen pass is listed when its commands close).
    private var commands: [FillCommand] = []
    /// Whether the layers being emitted sit under an odd number of `isGeometryFlipped`
    /// superlayers: their contents images are then drawn upright against the flip.
    var contentsFlipped = false
    /// Passes listed so far: each before any pass that reads its surface.
    private var passes: [RenderPass] = []
    /// The explicit stack of the tree walk (`drain`).
    private var pending: [Pending] = []
    /// Offscreen surfaces allocated this frame (bounded by the visible area, never the layer size).
    package private(set) var offscreenPixels = 0
    /// Textures of translucent layers' own content, kept across frames (nil: offscreen groups).
    package var contentCache: LayerContentCache?
    /// Bitmaps of `shouldRasterize` subtrees, kept across frames (nil: draw them as usual).
    package var rasterCache: RasterizedLayerCache?
    /// Layers replicator instances may still add this frame (nested replicators multiply).
    var instanceBudget = 0
    /// Particles emitters may still draw this frame.
    var particleBudget = 0
    /// What still subtrees drew in earlier frames (nil: everything is drawn afresh).
    package var retained: RetainedDrawing?
    /// Counts draws that used state kept outside the tree (the content and raster caches):
    /// a subtree that did is not kept (`emitKept`).
    var volatileUses = 0
    /// Commands copied from earlier frames this frame (`emitKept`).
    package var keptCommandCount = 0
    /// Shadow masks kept across frames (nil: every shadow comes from the layer's pixels).
    package var shadowCache: ShadowCache?
    /// Shadows whose pixels are computed this frame (masks made, blur passes listed); 0 while
    /// every shadow is reused.
    package var shadowsDrawn = 0
    /// The media time of the frame (for `CATiledLayer` tiles fading in); +∞ shows every tile
    /// fully.
    package var frameTime: CFTimeInterval = .infinity

    package init(target: IntRect, threads: Int) {
        self.target = target
        self.threads = threads
    }

    /// The passes that draw `root` with `rootMatrix` (root plane → device): offscreen passes in
    /// dependency order, then one framebuffer pass.
    package func build(_ root: PresentedLayer, rootMatrix: CATransform3D) -> [RenderPass] {
        commands = []
        passes = []
        pending = []
        instanceBudget = Self.maximumInstanceItems
        particleBudget = Self.maximumParticlesPerFrame
        emit(root, matrix: rootMatrix, clip: Clip(rect: target), opacity: 1)
        passes.append(RenderPass(target: .framebuffer, commands: commands))
        defer { passes = []; commands = [] }
        return passes
    }

    // MARK: One layer

    /// The commands that `body` appends, leaving the current list as it was.
    func withCommandList(_ body: () -> Void) -> [FillCommand] {
        let saved = commands
        commands = []
        body()
        let drawn = commands
        commands = saved
        return drawn
    }

    func appendCommand(_ command: FillCommand) { commands.append(command) }

    func appendCommands(_ list: [FillCommand]) { commands.append(contentsOf: list) }

    var commandCount: Int { commands.count }
    var passCountSoFar: Int { passes.count }

    /// Lets `body` change the commands appended since `start`.
    func withCommands(from start: Int, _ body: (inout ArraySlice<FillCommand>) -> Void) {
        body(&commands[start...])
    }

    /// Lists a pass; it runs after every pass listed before it.
    func appendPass(_ pass: RenderPass) { passes.append(pass) }

    /// Gives the passes listed since `start` a latch each (those without one), so that they run
    /// once whichever frame lists them, and returns them.
    func latchPasses(from start: Int) -> [RenderPass] {
        for i in start..<passes.count where passes[i].latch == nil { passes[i].latch = PassLatch() }
        return Array(passes[start...])
    }

    /// Draws `layer` (its plane mapped to device by `matrix`, flattened) and its subtree, all of
    /// it before returning.
    func emit(_ layer: PresentedLayer, matrix: CATransform3D, clip: Clip, opacity: Float) {
        let base = pending.count
        emitStep(layer, matrix: matrix, clip: clip, opacity: opacity)
        drain(downTo: base)
    }

    /// `emitAfresh`, all of it (sublayers included) before returning: for drawing a layer into a
    /// command list of its own (a transition's snapshot texture).
    func emitAfreshWhole(_ layer: PresentedLayer, matrix: CATransform3D, clip: Clip, opacity: Float) {
        let base = pending.count
        emitAfresh(layer, matrix: matrix, clip: clip, opacity: opacity)
        drain(downTo: base)
    }

    /// `emit`, leaving the layer's sublayers (and what follows them) on `pending`.
    func emitStep(_ layer: PresentedLayer, matrix: CATransform3D, clip: Clip, opacity: Float) {
        if layer.isKept, let retained { return emitKept(layer, retained, matrix: matrix, clip: clip, opacity: opacity) }
        emitAfresh(layer, matrix: matrix, clip: clip, opacity: opacity)
    }

    // MARK: The explicit stack

    /// Work left for later by the walk of the tree: a layer pushes its sublayers (back to front
    /// on top) and what must follow them (its border, keeping what it drew), and the innermost
    /// `drain` running pops them in drawing order. The walk no longer recurses once per level
    /// (a 100,000-deep chain overflowed the render thread's stack); only offscreen groups,
    /// caches, tinted replicator instances and transitions nest a `drain`.
    enum Pending {
        case item(Item, matrix: CATransform3D, clip: Clip, opacity: Float)
        case border(LayerState, shape: RoundedRect, map: Projective, color: UInt32, clip: Clip, opacity: Float)
        case keep(KeptFrame)
        /// Restores `contentsFlipped` once a flipped layer's sublayers are drawn.
        case contentsFlipped(Bool)
    }

    /// Draws everything pushed on `pending` above `base`.
    func drain(downTo base: Int) {
        while pending.count > base {
            switch pending.removeLast() {
            case .item(let it, let matrix, let clip, let opacity):
                emitItemStep(it, matrix: matrix, clip: clip, opacity: opacity)
            case .border(let s, let shape, let map, let color, let clip, let opacity):
                emitBorder(s, shape: shape, map: map, color: color, clip: clip, opacity: opacity)
            case .keep(let frame):
                finishKept(frame)
            case .contentsFlipped(let flipped):
                contentsFlipped = flipped
            }
        }
    }

    func push(_ p: Pending) { pending.append(p) }

    /// `emitStep`, without looking for what the layer drew before.
    func emitAfresh(_ layer: PresentedLayer, matrix: CATransform3D, clip: Clip, opacity: Float) {
        if let transition = layer.transition { return emitTransition(transition, matrix: matrix, clip: clip, opacity: opacity) }
        let s = layer.state
        guard !s.isHidden, s.opacity > 0, opacity > 0, matrix.isFinite else { return }
        let map = Self.planeMap(matrix)
        // A plane collapsed to a line or point (zero scale, w = 0 at the eye plane, m44 = 0) or
        // overflowing (det = ±inf) shows nothing, nor does the subtree flattened into it. (A
        // CATransformLayer flattens nothing: its sublayers keep their own planes.)
        let det = map.determinant
        guard layer.isTransformLayer || (det != 0 && det.isFinite) else { return }
        if !s.isDoubleSided && Self.isBackFacing(map, s.bounds) { return }

        if s.shouldRasterize, emitRasterized(layer, matrix: matrix, clip: clip, opacity: opacity) { return }
        var hasShadow = s.shadowOpacity > 0 && s.shadowColor.map { $0.alpha > 0 } ?? false
        let hasVisibleSublayers = layer.sublayers.contains { !$0.state.isHidden }
        // A group: translucent with sublayers, or with overlapping parts of its own (background,
        // contents, border), which then show through one another only at the group's opacity.
        let groupOpacity = s.allowsGroupOpacity && s.opacity < 1 && !layer.isTransformLayer
            && (hasVisibleSublayers || Self.ownPartCount(s) > 1)
        // A shadow whose shape is known is drawn now, under the layer, which then needs no pass for it.
        if hasShadow, !layer.isTransformLayer,
           emitShadowOfKnownShape(layer, matrix: matrix, clip: clip, opacity: opacity, groupOpacity: groupOpacity) {
            hasShadow = false
        }
        if groupOpacity, layer.mask == nil, !hasShadow, !hasVisibleSublayers,
           emitContentsOverBackground(layer, matrix: matrix, clip: clip, opacity: opacity * s.opacity)
            || emitCachedContent(layer, matrix: matrix, clip: clip, opacity: opacity * s.opacity) { return }
        // A compositing filter blends the layer's group with what is below: drawn offscreen.
        if (layer.mask != nil || hasShadow || groupOpacity || s.compositing.blendMode != nil) && !layer.isTransformLayer {
            emitOffscreen(layer, matrix: matrix, clip: clip, opacity: opacity, hasShadow: hasShadow, groupOpacity: groupOpacity)
            return
        }
        emitContentStep(layer, matrix: matrix, clip: clip, opacity: opacity * s.opacity)
    }

    /// Background, contents, sublayers and border, all at `opacity` (already including the
    /// layer's), all drawn before returning.
    func emitContent(_ layer: PresentedLayer, matrix: CATransform3D, clip: Clip, opacity: Float) {
        let base = pending.count
        emitContentStep(layer, matrix: matrix, clip: clip, opacity: opacity)
        drain(downTo: base)
    }

    /// `emitContent`, leaving the sublayers and the border on `pending`.
    private func emitContentStep(_ layer: PresentedLayer, matrix: CATransform3D, clip: Clip, opacity: Float) {
        let s = layer.state
        let map = Self.planeMap(matrix)
        let shape = Self.roundedBounds(s)
        if !layer.isTransformLayer {
            if let bg = s.backgroundColor, bg.alpha > 0 {
                if Self.hasContinuousCorners(s, shape) {
                    commands.append(FillCommand(path: ContinuousCornerPath.path(shape), rule: .nonZero, localToDevice: map,
                                                paint: .solid(bg.premultipliedARGB32), opacity: opacity, clip: clip))
                } else {
                    commands.append(FillCommand(shape: shape, localToDevice: map, paint: .solid(bg.premultipliedARGB32),
                                                opacity: opacity, clip: clip))
                }
            }
            emitContents(s, map: map, clip: s.masksToBounds ? Self.boundsClip(clip, s, shape: shape, map: map) : clip,
                         opacity: opacity)
            emitKindContent(layer, map: map, clip: clip, opacity: opacity)
        }
        var childClip = clip
        if s.masksToBounds && !layer.isTransformLayer {
            childClip = Self.boundsClip(clip, s, shape: shape, map: map)
        }
        // Pushed in reverse of drawing order: the sublayers (under a flipped layer's toggled
        // contents flip, restored after them), then the border, which draws after the sublayers.
        if s.isGeometryFlipped { push(.contentsFlipped(contentsFlipped)) }
        if !layer.isTransformLayer, s.borderWidth > 0, let bc = s.borderColor, bc.alpha > 0 {
            push(.border(s, shape: shape, map: map, color: bc.premultipliedARGB32, clip: clip, opacity: opacity))
        }
        if s.isGeometryFlipped { contentsFlipped.toggle() }
        emitSublayers(of: layer, matrix: matrix, clip: childClip, opacity: opacity)
    }

    /// Where a layer's contents image draws: its destination in the layer, the local → texel
    /// map and the filter, and whether `contentsCenter` makes it nine parts.
    struct ContentsPlacement {
        let image: CGImage
        let dest: CGRect
        let toTexel: Projective
        let filter: Filter
        let isNinePart: Bool
    }

    /// The placement of `s.contents`, or nil when no image shows.
    /// `flipped`: the image is drawn upside down in the layer's space (upright on screen under
    /// a flipped superlayer): its first row at the destination's maximum y.
    static func contentsPlacement(_ s: LayerState, flipped: Bool = false) -> ContentsPlacement? {
        guard let image = s.contents as? CGImage, image.width > 0, image.height > 0 else { return nil }
        let cr = s.contentsRect.standardized
        let visibleW = CGFloat(image.width) * cr.width, visibleH = CGFloat(image.height) * cr.height
        guard visibleW > 0, visibleH > 0 else { return nil }
        let dest = ContentsLayout.destination(bounds: s.bounds, imageSize: CGSize(width: visibleW, height: visibleH),
                                              scale: s.contentsScale, gravity: s.contentsGravity)
        guard dest.width > 0, dest.height > 0 else { return nil }
        // local → texel: (x − dest.minX)·(visibleW / dest.width) + contentsRect.minX·imageWidth.
        let sx = visibleW / dest.width, sy = visibleH / dest.height
        let toTexel = flipped
            ? Projective(affine: sx, 0, 0, -sy, -dest.minX * sx + cr.minX * CGFloat(image.width),
                         dest.maxY * sy + cr.minY * CGFloat(image.height))
            : Projective(affine: sx, 0, 0, sy, -dest.minX * sx + cr.minX * CGFloat(image.width),
                         -dest.minY * sy + cr.minY * CGFloat(image.height))
        let filter: Filter = (sx < 1 ? s.magnificationFilter : s.minificationFilter) == .nearest ? .nearest : .bilinear
        let cc = s.contentsCenter.standardized
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        let ninePart = cc != unit && cc.minX >= 0 && cc.minY >= 0 && cc.maxX <= 1 && cc.maxY <= 1 && s.contentsGravity == .resize
        return ContentsPlacement(image: image, dest: dest, toTexel: toTexel, filter: filter, isNinePart: ninePart)
    }

    private func emitContents(_ s: LayerState, map: Projective, clip: Clip, opacity: Float) {
        guard let p = Self.contentsPlacement(s, flipped: contentsFlipped) else { return }
        let shape = RoundedRect(minX: p.dest.minX, minY: p.dest.minY, maxX: p.dest.maxX, maxY: p.dest.maxY)
        if p.isNinePart {
            // Flipped: the nine parts mirrored about the destination's middle.
            let mirror = Projective(affine: 1, 0, 0, -1, 0, Double(p.dest.minY + p.dest.maxY))
            emitNinePart(image: p.image, contentsRect: s.contentsRect.standardized, center: s.contentsCenter.standardized,
                         dest: p.dest, shape: shape, map: contentsFlipped ? mirror.concatenating(map) : map, filter: p.filter, scale: s.contentsScale, clip: clip,
                         opacity: opacity)
            return
        }
        commands.append(FillCommand(shape: shape, localToDevice: map,
                                    paint: .texture(p.image.surface, map: p.toTexel, filter: p.filter),
                                    opacity: opacity, clip: clip))
    }

    /// `contentsCenter`: the image's corners keep their size, its edges stretch in one direction and
    /// its centre in both. Each of the nine cells is the whole destination clipped to the cell by
    /// a hard-edged polygon, so neighbouring cells meet without seams.
    private func emitNinePart(image: CGImage, contentsRect cr: CGRect, center cc: CGRect, dest: CGRect,
                              shape: RoundedRect, map: Projective, filter: Filter, scale: CGFloat, clip: Clip, opacity: Float) {
        let iw = CGFloat(image.width), ih = CGFloat(image.height)
        let vw = iw * cr.width, vh = ih * cr.height
        let pointScale = scale > 0 && scale.isFinite ? scale : 1
        // Source cuts in texels (inside the visible part), destination cuts in points.
        let sxs = [0, cc.minX * vw, cc.maxX * vw, vw].map { $0 + cr.minX * iw }
        let sys = [0, cc.minY * vh, cc.maxY * vh, vh].map { $0 + cr.minY * ih }
        func cuts(_ lo: CGFloat, _ hi: CGFloat, _ total: CGFloat, _ capA: CGFloat, _ capB: CGFloat) -> [CGFloat] {
            var a = capA / pointScale, b = capB / pointScale
            if a + b > total, a + b > 0 { let k = total / (a + b); a *= k; b *= k }   // caps shrink to fit
            return [lo, lo + a, hi - b, hi]
        }
        let dxs = cuts(dest.minX, dest.maxX, dest.width, cc.minX * vw, (1 - cc.maxX) * vw)
        let dys = cuts(dest.minY, dest.maxY, dest.height, cc.minY * vh, (1 - cc.maxY) * vh)
        for j in 0..<3 {
            for i in 0..<3 {
                let dw = dxs[i + 1] - dxs[i], dh = dys[j + 1] - dys[j]
                let sw = sxs[i + 1] - sxs[i], sh = sys[j + 1] - sys[j]
                guard dw > 1e-9, dh > 1e-9 else { continue }
                let kx = sw / dw, ky = sh / dh
                let toTexel = Projective(affine: kx, 0, 0, ky, sxs[i] - dxs[i] * kx, sys[j] - dys[j] * ky)
                let corners = [(dxs[i], dys[j]), (dxs[i + 1], dys[j]), (dxs[i + 1], dys[j + 1]), (dxs[i], dys[j + 1])]
                let polygon = corners.compactMap { map.projectIfInFront(x: $0.0, y: $0.1) }
                guard polygon.count == 4 else { continue }
                commands.append(FillCommand(shape: shape, localToDevice: map,
                                            paint: .texture(image.surface, map: toTexel, filter: filter),
                                            opacity: opacity, clip: Self.clip(clip, polygon: polygon)))
            }
        }
    }

    /// The border: the rounded bounds minus the inner rounded rect, drawn as a ring.
    private func emitBorder(_ s: LayerState, shape: RoundedRect, map: Projective, color: UInt32, clip: Clip, opacity: Float) {
        let w = s.borderWidth
        let inner = RoundedRect(minX: shape.minX + w, minY: shape.minY + w, maxX: shape.maxX - w, maxY: shape.maxY - w,
                                topLeft: max(0, shape.topLeft - w), topRight: max(0, shape.topRight - w),
                                bottomRight: max(0, shape.bottomRight - w), bottomLeft: max(0, shape.bottomLeft - w))
        if Self.hasContinuousCorners(s, shape) {
            // The ring between the two continuous outlines (even-odd: the inner one is the hole).
            var ring = ContinuousCornerPath.path(shape)
            ContinuousCornerPath.append(inner, to: &ring)
            commands.append(FillCommand(path: ring, rule: .evenOdd, localToDevice: map, paint: .solid(color),
                                        opacity: opacity, clip: clip))
            return
        }
        var c = clip
        if !inner.isEmpty, let inv = map.inverted() { c.holes.append((shape: inner, deviceToLocal: inv)) }
        commands.append(FillCommand(shape: shape, localToDevice: map, paint: .solid(color), opacity: opacity, clip: c))
    }

    // MARK: The 3D context of a layer's sublayers

    struct Item {
        let layer: PresentedLayer
        let matrix: CATransform3D   // item plane → the context layer's space (3D, not flattened)
        let opacity: Float          // from CATransformLayers between the context and the item
        var tint: SIMD4<Float>? = nil   // replicator instance colour (straight RGBA), nil: none
    }

    /// Pushes the sublayers' items on `pending`, the first to draw on top.
    private func emitSublayers(of layer: PresentedLayer, matrix: CATransform3D, clip: Clip, opacity: Float) {
        guard !layer.sublayers.isEmpty else { return }
        var ordered: [Pending] = []
        defer { pending.append(contentsOf: ordered.reversed()) }
        func emitItem(_ it: Item, matrix: CATransform3D, clip: Clip, opacity: Float) {
            ordered.append(.item(it, matrix: matrix, clip: clip, opacity: opacity))
        }
        // Gather the planes of this context: sublayers (a replicator's instances), and through
        // CATransformLayers (and replicators that preserve depth) theirs.
        var items: [Item] = []
        var work = childItems(of: layer, toContext: CATransform3DIdentity, opacity: 1, tint: nil).reversed() as [Item]
        let parentIsTransformLayer = layer.isTransformLayer
        while let it = work.popLast() {
            let node = it.layer
            // A layer hidden by a running transition still draws its old look fading out.
            guard !node.state.isHidden || node.transition != nil else { continue }
            if (node.isTransformLayer || node.state.replicator?.preservesDepth == true) && !parentIsTransformLayer {
                // Its sublayers join this space; its opacity applies to each of them.
                work.append(contentsOf: childItems(of: node, toContext: it.matrix, opacity: it.opacity * node.state.opacity,
                                                   tint: it.tint).reversed())
            } else {
                items.append(it)
            }
        }
        guard !items.isEmpty else { return }

        let flat = items.allSatisfy { $0.matrix.m13 == 0 && $0.matrix.m23 == 0 && $0.matrix.m14 == 0 && $0.matrix.m24 == 0 }
        if flat {
            // Planes parallel to the screen: depth is one number each; ties keep sibling order.
            let order = items.indices.sorted { a, b in
                let za = Self.depth(items[a].matrix), zb = Self.depth(items[b].matrix)
                return za != zb ? za < zb : a < b
            }
            for i in order {
                let it = items[i]
                emitItem(it, matrix: it.matrix.concatenating(LayerGeometry.flatten).concatenating(matrix),
                         clip: clip, opacity: opacity * it.opacity)
            }
            return
        }
        if items.count > Self.maximumSortedPlanes {
            // Replicators can make thousands of planes in one space; pairwise splitting is
            // quadratic, so so many are painted back to front by their centres' depth.
            Self.sortedPlanesMessage.report("a 3D context of \(items.count) planes is drawn in the order of their centres' depth, without splitting intersecting planes (over \(Self.maximumSortedPlanes))")
            let depths = items.map { it -> Double in
                let b = it.layer.state.bounds
                let p = it.matrix.apply(x: b.midX, y: b.midY)
                let z = p.w != 0 ? p.z / p.w : 0
                return z.isFinite ? z : 0
            }
            for i in items.indices.sorted(by: { depths[$0] != depths[$1] ? depths[$0] < depths[$1] : $0 < $1 }) {
                let it = items[i]
                emitItem(it, matrix: it.matrix.concatenating(LayerGeometry.flatten).concatenating(matrix), clip: clip, opacity: opacity * it.opacity)
            }
            return
        }
        var polygons: [PlaneSorter.Polygon] = []
        var unplaced: [Int] = []
        for (i, it) in items.enumerated() {
            let pts = Self.contextPolygon(it)
            if pts.count >= 3 { polygons.append(.init(points: pts, item: i, isFragment: false)) } else { unplaced.append(i) }
        }
        let contextMap = Self.planeMap(matrix)
        // Planes entirely behind the eye or degenerate draw first (they cover nothing sensible).
        for i in unplaced {
            let it = items[i]
            emitItem(it, matrix: it.matrix.concatenating(LayerGeometry.flatten).concatenating(matrix), clip: clip, opacity: opacity * it.opacity)
        }
        for p in PlaneSorter.sort(polygons) {
            let it = items[p.item]
            var c = clip
            if p.isFragment {
                let device = p.points.compactMap { contextMap.projectIfInFront(x: $0.x, y: $0.y) }
                guard device.count == p.points.count else { continue }
                c = Self.clip(c, polygon: device)
            }
            emitItem(it, matrix: it.matrix.concatenating(LayerGeometry.flatten).concatenating(matrix), clip: c, opacity: opacity * it.opacity)
        }
    }

    /// The most planes of one 3D context sorted and split pairwise (more are painted by depth).
    static let maximumSortedPlanes = 512
    private static let sortedPlanesMessage = DiagnosticOnce()

    // MARK: Offscreen groups: opacity groups, masks, shadows

    private func emitOffscreen(_ layer: PresentedLayer, matrix: CATransform3D, clip: Clip, opacity: Float,
                               hasShadow: Bool, groupOpacity: Bool) {
        let s = layer.state
        let map = Self.planeMap(matrix)
        // The shadow's device offset; a shadow thrown to a non-finite place is not drawn.
        let o0 = map.apply(x: 0, y: 0), o1 = map.apply(x: s.shadowOffset.width, y: s.shadowOffset.height)
        let shadowShift = SIMD2(o1.x - o0.x, o1.y - o0.y)
        let hasShadow = hasShadow && shadowShift.x.isFinite && shadowShift.y.isFinite
        if !hasShadow && layer.mask == nil && !groupOpacity && s.compositing.blendMode == nil { return emitContent(layer, matrix: matrix, clip: clip, opacity: opacity * s.opacity) }
        let area = offscreenArea(layer, map: map, clip: clip, shadowShift: hasShadow ? shadowShift : nil)
        // Nothing visible (the clip and the layer's extent do not meet): no pass. An empty area
        // can have a negative width or height; no surface may be sized by one.
        guard !area.isEmpty else { return }
        let w = area.x1 - area.x0, h = area.y1 - area.y0
        let offscreen = Surface(width: w, height: h)
        offscreenPixels += w * h
        let shift = CATransform3DMakeTranslation(CGFloat(-area.x0), CGFloat(-area.y0), 0)

        // The layer's content, at full opacity (the group's opacity applies once, below). Passes
        // its content needs are listed while it is built, so before this one.
        let localClip = Self.shifted(clip, dx: -area.x0, dy: -area.y0, to: IntRect(x0: 0, y0: 0, x1: w, y1: h))
        let content = withCommandList {
            emitContent(layer, matrix: matrix.concatenating(shift), clip: localClip, opacity: groupOpacity ? 1 : s.opacity)
        }
        passes.append(RenderPass(target: .offscreen(offscreen), commands: content))

        if let mask = layer.mask {
            appendMaskChain(mask, ownerMatrix: matrix.concatenating(shift), to: offscreen)
        }

        let place = Projective.translation(Double(-area.x0), Double(-area.y0))
        let rect = RoundedRect(minX: Double(area.x0), minY: Double(area.y0), maxX: Double(area.x1), maxY: Double(area.y1))
        let groupAlpha = opacity * (groupOpacity ? s.opacity : 1)
        if hasShadow, let sc = s.shadowColor {
            emitShadow(of: offscreen, layer: layer, area: area, map: map, shift: shadowShift,
                       color: sc.premultipliedARGB32, opacity: groupAlpha * s.shadowOpacity, clip: clip)
        }
        commands.append(FillCommand(shape: rect, localToDevice: .identity,
                                    paint: .texture(offscreen, map: place, filter: .nearest),
                                    opacity: groupAlpha, clip: Clip(rect: clip.rect),
                                    blendMode: s.compositing.blendMode ?? .normal))
    }

    /// The device pixels an offscreen group can show: the clip rect (target ∩ ancestors' clips)
    /// ∩ the subtree's extent (the bounds when nothing can overflow them), grown by the shadow's
    /// reach when the group has a shadow (`shadowShift`, its device offset). May be empty, with a
    /// negative width or height.
    private func offscreenArea(_ layer: PresentedLayer, map: Projective, clip: Clip, shadowShift: SIMD2<Double>?) -> IntRect {
        let s = layer.state
        let visible = clip.rect.intersection(target)
        var area = visible
        let hasVisibleSublayers = layer.sublayers.contains { !$0.state.isHidden }
        if s.masksToBounds || !hasVisibleSublayers {
            if let e = Self.deviceBounds(of: s.bounds, map) { area = area.intersection(e) }
        } else if let e = Self.subtreeExtent(layer), let d = Self.deviceBounds(of: e, map) {
            // Sublayers may draw outside the bounds: the box of what the subtree draws, when
            // known, instead of the whole clip (a fading row of a list drew a window-sized group).
            area = area.intersection(d)
        }
        // Only where the mask draws can the group show: the box of the mask's subtree (a shape
        // mask's path reaches past its bounds, which are often left empty), when known.
        if let mask = layer.mask, let box = Self.extentInParent(mask), let e = Self.deviceBounds(of: box, map) {
            area = area.intersection(e)
        }
        guard let shadowShift else { return area }
        let reach = deviceInt(max(0, s.shadowRadius * 3 * Self.linearScale(map)).rounded(.up)) + 2
        let dx = deviceInt(abs(shadowShift.x).rounded(.up)), dy = deviceInt(abs(shadowShift.y).rounded(.up))
        return IntRect(x0: area.x0 - reach - dx, y0: area.y0 - reach - dy, x1: area.x1 + reach + dx, y1: area.y1 + reach + dy)
            .intersection(visible)
    }

    /// Lists the passes that make `layer`'s shadow from its group `offscreen` (drawn over
    /// `area`), or from its `shadowPath`, and the command that composites the shadow in
    /// `color` (premultiplied), offset by `shift` device pixels, below the group.
    private func emitShadow(of offscreen: Surface, layer: PresentedLayer, area: IntRect, map: Projective,
                            shift shadowShift: SIMD2<Double>, color: UInt32, opacity: Float, clip: Clip) {
        let s = layer.state
        let w = area.x1 - area.x0, h = area.y1 - area.y0
        let radius = Double(s.shadowRadius) * Self.linearScale(map)
        // A wide blur runs at half resolution (below).
        let half = s.shadowPath == nil && radius.isFinite && radius >= 6
        let shadow = half ? Surface(width: (w + 1) / 2 + 1, height: (h + 1) / 2 + 1) : Surface(width: w, height: h)
        offscreenPixels += shadow.width * shadow.height
        shadowsDrawn += 1
        if half {
            // The layer's alpha (masked) averaged over 2 × 2 pixels (a bilinear sample at the
            // middle of each block is exactly that), blurred by what bilinear drawing back
            // leaves to add (σ² − 4/6): a quarter of the pixels, the same shadow.
            let reduce = FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: Double(shadow.width), maxY: Double(shadow.height)),
                                     localToDevice: .identity,
                                     paint: .texture(offscreen, map: Projective(affine: 2, 0, 0, 2, 0, 0), filter: .bilinear))
            passes.append(RenderPass(target: .offscreen(shadow), commands: [reduce],
                                     effect: .blur(radius: (radius * radius - 4.0 / 6).squareRoot() / 2)))
        } else if let path = s.shadowPath, let hull = Self.shadowPolygon(path, map: map, dx: -area.x0, dy: -area.y0) {
            // The shadow's shape is the path (its convex hull), not the layer's alpha.
            let xs = hull.map(\.x), ys = hull.map(\.y)
            let box = RoundedRect(minX: xs.min()! - 1, minY: ys.min()! - 1, maxX: xs.max()! + 1, maxY: ys.max()! + 1)
            passes.append(RenderPass(target: .offscreen(shadow),
                                     commands: [FillCommand(shape: box, localToDevice: .identity, paint: .solid(0xFF00_0000), opacity: 1,
                                                            clip: Clip(rect: IntRect(x0: 0, y0: 0, x1: w, y1: h), polygon: hull))],
                                     effect: .blur(radius: radius)))
        } else {
            // The layer's alpha (masked), after the passes above drew it.
            passes.append(RenderPass(target: .offscreen(shadow), load: .copy(offscreen), commands: [], effect: .blur(radius: radius)))
        }
        // Beyond the visible area the offset only moves the shadow out of sight.
        let dx = max(-1e9, min(1e9, shadowShift.x)), dy = max(-1e9, min(1e9, shadowShift.y))
        let shadowRect = RoundedRect(minX: Double(area.x0) + dx, minY: Double(area.y0) + dy, maxX: Double(area.x1) + dx, maxY: Double(area.y1) + dy)
        let k = half ? 0.5 : 1
        commands.append(FillCommand(shape: shadowRect, localToDevice: .identity,
                                    paint: .alphaMask(shadow, map: Projective(affine: k, 0, 0, k, (Double(-area.x0) - dx) * k,
                                                                              (Double(-area.y0) - dy) * k),
                                                      color: color),
                                    opacity: opacity, clip: Clip(rect: clip.rect)))
    }

    /// Lists the passes that multiply `offscreen` by the alpha of `mask` (in the owner's plane
    /// mapped to the offscreen by `ownerMatrix`). A mask's own mask multiplies in turn, so a chain
    /// of masks (10,000 deep) takes one scratch surface, not two per level: each level is a pass
    /// that clears the scratch, draws the level and multiplies it into `offscreen`. A mask with a
    /// shadow, a group opacity or a transition is drawn whole, with its mask, as any layer.
    /// Masks draw without the content cache (a mask's pixels are its own each frame).
    private func appendMaskChain(_ mask: PresentedLayer, ownerMatrix: CATransform3D, to offscreen: Surface) {
        let w = offscreen.width, h = offscreen.height
        let full = IntRect(x0: 0, y0: 0, x1: w, y1: h)
        let scratch = Surface(width: w, height: h)
        offscreenPixels += w * h
        let cache = contentCache
        contentCache = nil
        defer { contentCache = cache }
        var current: PresentedLayer? = mask
        var parentMatrix = ownerMatrix
        while let m = current {
            let s = m.state
            let mm = s.localToParent.concatenating(LayerGeometry.flatten).concatenating(parentMatrix)
            let plain = m.mask != nil && m.transition == nil && !m.isTransformLayer
                && !(s.shadowOpacity > 0 && s.shadowColor.map { $0.alpha > 0 } ?? false)
                && !(s.allowsGroupOpacity && s.opacity < 1)
            let level: [FillCommand]
            if plain {
                // This level's own content and sublayers; its mask is the next level.
                let map = Self.planeMap(mm), det = map.determinant
                let shows = !s.isHidden && s.opacity > 0 && mm.isFinite && det != 0 && det.isFinite
                    && (s.isDoubleSided || !Self.isBackFacing(map, s.bounds))
                guard shows else {
                    // A mask that shows nothing hides the whole group.
                    return passes.append(RenderPass(target: .offscreen(offscreen), load: .clear(0), commands: []))
                }
                level = withCommandList { emitContent(m, matrix: mm, clip: Clip(rect: full), opacity: s.opacity) }
                current = m.mask
                parentMatrix = mm
            } else {
                level = withCommandList { emit(m, matrix: mm, clip: Clip(rect: full), opacity: 1) }
                current = nil
            }
            passes.append(RenderPass(target: .offscreen(scratch), load: .clear(0), commands: level,
                                     effect: .applyAsMask(to: offscreen)))
        }
    }

    // MARK: Geometry helpers

    /// A shadow path as a device polygon: the convex hull of its flattened points (exact for the
    /// rects, rounded rects and ellipses shadows are usually given; a concave path casts the
    /// shadow of its hull), shifted by (dx, dy). Nil when empty or partly behind the eye.
    ///
    /// Curves are flattened into at most 64 segments each: the hull of a blurred shadow needs no
    /// more (a quarter circle of radius 1,000 px is then within 0.1 px), and a path of huge
    /// curves (4,096 segments each) made one fuzzed frame take seconds.
    static func shadowPolygon(_ path: CGPath, map: Projective, dx: Int, dy: Int) -> [SIMD2<Double>]? {
        let local = path.flattened(tolerance: 0.25, maximumSegments: 64).flatMap { $0 }
        guard local.count >= 3 else { return nil }
        var device: [SIMD2<Double>] = []
        device.reserveCapacity(local.count)
        for p in local {
            guard let d = map.projectIfInFront(x: p.x, y: p.y) else { return nil }
            device.append(SIMD2(d.x + Double(dx), d.y + Double(dy)))
        }
        let hull = ConvexPolygon.hull(device)
        return hull.count >= 3 ? hull : nil
    }

    /// The plane map of a 4×4 layer matrix (`LayerGeometry.planeMap`, shared with hit testing).
    static func planeMap(_ m: CATransform3D) -> Projective { LayerGeometry.planeMap(m) }

    private static func depth(_ m: CATransform3D) -> Double {
        m.m44 != 0 ? m.m43 / m.m44 : 0
    }

    package static func roundedBounds(_ s: LayerState) -> RoundedRect {
        let b = s.bounds.standardized
        let r = max(0, s.cornerRadius)
        let c = s.maskedCorners
        return RoundedRect(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY,
                           topLeft: c.contains(.layerMinXMinYCorner) ? r : 0,
                           topRight: c.contains(.layerMaxXMinYCorner) ? r : 0,
                           bottomRight: c.contains(.layerMaxXMaxYCorner) ? r : 0,
                           bottomLeft: c.contains(.layerMinXMaxYCorner) ? r : 0)
    }

    /// Whether the plane, as drawn, shows its back: the projected bounds wind the other way.
    package static func isBackFacing(_ map: Projective, _ b: CGRect) -> Bool {
        let corners = [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)]
        let pts = corners.compactMap { map.projectIfInFront(x: $0.0, y: $0.1) }
        guard pts.count == 4 else {
            // Partly behind the eye: decide by the orientation of the map at the centre.
            return map.determinant < 0
        }
        var area = 0.0
        for i in 0..<4 { let a = pts[i], c = pts[(i + 1) % 4]; area += a.x * c.y - c.x * a.y }
        return area < 0
    }

    static func linearScale(_ map: Projective) -> Double {
        let det = abs(map.m11 * map.m22 - map.m12 * map.m21) / max(1e-12, map.m33 * map.m33)
        return det.isFinite && det > 0 ? det.squareRoot() : 1
    }

    /// The device-space bounding box of a rect in a plane (nil when any corner is behind the eye).
    static func deviceBounds(of r: CGRect, _ map: Projective) -> IntRect? {
        let pts = [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)]
            .compactMap { map.projectIfInFront(x: $0.0, y: $0.1) }
        guard pts.count == 4 else { return nil }
        let xs = pts.map(\.x), ys = pts.map(\.y)
        let clampI = deviceInt
        return IntRect(x0: clampI(xs.min()!.rounded(.down)) - 1, y0: clampI(ys.min()!.rounded(.down)) - 1,
                       x1: clampI(xs.max()!.rounded(.up)) + 1, y1: clampI(ys.max()!.rounded(.up)) + 1)
    }

    /// An item's bounds as a polygon in the context's space after the divide, clipped to w > ε.
    private static func contextPolygon(_ it: Item) -> [SIMD3<Double>] {
        let b = it.layer.state.bounds
        let m = it.matrix
        let corners = [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)]
        var h: [SIMD4<Double>] = corners.map { c in
            let p = m.apply(x: c.0, y: c.1)
            return SIMD4(p.x, p.y, p.z, p.w)
        }
        let eps = 1e-6
        if h.contains(where: { $0.w <= eps }) {
            var out: [SIMD4<Double>] = []
            for i in 0..<h.count {
                let a = h[i], c = h[(i + 1) % h.count]
                if a.w > eps { out.append(a) }
                if (a.w > eps) != (c.w > eps) {
                    let t = (eps - a.w) / (c.w - a.w)
                    out.append(a + (c - a) * t)
                }
            }
            h = out
        }
        return h.compactMap { p in
            let q = SIMD3(p.x / p.w, p.y / p.w, p.z / p.w)
            return q.x.isFinite && q.y.isFinite && q.z.isFinite ? q : nil
        }
    }

    static func clip(_ c: Clip, adding shape: RoundedRect, map: Projective) -> Clip {
        var out = c
        guard let inv = map.inverted() else {
            out.rect = IntRect(x0: 0, y0: 0, x1: 0, y1: 0)
            return out
        }
        out.roundedRects.append((shape: shape, deviceToLocal: inv))
        if let bounds = deviceBounds(of: CGRect(x: shape.minX, y: shape.minY, width: shape.maxX - shape.minX, height: shape.maxY - shape.minY), map) {
            out.rect = out.rect.intersection(bounds)
        }
        return out
    }

    /// Adds a convex polygon clip (intersecting it with one already there).
    private static func clip(_ c: Clip, polygon: [SIMD2<Double>]) -> Clip {
        var out = c
        out.polygon = c.polygon.map { ConvexPolygon.intersect($0, polygon) } ?? polygon
        return out
    }

    private static func shifted(_ c: Clip, dx: Int, dy: Int, to bounds: IntRect) -> Clip {
        let t = Projective.translation(Double(-dx), Double(-dy))
        var out = Clip(rect: IntRect(x0: c.rect.x0 + dx, y0: c.rect.y0 + dy, x1: c.rect.x1 + dx, y1: c.rect.y1 + dy).intersection(bounds))
        out.polygon = c.polygon.map { $0.map { SIMD2($0.x + Double(dx), $0.y + Double(dy)) } }
        out.roundedRects = c.roundedRects.map { (shape: $0.shape, deviceToLocal: t.concatenating($0.deviceToLocal)) }
        out.holes = c.holes.map { (shape: $0.shape, deviceToLocal: t.concatenating($0.deviceToLocal)) }
        out.occluder = c.occluder.map { (shape: $0.shape, deviceToLocal: t.concatenating($0.deviceToLocal)) }
        out.mask = c.mask.map { Self.shifted($0, dx: dx, dy: dy, to: out.rect) }
        return out
    }
}

/// Convex polygon intersection (Sutherland–Hodgman), for nested BSP fragment clips, and the
/// convex hull (Andrew's monotone chain), for shadow paths.
package enum ConvexPolygon {
    package static func hull(_ points: [SIMD2<Double>]) -> [SIMD2<Double>] {
        let p = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard p.count >= 3 else { return p }
        func cross(_ o: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [SIMD2<Double>] = [], upper: [SIMD2<Double>] = []
        for q in p {
            while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], q) <= 0 { lower.removeLast() }
            lower.append(q)
        }
        for q in p.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], q) <= 0 { upper.removeLast() }
            upper.append(q)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    package static func intersect(_ subject: [SIMD2<Double>], _ clip: [SIMD2<Double>]) -> [SIMD2<Double>] {
        guard clip.count >= 3 else { return subject }
        // Orientation of the clip polygon decides which side is inside.
        var area = 0.0
        for i in 0..<clip.count { let a = clip[i], b = clip[(i + 1) % clip.count]; area += a.x * b.y - b.x * a.y }
        let sign: Double = area >= 0 ? 1 : -1
        return clipPolygon(subject, toAll: clip.indices.lazy.map { ConvexSide(a: clip[$0], b: clip[($0 + 1) % clip.count], sign: sign) })
    }

    /// The side `a` → `b` of a convex polygon of orientation `sign`: points on or left of it
    /// are kept; an edge is cut by interpolating the two sides' values.
    struct ConvexSide: ClipBoundary {
        let a: SIMD2<Double>, b: SIMD2<Double>, sign: Double

        func side(_ p: SIMD2<Double>) -> Double { sign * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) }
        func inside(_ p: SIMD2<Double>) -> Bool { side(p) >= 0 }
        func crossing(_ p: SIMD2<Double>, _ q: SIMD2<Double>) -> SIMD2<Double>? {
            let sp = side(p), sq = side(q)
            return p + (q - p) * (sp / (sp - sq))
        }
    }
}
