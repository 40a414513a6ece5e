// Preparing one fill command, in named steps: the setup every shape shares, then the rounded
// rect's outline, edges, clips, paint and fast path, or the path's flattened edges. Each step
// appends to the scene's flat arrays; a step that finds the command undrawable rolls the
// arrays back to the checkpoint taken before it.

/// What every shape's preparation shares: the command's checked opacity, the device pixels it
/// may touch, and its device → local map.
struct FillSetup {
    var opacity: Double
    var opacity8: UInt32
    var bounds: IntRect
    var inverse: Projective
}

/// The lengths of the scene's arrays before a command's preparation started.
struct SceneCheckpoint {
    var edges, hardEdges, corners, clipShapes, gradients, gradientTables, pathBandOffsets, pathBandEdges: Int
}

extension PreparedScene {
    /// Prepares every drawable command; commands that cannot draw anything (empty shape,
    /// zero or NaN opacity, non-finite or singular maps, entirely behind the eye or clipped
    /// away) are dropped here.
    init(_ commands: [FillCommand], surface: Surface) {
        self.init(commands, surfaceRect: IntRect(surface))
    }

    /// Prepares `commands` for a surface whose pixels are `surfaceRect`.
    init(_ commands: [FillCommand], surfaceRect: IntRect) {
        self.init()
        prepare(commands[...], surfaceRect: surfaceRect)
    }

    /// Prepares `commands` in an empty scene (fresh, or emptied by `removeAll`, whose arrays
    /// keep their room).
    mutating func prepare(_ commands: ArraySlice<FillCommand>, surfaceRect: IntRect) {
        fills.reserveCapacity(commands.count)
        edges.reserveCapacity(commands.count * 4)
        similarities.reserveCapacity(commands.count)
        projectives.reserveCapacity(commands.count)
        var polygonEdges = 0, pathPoints = 0
        for command in commands {
            polygonEdges += command.clip.polygon?.count ?? 0
            if case .path(let path, _) = command.geometry { pathPoints += path.points.count }
        }
        hardEdges.reserveCapacity(polygonEdges)
        // About one edge per point (curves flatten to more, growing the arrays as they go):
        // a batch of thousands of strokes otherwise regrows and copies megabytes of edges.
        pathBandEdges.reserveCapacity(pathPoints + pathPoints / 2)
        commandBounds.reserveCapacity(commands.count)
        commandSteps.reserveCapacity(commands.count)
        for command in commands {
            let first = fills.count
            prepare(command, surfaceRect)
            var touched = IntRect(x0: 0, y0: 0, x1: 0, y1: 0)
            var steps = false
            // By index: iterating `fills[first...]` copied each (large) fill.
            for i in first..<fills.count { touched = touched.union(fills[i].bounds); steps = steps || fills[i].stepsAlongRows }
            commandBounds.append(touched)
            commandSteps.append(steps)
        }
    }

    /// Empties every array, keeping its room: the scene can be prepared again (`prepare`)
    /// without allocating.
    mutating func removeAll() {
        fills.removeAll(keepingCapacity: true); edges.removeAll(keepingCapacity: true)
        hardEdges.removeAll(keepingCapacity: true); corners.removeAll(keepingCapacity: true)
        cornerExtents.removeAll(keepingCapacity: true); clipShapes.removeAll(keepingCapacity: true)
        rims.removeAll(keepingCapacity: true); similarities.removeAll(keepingCapacity: true)
        projectives.removeAll(keepingCapacity: true); paths.removeAll(keepingCapacity: true)
        pathBandOffsets.removeAll(keepingCapacity: true); pathBandEdges.removeAll(keepingCapacity: true)
        pathEdgeScratch.removeAll(keepingCapacity: true); pathEntryScratch.removeAll(keepingCapacity: true)
        flattenBuffers.removeAll(); pathBandCounts.removeAll(keepingCapacity: true)
        gradients.removeAll(keepingCapacity: true); masks.removeAll(keepingCapacity: true)
        gradientTables.removeAll(keepingCapacity: true); commandBounds.removeAll(keepingCapacity: true)
        commandSteps.removeAll(keepingCapacity: true)
    }

    private mutating func prepare(_ command: FillCommand, _ surfaceRect: IntRect) {
        guard let setup = Self.setup(command, surfaceRect) else { return }
        switch command.geometry {
        case .roundedRect(let shape):
            prepareRoundedRect(shape, command, setup)
        case .path(let path, let rule):
            preparePath(path, rule, command, setup)
        }
    }

