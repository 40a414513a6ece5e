import Raster

extension CGContext {
    /// Intersects the clip with the current path (non-zero), then clears the path.
    public func clip() { clip(using: .winding) }

    /// Intersects the clip with the current path under `rule`, then clears the path.
    public func clip(using rule: CGPathFillRule) {
        addClip(currentPath, rule: rule)
        beginPath()
    }

    /// Intersects the clip with the even-odd interior of the current path.
    public func eoClip() { clip(using: .evenOdd) }

    /// Intersects the clip with `rect`.
    public func clip(to rect: CGRect) {
        guard finite("clip(to: \(rect))", rect.origin.x, rect.origin.y, rect.width, rect.height) else { return }
        addClip(basePath { $0.addRect(rect, transform: $1) }, rule: .winding)
    }

    /// Intersects the clip with the union of `rects`.
    public func clip(to rects: [CGRect]) {
        guard rects.allSatisfy({ [$0.origin.x, $0.origin.y, $0.width, $0.height].allSatisfy(\.isFinite) }) else {
            return reject("clip(to rects:)", "non-finite coordinate")
        }
        addClip(basePath { p, t in for r in rects { p.addRect(r.standardized, transform: t) } }, rule: .winding)
    }

    /// Intersects the clip with `mask` drawn into `rect`: an opaque image's luminance, or
    /// otherwise its alpha, is the coverage (Apple uses gray images' values and other images'
    /// alpha; Strata cannot tell a gray image apart once decoded, so opaque means gray).
    public func clip(to rect: CGRect, mask: CGImage) {
        guard finite("clip(to: \(rect), mask:)", rect.origin.x, rect.origin.y, rect.width, rect.height) else { return }
        let r = rect.standardized
        guard r.width > 0, r.height > 0, ctmIsInvertible,
              let bounds = CGContext.deviceBounds(r.applying(userToDevice)) else {
            return narrowClip(to: IntRect(x0: 0, y0: 0, x1: 0, y1: 0))
        }
        let area = bounds.intersection(state.clipRect)
        guard !area.isEmpty else { return narrowClip(to: area) }
        let offscreen = Surface(width: width, height: height)
        let command = FillCommand(path: CGContext.rectGeometry(r), rule: .nonZero,
                                  localToDevice: Projective(userToDevice),
                                  paint: .texture(mask.surface, map: userToTexel(r, mask), filter: filter),
                                  clip: Clip(rect: area))
        execute([command], on: offscreen)
        var opaque = true
        for y in 0..<mask.height where opaque {
            let row = mask.surface.row(y)
            for x in 0..<mask.width where row[x] >> 24 != 255 { opaque = false; break }
        }
        let coverage = CoverageMask(rect: area)
        for y in area.y0..<area.y1 {
            let row = offscreen.row(y)
            for x in area.x0..<area.x1 {
                let p = row[x]
                coverage[x, y] = opaque
                    ? BitmapLayout.luma(UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF))
                    : UInt8(p >> 24)
            }
        }
        combine(coverage)
    }

    /// Removes every clip (Strata and Apple; Apple documents it for all contexts since macOS 10.3).
    public func resetClip() {
        state.clipRect = IntRect(x0: 0, y0: 0, x1: width, y1: height)
        state.clipMask = nil
    }

    /// The bounds of the clip in user space (the whole bitmap when nothing clips).
    public var boundingBoxOfClipPath: CGRect {
        var r = state.clipRect
        if let mask = state.clipMask { r = r.intersection(mask.rect) }
        guard !r.isEmpty, ctmIsInvertible else { return .null }
        let device = CGRect(x: r.x0, y: r.y0, width: r.x1 - r.x0, height: r.y1 - r.y0)
        return device.applying(userToDevice.inverted())
    }

    // MARK: Clip state

    /// Intersects the clip with a base-space path: a pixel-aligned rectangle narrows the clip
    /// rect; anything else becomes a coverage mask over the area still visible.
    func addClip(_ clipPath: CGPath, rule: CGPathFillRule) {
        var rect = CGRect.null
        if clipPath.isRect(&rect) {
            // Cut to the current clip first, in double precision: a rect reaching past ±1e9
            // device pixels would clamp there and fail the alignment test below.
            let c = state.clipRect
            let device = rect.applying(baseToDevice)
                .intersection(CGRect(x: c.x0, y: c.y0, width: c.x1 - c.x0, height: c.y1 - c.y0))
            if device.isNull || device.isEmpty { return narrowClip(to: IntRect(x0: 0, y0: 0, x1: 0, y1: 0)) }
            if let bounds = CGContext.deviceBounds(device),
               CGFloat(bounds.x0) == device.minX, CGFloat(bounds.x1) == device.maxX,
               CGFloat(bounds.y0) == device.minY, CGFloat(bounds.y1) == device.maxY {
                return narrowClip(to: bounds)
            }
        }
        let shape = geometry(clipPath)
        let box = clipPath.boundingBox
        guard !box.isNull, let bounds = CGContext.deviceBounds(box.applying(baseToDevice).insetBy(dx: -1, dy: -1)) else {
            return narrowClip(to: IntRect(x0: 0, y0: 0, x1: 0, y1: 0))
        }
        let area = bounds.intersection(state.clipRect)
        guard !area.isEmpty else { return narrowClip(to: area) }
        combine(CoverageMask(path: shape, rule: rule == .winding ? .nonZero : .evenOdd,
                             localToDevice: baseToDeviceMap, rect: area, antialias: state.antialias))
    }

    /// Narrows the clip rect (an empty rect clips everything away).
    private func narrowClip(to rect: IntRect) {
        state.clipRect = state.clipRect.intersection(rect)
        if state.clipRect.isEmpty { state.clipRect = IntRect(x0: 0, y0: 0, x1: 0, y1: 0) }
    }

    /// Makes `coverage` (a new mask nobody else holds) the clip mask, intersected with the old.
    private func combine(_ coverage: CoverageMask) {
        if let old = state.clipMask { coverage.intersect(old) }
        state.clipMask = coverage
        narrowClip(to: coverage.rect)
    }
}
