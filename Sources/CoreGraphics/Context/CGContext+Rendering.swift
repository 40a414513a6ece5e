import Raster

extension CGContext {
    /// The most tiles `draw(_:in:byTiling:)` issues at once; more are refused with a message.
    static let maximumTiles = 100_000

    /// Base space → device pixels, for Raster.
    var baseToDeviceMap: Projective { Projective(baseToDevice) }
    /// User space → device pixels.
    var userToDevice: CGAffineTransform { state.ctm.concatenating(baseToDevice) }

    /// The clip as Raster takes it.
    var rasterClip: Clip { Clip(rect: state.clipRect, mask: state.clipMask) }

    /// Fills `geometry` with `paint` under the current state: clip, alpha, blend mode,
    /// anti-aliasing and shadow.
    func fill(_ geometry: PathGeometry, rule: FillRule, localToDevice: Projective, paint: Paint) {
        guard !geometry.isEmpty else { return }
        let command = FillCommand(path: geometry, rule: rule, localToDevice: localToDevice, paint: paint,
                                  opacity: Float(state.alpha), clip: rasterClip,
                                  blendMode: state.blendMode.raster, antialias: state.antialias)
        // Batched without an array for the one command.
        if batches, state.shadow == nil, !state.clipRect.isEmpty { return addPending(command) }
        render([command])
    }

    /// Adds a command to the batch, which runs once it holds 4,096 commands.
    func addPending(_ command: FillCommand) {
        pending.append(command)
        if pending.count >= 4096 { flushPending() }
    }

    /// Executes `commands` (one drawing call) with the state's shadow under them, converting
    /// the caller's pixels in and out when the layout is not BGRA.
    func render(_ commands: [FillCommand], shadowed: Bool = true) {
        guard !state.clipRect.isEmpty, !commands.isEmpty else { return }
        if batches && !(shadowed && state.shadow != nil) {
            pending.append(contentsOf: commands)
            if pending.count >= 4096 { flushPending() }
            return
        }
        let shadow = shadowed ? state.shadow : nil
        // Only the pixels the call can change are converted in and out.
        let area = converts && transparencyLayers.isEmpty ? changedArea(commands, shadow: shadow) : nil
        if let area { layout.load(from: memory, bytesPerRow: bytesPerRow, into: surface, area: area) }
        if let shadow { renderShadow(of: commands, shadow) }
        execute(commands, on: surface, threads: rasterThreads)
        if let area { layout.store(surface, to: memory, bytesPerRow: bytesPerRow, area: area) }
    }

    /// The device rect `commands` may paint (their geometry's bounds grown by a pixel), or nil
    /// when unknown or not finite.
    private func paintedBounds(_ commands: [FillCommand]) -> CGRect? {
        var box = BoundsAccumulator()
        for command in commands {
            let b: (min: SIMD2<Double>, max: SIMD2<Double>)
            switch command.geometry {
            case .path(let geometry, _):
                guard let box = geometry.controlBounds else { return nil }
                b = box
            case .roundedRect(let r):
                b = (SIMD2(r.minX, r.minY), SIMD2(r.maxX, r.maxY))
            }
            for (x, y) in [(b.min.x, b.min.y), (b.max.x, b.min.y), (b.min.x, b.max.y), (b.max.x, b.max.y)] {
                let p = command.localToDevice.apply(x: x, y: y)
                guard p.x.isFinite, p.y.isFinite else { return nil }
                box.add(CGPoint(x: p.x, y: p.y))
            }
        }
        let rect = box.rect
        return rect.isNull ? nil : rect.insetBy(dx: -1, dy: -1)
    }

    /// How far Raster's blur of σ = blur / 2 spreads: three box passes reach at most 3σ + 4.5
    /// pixels, and σ is capped at 1024.
    private static func shadowReach(_ blur: CGFloat) -> CGFloat {
        1.5 * Swift.min(blur, 2048) + 5
    }