    /// The shared checks: a finite map with an inverse, a finite opacity above zero, a clip
    /// rect that meets the surface.
    static func setup(_ command: FillCommand, _ surfaceRect: IntRect) -> FillSetup? {
        let m = command.localToDevice
        guard m.isFinite else { return nil }
        let opacity = Double(command.opacity)
        guard opacity.isFinite else { return nil }
        let clampedOpacity = Swift.min(Swift.max(opacity, 0), 1)
        let opacity8 = alphaScale(clampedOpacity)
        guard opacity8 > 0 else { return nil }
        let bounds = command.clip.rect.intersection(surfaceRect)
        if let mask = command.clip.mask, bounds.intersection(mask.rect).isEmpty { return nil }
        guard !bounds.isEmpty, let inverse0 = m.inverted() else { return nil }
        return FillSetup(opacity: clampedOpacity, opacity8: opacity8, bounds: bounds, inverse: normalised(inverse0))
    }

    var checkpoint: SceneCheckpoint {
        SceneCheckpoint(edges: edges.count, hardEdges: hardEdges.count, corners: corners.count, clipShapes: clipShapes.count,
                        gradients: gradients.count, gradientTables: gradientTables.count,
                        pathBandOffsets: pathBandOffsets.count, pathBandEdges: pathBandEdges.count)
    }

    /// Drops everything appended since `c` (the command turned out undrawable).
    mutating func rollback(to c: SceneCheckpoint) {
        edges.removeSubrange(c.edges...); hardEdges.removeSubrange(c.hardEdges...)
        corners.removeSubrange(c.corners...); cornerExtents.removeSubrange(c.corners...)
        clipShapes.removeSubrange(c.clipShapes...)
        gradients.removeSubrange(c.gradients...); gradientTables.removeSubrange(c.gradientTables...)
        pathBandOffsets.removeSubrange(c.pathBandOffsets...)
        pathBandEdges.removeSubrange(c.pathBandEdges...)
    }

    /// The fill record every shape ends with.
    mutating func appendFill(_ command: FillCommand, _ setup: FillSetup, bounds: IntRect, edges edgeRange: Range<Int>,
                             hardEdges hardRange: Range<Int>, corners cornerRange: Range<Int>, clipShapes clipRange: Range<Int>,
                             paint: PaintFetcher, cornerFree: SIMD4<Double>, path: FillPath) {
        if let m = command.clip.mask, !(masks.last === m) { masks.append(m) }
        // Under blend modes other than normal, opacity scales the source and coverage lerps.
        let normal = command.blendMode == .normal
        let spans = SpanPipeline(paint, command.blendMode)
        fills.append(PreparedFill(bounds: bounds, edges: edgeRange, hardEdges: hardRange, corners: cornerRange,
                                  clipShapes: clipRange, inverse: setup.inverse,
                                  affine: setup.inverse.isAffine && setup.inverse.m33 == 1,
                                  opacity: normal ? setup.opacity : 1, opacity8: normal ? setup.opacity8 : 255,
                                  paint: paint, cornerFree: cornerFree, mask: command.clip.mask.map(PreparedMask.init), path: path,
                                  blend: command.blendMode, spans: spans, solidOverColor: spans.varying == .overSolid ? paint.color : nil,
                                  fetchScale: normal ? 255 : setup.opacity8,
                                  aliased: !command.antialias, occluder: appendOccluder(command.clip, path: path)))
    }

    /// The clip's occluder as a clip shape after the fill's own (general rows only: the other
    /// paths ignore it); its index, or −1.
    mutating func appendOccluder(_ clip: Clip, path: FillPath) -> Int {
        guard let (shape, map) = clip.occluder, !shape.isEmpty, map.isFinite else { return -1 }
        switch path {
        case .general, .affineRim: break
        default: return -1
        }
        clipShapes.append(ClipShape(shape: shape, map: normalised(map)))
        return clipShapes.count - 1
    }

