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
        render([command])
    }

    /// Executes `commands` (one drawing call) with the state's shadow under them, converting
    /// the caller's pixels in and out when the layout is not BGRA.
    func render(_ commands: [FillCommand], shadowed: Bool = true) {
        guard !state.clipRect.isEmpty, !commands.isEmpty else { return }
        let shadow = shadowed ? state.shadow : nil
        // Only the pixels the call can change are converted in and out.
        let area = converts ? changedArea(commands, shadow: shadow) : nil
        if let area { layout.load(from: memory, bytesPerRow: bytesPerRow, into: surface, area: area) }
        if let shadow { renderShadow(of: commands, shadow) }
        execute(commands, on: surface, threads: rasterThreads)
        if let area { layout.store(surface, to: memory, bytesPerRow: bytesPerRow, area: area) }
    }

    /// The device pixels `commands` (and their shadow) may change: their bounds, grown by a
    /// pixel, moved and grown by the shadow, within the clip; the whole clip when unknown.
    private func changedArea(_ commands: [FillCommand], shadow: (offset: CGSize, blur: CGFloat, color: CGColor)?) -> IntRect {
        var box = BoundsAccumulator()
        for command in commands {
            guard case let .path(geometry, _) = command.geometry, let b = geometry.controlBounds else { return state.clipRect }
            for (x, y) in [(b.min.x, b.min.y), (b.max.x, b.min.y), (b.min.x, b.max.y), (b.max.x, b.max.y)] {
                let p = command.localToDevice.apply(x: x, y: y)
                guard p.x.isFinite, p.y.isFinite else { return state.clipRect }
                box.add(CGPoint(x: p.x, y: p.y))
            }
        }
        var rect = box.rect.insetBy(dx: -1, dy: -1)
        if let shadow {
            // Raster's three box passes of σ = blur / 2 reach at most 3σ + 4.5 pixels; the
            // offset is in base space, y up.
            let reach = 1.5 * shadow.blur + 5
            rect = rect.union(rect.offsetBy(dx: shadow.offset.width, dy: -shadow.offset.height).insetBy(dx: -reach, dy: -reach))
        }
        guard let bounds = CGContext.deviceBounds(rect) else { return state.clipRect }
        return bounds.intersection(state.clipRect)
    }

    /// Draws the shadow of `commands`: their coverage × alpha drawn offscreen without the clip,
    /// blurred, then painted in the shadow colour at the offset, through the clip.
    private func renderShadow(of commands: [FillCommand], _ shadow: (offset: CGSize, blur: CGFloat, color: CGColor)) {
        let offscreen = Surface(width: width, height: height)
        let shapes = commands.map { command -> FillCommand in
            var c = command
            c.clip = Clip()
            c.blendMode = .normal
            return c
        }
        execute(shapes, on: offscreen, threads: rasterThreads)
        blur(offscreen, radius: Double(shadow.blur) / 2)
        // The offset is in base space (y up): device y moves the other way.
        let map = Projective.translation(-Double(shadow.offset.width), Double(shadow.offset.height))
        let r = state.clipRect
        let cover = PathGeometry(rect: Double(r.x0), Double(r.y0), Double(r.x1), Double(r.y1))
        let command = FillCommand(path: cover, rule: .nonZero, localToDevice: .identity,
                                  paint: .alphaMask(offscreen, map: map, color: shadow.color.premultipliedARGB32),
                                  clip: rasterClip, blendMode: state.blendMode.raster)
        execute([command], on: surface, threads: rasterThreads)
    }

    /// `path` (base space) as Raster's geometry.
    func geometry(_ path: CGPath) -> PathGeometry {
        var g = PathGeometry()
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
        guard ctmIsInvertible, !path.isEmpty else { return PathGeometry() }
        let user = CGPath(elements: path.elements.map { $0.applying(state.ctm.inverted()) })
        let box = GeometryBox()
        user.strokeOutline(width: state.lineWidth, cap: state.lineCap, join: state.lineJoin,
                           miterLimit: state.miterLimit, dash: state.dash, transform: state.ctm) { polygon in
            box.geometry.move(to: SIMD2(polygon[0]))
            for q in polygon.dropFirst() { box.geometry.line(to: SIMD2(q)) }
            box.geometry.close()
        }
        return box.geometry
    }

    /// Fills a base-space path with the fill colour.
    func fillBasePath(_ path: CGPath, rule: CGPathFillRule) {
        fill(geometry(path), rule: rule == .winding ? .nonZero : .evenOdd, localToDevice: baseToDeviceMap,
             paint: .solid(state.fillColor.premultipliedARGB32))
    }

    /// Strokes a base-space path with the stroke colour.
    func strokeBasePath(_ path: CGPath) {
        fill(strokeGeometry(path), rule: .nonZero, localToDevice: baseToDeviceMap,
             paint: .solid(state.strokeColor.premultipliedARGB32))
    }

    /// A user-space shape built by `build` in a scratch path, in base space.
    func basePath(_ build: (CGMutablePath, CGAffineTransform) -> Void) -> CGPath {
        let scratch = CGMutablePath()
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

/// Lets the stroker's escaping sink append to a geometry the caller then returns.
private final class GeometryBox {
    var geometry = PathGeometry()
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