    /// The shadow's offset in device pixels (it is given in base space, y up).
    private static func deviceOffset(_ offset: CGSize) -> CGSize {
        CGSize(width: offset.width, height: -offset.height)
    }

    /// The device pixels `commands` (and their shadow) may change, within the clip; the whole
    /// clip when unknown.
    private func changedArea(_ commands: [FillCommand], shadow: (offset: CGSize, blur: CGFloat, color: CGColor)?) -> IntRect {
        guard var rect = paintedBounds(commands) else { return state.clipRect }
        if let shadow {
            let reach = CGContext.shadowReach(shadow.blur), d = CGContext.deviceOffset(shadow.offset)
            rect = rect.union(rect.offsetBy(dx: d.width, dy: d.height).insetBy(dx: -reach, dy: -reach))
        }
        guard let bounds = CGContext.deviceBounds(rect) else { return state.clipRect }
        return bounds.intersection(state.clipRect)
    }

    /// Draws the shadow of `commands`: their coverage × alpha drawn offscreen without the clip,
    /// blurred, then painted in the shadow colour at the offset, through the clip.
    ///
    /// The offscreen covers only what can reach the visible clip after the offset and blur, so
    /// shapes outside the bitmap still cast their shadow into it. It is bounded to the bitmap
    /// grown by 1024 pixels a side.
    private func renderShadow(of commands: [FillCommand], _ shadow: (offset: CGSize, blur: CGFloat, color: CGColor)) {
        let reach = CGContext.shadowReach(shadow.blur), d = CGContext.deviceOffset(shadow.offset)
        let clip = state.clipRect
        // Source pixels whose blurred, offset image can land in the clip.
        let sources = CGRect(x: clip.x0, y: clip.y0, width: clip.x1 - clip.x0, height: clip.y1 - clip.y0)
            .offsetBy(dx: -d.width, dy: -d.height).insetBy(dx: -reach, dy: -reach)
        let painted = paintedBounds(commands)?.insetBy(dx: -reach, dy: -reach) ?? sources
        let limit = IntRect(x0: -1024, y0: -1024, x1: width + 1024, y1: height + 1024)
        guard let needed = CGContext.deviceBounds(sources.intersection(painted)) else { return }
        let area = needed.intersection(limit)
        guard !area.isEmpty else { return }
        let offscreen = Surface(width: area.x1 - area.x0, height: area.y1 - area.y0)
        let toOffscreen = Projective.translation(-Double(area.x0), -Double(area.y0))
        let shapes = commands.map { command -> FillCommand in
            var c = command
            c.localToDevice = c.localToDevice.concatenating(toOffscreen)
            c.clip = Clip()
            c.blendMode = .normal
            return c
        }
        execute(shapes, on: offscreen, threads: rasterThreads)
        blur(offscreen, radius: Double(shadow.blur) / 2)
        // Device pixel p shows offscreen texel p − offset − area origin; outside the offscreen
        // (where textures repeat their edge) nothing is painted.
        let map = Projective.translation(-Double(d.width) - Double(area.x0), -Double(d.height) - Double(area.y0))
        let shifted = IntRect(x0: area.x0 + Int(d.width.rounded(.down)), y0: area.y0 + Int(d.height.rounded(.down)),
                              x1: area.x1 + Int(d.width.rounded(.up)), y1: area.y1 + Int(d.height.rounded(.up)))
        let r = clip.intersection(shifted)
        guard !r.isEmpty else { return }
        let cover = PathGeometry(rect: Double(r.x0), Double(r.y0), Double(r.x1), Double(r.y1))
        let command = FillCommand(path: cover, rule: .nonZero, localToDevice: .identity,
                                  paint: .alphaMask(offscreen, map: map, color: shadow.color.premultipliedARGB32),
                                  clip: rasterClip, blendMode: state.blendMode.raster)
        execute([command], on: surface, threads: rasterThreads)
    }