    /// Hard edges of the clip polygon (a BSP piece), except those lying on `outline` (the
    /// shape's own anti-aliasing wins there); narrows `bounds` to the polygon. Nil when the
    /// polygon is degenerate or not finite (nothing may be drawn).
    mutating func appendHardEdges(_ polygon: [SIMD2<Double>], outline: Range<Int>, bounds: inout IntRect) -> Range<Int>? {
        let hardStart = hardEdges.count
        guard polygon.count >= 3, polygon.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        var centroid = SIMD2<Double>(0, 0)
        var plo = SIMD2<Double>(repeating: .infinity), phi = SIMD2<Double>(repeating: -.infinity)
        for p in polygon { centroid += p; plo = pointwiseMin(plo, p); phi = pointwiseMax(phi, p) }
        centroid /= Double(polygon.count)
        bounds = bounds.intersection(IntRect(x0: floorInt(plo.x) - 1, y0: floorInt(plo.y) - 1,
                                             x1: ceilInt(phi.x) + 1, y1: ceilInt(phi.y) + 1))
        for i in 0..<polygon.count {
            let p0 = polygon[i], q0 = polygon[(i + 1) % polygon.count]
            if p0 == q0 { continue }
            let onOutline = edges[outline].contains { e in
                abs(e.a * p0.x + e.b * p0.y + e.c) < 0.01 && abs(e.a * q0.x + e.b * q0.y + e.c) < 0.01
            }
            if onOutline { continue }
            let (p, q) = (p0.x < q0.x || (p0.x == q0.x && p0.y < q0.y)) ? (p0, q0) : (q0, p0)
            var a = p.y - q.y, b = q.x - p.x
            var c = -(a * p.x + b * p.y)
            let dc = a * centroid.x + b * centroid.y + c
            if dc == 0 || !dc.isFinite { continue }
            let flip = dc < 0
            if flip { a = -a; b = -b; c = -c }
            hardEdges.append(HardEdge(a: a, b: b, c: c, tieInside: !flip, inverseA: a == 0 ? 0 : 1 / a))
        }
        return hardStart..<hardEdges.count
    }

    /// Each hard edge's rounding margin for pixel centres within `bounds`.
    mutating func setHardEdgeMargins(_ hardRange: Range<Int>, _ bounds: IntRect) {
        // Rounding of d = a·px + b·py + c and of the crossing estimate stays below a few units
        // of 2⁻⁵² × (|a|·X + |b|·Y + |c|) (X, Y: the largest |px|, |py|), i.e. that over |a|
        // pixels along the row: 10⁻¹³ leaves a factor of several hundred.
        let extentX = Double(Swift.max(abs(bounds.x0), abs(bounds.x1))) + 1
        let extentY = Double(Swift.max(abs(bounds.y0), abs(bounds.y1))) + 1
        for k in hardRange where hardEdges[k].a != 0 {
            let e = hardEdges[k]
            let m = 1e-13 * ((abs(e.a) * extentX + abs(e.b) * extentY + abs(e.c)) / abs(e.a) + extentX)
            hardEdges[k].margin = m.isFinite ? m : .infinity
        }
    }

    /// The paint, ready for the bands: a fetcher whose maps are composed with the device →
    /// local inverse, gradient tables built. Nil when the paint cannot draw (an empty texture,
    /// a non-finite map).
    mutating func preparePaint(_ paint: Paint, _ inverse: Projective, opacity8: UInt32) -> PaintFetcher? {
        /// A texture kind's fetcher: the texture viewed, its map composed.
        func textured(_ kind: FetchKind, _ texture: Surface, _ map: Projective, color: UInt32) -> PaintFetcher? {
            guard texture.width > 0, texture.height > 0, map.isFinite else { return nil }
            return PaintFetcher(kind: kind, color: color, texture: TextureView(texture),
                                map: normalised(inverse.concatenating(map)))
        }
        switch paint {
        case .solid(let color):
            return PaintFetcher(kind: .solid, color: color, interior: mul255(color, opacity8))
        case .texture(let texture, let map, let filter):
            return textured(filter == .bilinear ? .textureBilinear : .textureNearest, texture, map, color: 0)
        case .textureOverColor(let texture, let map, let filter, let color):
            return textured(filter == .bilinear ? .textureBilinear : .textureNearest, texture, map, color: color)
        case .tintedTexture(let texture, let map, let filter, let tint):
            // A white tint draws the texture as it is (and takes the texture's kernels).
            if tint == 0xFFFF_FFFF {
                return textured(filter == .bilinear ? .textureBilinear : .textureNearest, texture, map, color: 0)
            }
            return textured(filter == .bilinear ? .tintedBilinear : .tintedNearest, texture, map, color: tint)
        case .alphaMask(let texture, let map, let color):
            return textured(.alphaMask, texture, map, color: color)
        case .gradient(let gradient, let map):
            guard map.isFinite, let g = PreparedGradient(gradient, deviceToGradient: normalised(inverse.concatenating(map)),
                                                         tableOffset: gradientTables.count) else { return nil }
            gradient.table.append(gradient, to: &gradientTables)
            gradients.append(g)
            return PaintFetcher(kind: .gradient, gradient: gradients.count - 1)
        }
    }
}