    /// Executes the batched drawing calls, in order, in one band-parallel pass (their stroke
    /// outlines made first, on the same threads).
    ///
    /// The lists and the commands' geometry are kept for the next batch (`BatchStorage`): a
    /// batch like the last one allocates nothing.
    func flushPending() {
        guard !pending.isEmpty else { return }
        var commands: [FillCommand] = [], strokes: [(index: Int, stroke: PendingStroke)] = []
        swap(&commands, &pending)
        swap(&strokes, &pendingOutlines)
        makeOutlines(of: &commands, strokes)
        execute(commands, on: target, threads: rasterThreads)
        batchStorage.recycle(&commands, &strokes)
        swap(&commands, &pending)
        swap(&strokes, &pendingOutlines)
    }

    /// Makes the outlines of the batched strokes on `rasterThreads` threads and puts each in
    /// its command. Each outline is a pure function of its stroke, so the pixels do not depend
    /// on the threads; each thread flattens and dashes in its own `StrokeScratch`.
    private func makeOutlines(of commands: inout [FillCommand], _ strokes: [(index: Int, stroke: PendingStroke)]) {
        guard !strokes.isEmpty else { return }
        let storage = batchStorage
        storage.prepare(slots: strokes.count, threads: rasterThreads)
        forEachConcurrently(strokes.count, threads: rasterThreads, byWorker: { worker, k in
            strokes[k].stroke.outline(into: &storage.slots[k], scratch: storage.scratch[worker])
        })
        for k in strokes.indices {
            commands[strokes[k].index].geometry = .path(storage.take(k), .nonZero)
        }
    }

    /// `path` (base space) as Raster's geometry.
    func geometry(_ path: CGPath) -> PathGeometry {
        var g = batchStorage.geometry()
        // The arrays made once at their size, not regrown from empty.
        var points = 0
        for element in path.elements { element.forEachPoint { _ in points += 1 } }
        g.reserveCapacity(points: BatchStorage.room(points), verbs: BatchStorage.room(path.elements.count))
        for element in path.elements {
            switch element {
            case let .move(p): g.move(to: SIMD2(p))
            case let .line(p): g.line(to: SIMD2(p))
            case let .quadCurve(p, c): g.quad(control: SIMD2(c), to: SIMD2(p))
            case let .curve(p, c1, c2): g.cubic(control1: SIMD2(c1), control2: SIMD2(c2), to: SIMD2(p))
            case .closeSubpath: g.close()
            }
        }
        return g
    }

    /// The outline of `path` (base space) stroked with the state's line parameters, in base
    /// space, as Raster's geometry (built directly, without an intermediate `CGPath`).
    func strokeGeometry(_ path: CGPath) -> PathGeometry {
        strokePlan(path)?.outline() ?? PathGeometry()
    }

    /// `path` (base space) flattened, dashed and checked for stroking with the state's line
    /// parameters (`CGPath.strokePlan`); nil when nothing is drawn.
    func strokePlan(_ path: CGPath) -> StrokePlan? {
        guard ctmIsInvertible, !path.isEmpty else { return nil }
        return userPath(path).strokePlan(width: state.lineWidth, cap: state.lineCap, join: state.lineJoin,
                                         miterLimit: state.miterLimit, dash: state.dash, transform: state.ctm)
    }

    /// `path` (base space) in user space (the CTM must be invertible), in a path of its own
    /// (one a batch has finished with, when there is one).
    private func userPath(_ path: CGPath) -> CGPath {
        let inverse = state.ctm.inverted()
        let user = batchStorage.path()
        user.elements.reserveCapacity(BatchStorage.room(path.elements.count))
        for element in path.elements { user.append(element.applying(inverse)) }
        return user
    }

    /// Fills a base-space path with the fill colour.
    func fillBasePath(_ path: CGPath, rule: CGPathFillRule) {
        fill(geometry(path), rule: rule == .winding ? .nonZero : .evenOdd, localToDevice: baseToDeviceMap,
             paint: .solid(state.fillColor.premultipliedARGB32))
    }

    /// Strokes a base-space path with the stroke colour. A batched call leaves the stroke's
    /// outline to the batch (`pendingOutlines`); its flattening and dashing too when the
    /// stroke surely fits (`CGPath.strokeSurelyFits`), else they run now (what may refuse the
    /// stroke, with a message, still happens at the call).
    func strokeBasePath(_ path: CGPath) {
        let paint = Paint.solid(state.strokeColor.premultipliedARGB32)
        guard batches, state.shadow == nil, !state.clipRect.isEmpty else {
            return fill(strokeGeometry(path), rule: .nonZero, localToDevice: baseToDeviceMap, paint: paint)
        }
        guard ctmIsInvertible, !path.isEmpty else { return }
        var stroke = PendingStroke(path: userPath(path), width: state.lineWidth, cap: state.lineCap, join: state.lineJoin,
                                   miterLimit: state.miterLimit, dash: state.dash, transform: state.ctm)
        if !stroke.surelyFits {
            guard let plan = stroke.makePlan() else { return }
            stroke.plan = plan
        }
        pendingOutlines.append((pending.count, stroke))
        addPending(FillCommand(path: PathGeometry(), rule: .nonZero, localToDevice: baseToDeviceMap, paint: paint,
                               opacity: Float(state.alpha), clip: rasterClip,
                               blendMode: state.blendMode.raster, antialias: state.antialias))
    }

    /// A user-space shape built by `build` in a scratch path, in base space.
    func basePath(_ build: (CGMutablePath, CGAffineTransform) -> Void) -> CGPath {
        let scratch = batchStorage.scratchPath()
        build(scratch, state.ctm)
        return scratch
    }

    /// The device rect covering `rect` (device coordinates), rounded out.
    static func deviceBounds(_ rect: CGRect) -> IntRect? {
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return nil }
        let limit = Double(Int32.max / 2)
        func clamp(_ v: Double) -> Int { Int(Swift.min(Swift.max(v, -limit), limit)) }
        return IntRect(x0: clamp(rect.minX.rounded(.down)), y0: clamp(rect.minY.rounded(.down)),
                       x1: clamp(rect.maxX.rounded(.up)), y1: clamp(rect.maxY.rounded(.up)))
    }
}

extension SIMD2 where Scalar == Double {
    /// A point as Raster's vector.
    init(_ p: CGPoint) { self.init(Double(p.x), Double(p.y)) }
}

extension Projective {
    /// The same affine map (both use row vectors: `[x y 1]·M`).
    init(_ t: CGAffineTransform) {
        self.init(affine: Double(t.a), Double(t.b), Double(t.c), Double(t.d), Double(t.tx), Double(t.ty))
    }
}

/// A batched stroke: its user-space path and line parameters, and its plan when it was made at
/// the call (`CGContext.strokeBasePath`). The path is the stroke's own copy, never changed.
struct PendingStroke: @unchecked Sendable {
    let path: CGPath
    let width: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat
    let dash: DashPattern?
    let transform: CGAffineTransform
    var plan: StrokePlan?

    var surelyFits: Bool {
        path.strokeSurelyFits(width: width, cap: cap, join: join, miterLimit: miterLimit, dash: dash, transform: transform)
    }

    func makePlan() -> StrokePlan? {
        path.strokePlan(width: width, cap: cap, join: join, miterLimit: miterLimit, dash: dash, transform: transform)
    }

    /// The outline into `geometry` (emptied first), planned first if it was not (then the plan
    /// surely accepts it), flattened and dashed in `scratch`: no allocation once the scratch
    /// and the geometry have room.
    func outline(into geometry: inout PathGeometry, scratch: StrokeScratch) {
        geometry.removeAll()
        if let plan { return plan.outline(of: plan.contours[...], into: &geometry, polygon: &scratch.polygon) }
        guard let planned = path.strokePlan(width: width, cap: cap, join: join, miterLimit: miterLimit, dash: dash,
                                            transform: transform, scratch: scratch) else { return }
        planned.outline(of: scratch.planned, into: &geometry, polygon: &scratch.polygon)
    }
}
