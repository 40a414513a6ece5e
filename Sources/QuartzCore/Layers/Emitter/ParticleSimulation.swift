import Foundation
import Raster

/// One live particle at the sampled time, in the emitter layer's coordinates.
package struct Particle: Sendable, Equatable {
    /// Where it is (x, y in the layer's plane; z towards the viewer).
    package var position: SIMD3<Double>
    /// Its rotation about z, radians.
    package var angle: Double
    /// Its image's scale.
    package var scale: Double
    /// The colour its image is multiplied by (straight r, g, b, a in 0…1).
    package var color: SIMD4<Float>
    /// When it was born, in its cell's time (older particles have smaller values).
    package var birth: Double
    /// The index of its cell in `ParticleSimulation.cells(of:)` (which image it shows).
    package var cell: Int
}

/// The particle system as a pure function of (seed, time): no state carries from frame to frame.
///
/// Cell c emits particle n at its time n / rate (rate = the layer's × the cell's `birthRate`),
/// for n = 0, 1, …; every random range of the particle comes from SplitMix64 seeded with a hash of
/// (seed, cell, n), and its state at age a is closed-form: position p₀ + v·a + ½·g·a², scale and
/// colour linear in a, angle spin·a. So only the particles alive at t (born in
/// [t − longest lifetime, t]) are visited, whatever t is, and t = 7.3 s gives the same particles
/// whether frames led there or not. A sub-cell's particles are emitted the same way by each
/// particle of its parent cell, from the parent's position at the child's birth, in the parent's
/// direction of travel.
package enum ParticleSimulation {
    /// The cells of `layer` flattened depth first (a particle's `cell` indexes this list).
    package static func cells(of layer: EmitterLayerState) -> [EmitterCellState] {
        var out: [EmitterCellState] = []
        func walk(_ c: EmitterCellState) { out.append(c); c.subcells.forEach(walk) }
        layer.cells.forEach(walk)
        return out
    }

    /// The particles alive at the layer's local time `t` (at most `limit`: the newest are kept),
    /// and whether some were cut.
    package static func particles(_ layer: EmitterLayerState, at t: Double,
                                  limit: Int = EmitterLayerState.maximumParticles) -> (particles: [Particle], capped: Bool) {
        var sim = Run(layer: layer, limit: limit)
        guard t.isFinite else { return ([], false) }
        var index = 0
        for (i, cell) in layer.cells.enumerated() {
            let emitter = Source(origin: nil, direction: nil, time: t, key: UInt64(i + 1), rateFactor: Double(layer.birthRate),
                                 share: 1 / Double(max(1, layer.cells.count)))
            sim.emit(cell, cellIndex: index, from: emitter, depth: 1)
            index += Self.count(cell)
        }
        return (sim.out, sim.capped)
    }

    private static func count(_ c: EmitterCellState) -> Int { 1 + c.subcells.reduce(0) { $0 + count($1) } }

    /// Whether a particle of `layer` may be alive at its local time `t` or later (`t` not
    /// finite: at any time), so that what the layer draws changes with time alone. False for no
    /// cells, a birth rate of 0 (the layer's or every cell's: Apple multiplies them), disabled
    /// cells, no lifetime, a stopped cell clock (`speed` 0: its particles stand still), and a cell
    /// whose emitting `duration` ended longer ago than its particles (and theirs) live. The same
    /// guards as `Run.emit`: only particles that function would produce count. Conservative
    /// where a cell's clock runs backwards.
    package static func hasParticles(_ layer: EmitterLayerState, after t: Double) -> Bool {
        let lifeScale = Double(layer.lifetime)
        return layer.cells.contains { cell in
            let rate = Double(cell.birthRate) * Double(layer.birthRate)
            let maxLife = (Double(cell.lifetime) + abs(Double(cell.lifetimeRange)) / 2) * lifeScale
            guard cell.isEnabled, rate > 0, rate.isFinite, maxLife > 0, maxLife.isFinite, cell.speed != 0 else { return false }
            // Emitting for ever, on a clock running backwards, or asked about any time.
            guard cell.duration > 0, cell.speed > 0, t.isFinite else { return true }
            let tc = (t - cell.beginTime) * Double(cell.speed) + cell.timeOffset
            let reach = maxLife + Run.longestSubcellLife(cell, lifeScale: lifeScale)
            // The last birth is at `duration`; its particles (and theirs) live at most `reach`.
            return !(tc > cell.duration + reach)
        }
    }

    /// Where and when a cell emits: the layer's shape (origin nil), or a parent particle.
    private struct Source {
        var origin: SIMD3<Double>?
        var direction: SIMD3<Double>?
        /// The emitting cell's clock: layer time for top-level cells, the parent's age otherwise.
        var time: Double
        var key: UInt64
        var rateFactor: Double
        /// The share of the particle budget this source may use.
        var share: Double
    }

    private struct Run {
        let layer: EmitterLayerState
        let limit: Int
        var out: [Particle] = []
        var capped = false
        /// Particles visited (alive or not): sub-cells of dead parents cost work without
        /// output, so the work is bounded too.
        var visited = 0
        var workLimit: Int { 2 * limit + 1_000 }

        init(layer: EmitterLayerState, limit: Int) {
            self.layer = layer
            self.limit = max(0, limit)
        }

        mutating func emit(_ cell: EmitterCellState, cellIndex: Int, from source: Source, depth: Int) {
            guard cell.isEnabled, out.count < limit else { return }
            // The cell's own time (CAMediaTiming): it emits from its begin time, for `duration`.
            let tc = (source.time - cell.beginTime) * Double(cell.speed) + cell.timeOffset
            let rate = Double(cell.birthRate) * source.rateFactor
            let lifeScale = Double(layer.lifetime)
            let maxLife = (Double(cell.lifetime) + abs(Double(cell.lifetimeRange)) / 2) * lifeScale
            guard tc.isFinite, tc >= 0, rate > 0, rate.isFinite, maxLife > 0, maxLife.isFinite else { return }
            let lastBirth = cell.duration > 0 ? min(tc, cell.duration) : tc
            // Births n/rate in [tc − maxLife, lastBirth], newest kept when over the budget.
            guard lastBirth * rate < 9e15 else { capped = true; return }
            let nMax = (lastBirth * rate).rounded(.down)
            // A particle's sub-cell particles outlive it by up to their own longest lifetime.
            let reach = maxLife + Self.longestSubcellLife(cell, lifeScale: lifeScale)
            var nMin = max(0, ((tc - reach) * rate).rounded(.up))
            guard nMax >= nMin else { return }
            let room = Double(max(0, limit - out.count))
            let budget = max(1, (room * source.share).rounded(.down))
            if nMax - nMin + 1 > budget { nMin = nMax - budget + 1; capped = true }
            var n = nMin
            while n <= nMax, out.count < limit {
                guard visited < workLimit else { capped = true; return }
                spawn(cell, cellIndex: cellIndex, n: n, rate: rate, tc: tc, source: source, depth: depth)
                n += 1
            }
        }

        /// How long after its parent's death a sub-cell particle of `cell` may still live.
        static func longestSubcellLife(_ cell: EmitterCellState, lifeScale: Double) -> Double {
            let lives = cell.subcells.map { sub -> Double in
                let own = (Double(sub.lifetime) + abs(Double(sub.lifetimeRange)) / 2) * lifeScale
                return max(0, own) + longestSubcellLife(sub, lifeScale: lifeScale)
            }
            let longest = lives.max() ?? 0
            return longest.isFinite ? longest : 0
        }

        /// Particle n of `cell`, if alive at `tc`, and what it emits.
        mutating func spawn(_ cell: EmitterCellState, cellIndex: Int, n: Double, rate: Double, tc: Double, source: Source, depth: Int) {
            visited += 1
            let key = ParticleSimulation.mix(source.key, UInt64(n))
            var g = SplitMix64(seed: ParticleSimulation.mix(UInt64(layer.seed) &+ 0x5EED, key))
            func spread(_ mean: Double, _ range: Double) -> Double { mean + (g.unit() - 0.5) * range }
            let birth = n / rate
            let life = max(0, spread(Double(cell.lifetime), Double(cell.lifetimeRange))) * Double(layer.lifetime)
            let age = tc - birth
            if (age < 0 || age >= life) && cell.subcells.isEmpty { return }
            let origin = source.origin ?? bornPosition(&g)
            // Direction: longitude in the plane from +x towards +y, latitude out of it; the range
            // spreads the longitude (a cone around the emission direction).
            let longitude = Double(cell.emissionLongitude) + (g.unit() - 0.5) * Double(cell.emissionRange)
            let latitude = Double(cell.emissionLatitude)
            var dir = SIMD3(cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
            if let parent = source.direction { dir = rotate(dir, into: parent) }
            let speed = spread(Double(cell.velocity), Double(cell.velocityRange)) * Double(layer.velocity)
            let scale0 = spread(Double(cell.scale), Double(cell.scaleRange))
            let spin = spread(Double(cell.spin), Double(cell.spinRange)) * Double(layer.spin)
            let base = cell.color?.rgba ?? (r: 1, g: 1, b: 1, a: 1)
            let c0 = SIMD4(spread(base.r, Double(cell.redRange)), spread(base.g, Double(cell.greenRange)),
                           spread(base.b, Double(cell.blueRange)), spread(base.a, Double(cell.alphaRange)))
            let velocity = dir * speed
            let accel = SIMD3(Double(cell.xAcceleration), Double(cell.yAcceleration), Double(cell.zAcceleration))
            if age >= 0 && age < life {
                let p = origin + velocity * age + accel * (0.5 * age * age)
                let colour = c0 + SIMD4(Double(cell.redSpeed), Double(cell.greenSpeed), Double(cell.blueSpeed), Double(cell.alphaSpeed)) * age
                let scale = (scale0 + Double(cell.scaleSpeed) * age) * Double(layer.scale)
                let clamped = SIMD4<Float>(colour.clamped(lowerBound: SIMD4<Double>(repeating: 0), upperBound: SIMD4<Double>(repeating: 1)))
                if p.x.isFinite && p.y.isFinite && p.z.isFinite && scale > 0 && scale.isFinite && clamped.w > 0 {
                    out.append(Particle(position: p, angle: spin * age, scale: scale, color: clamped, birth: birth, cell: cellIndex))
                }
            }
            // Sub-cells: emitted while this particle lives, from where it is, the way it goes.
            guard !cell.subcells.isEmpty, depth < EmitterLayerState.maximumCellDepth, age >= 0 else { return }
            var subIndex = cellIndex + 1
            for (j, sub) in cell.subcells.enumerated() {
                // The child clock runs from this particle's birth; births stop when it dies.
                var childCell = sub
                if childCell.duration <= 0 || childCell.duration > life { childCell.duration = life }
                let child = Source(origin: nil, direction: nil, time: age, key: ParticleSimulation.mix(key, UInt64(j + 1) &* 0x9E37),
                                   rateFactor: 1, share: 1 / Double(max(1, cell.subcells.count)))
                emitChildren(childCell, cellIndex: subIndex, from: child, parentOrigin: origin, velocity: velocity,
                             accel: accel, depth: depth + 1)
                subIndex += ParticleSimulation.count(sub)
            }
        }

        /// A sub-cell's particles: each born where the parent was at that moment.
        mutating func emitChildren(_ cell: EmitterCellState, cellIndex: Int, from source: Source, parentOrigin: SIMD3<Double>,
                                   velocity: SIMD3<Double>, accel: SIMD3<Double>, depth: Int) {
            guard cell.isEnabled, out.count < limit else { return }
            let tc = (source.time - cell.beginTime) * Double(cell.speed) + cell.timeOffset
            let rate = Double(cell.birthRate)
            let maxLife = (Double(cell.lifetime) + abs(Double(cell.lifetimeRange)) / 2) * Double(layer.lifetime)
            guard tc.isFinite, tc >= 0, rate > 0, rate.isFinite, maxLife > 0, maxLife.isFinite else { return }
            let lastBirth = min(tc, cell.duration)
            guard lastBirth * rate < 9e15 else { capped = true; return }
            let nMax = (lastBirth * rate).rounded(.down)
            let reach = maxLife + Self.longestSubcellLife(cell, lifeScale: Double(layer.lifetime))
            var nMin = max(0, ((tc - reach) * rate).rounded(.up))
            guard nMax >= nMin else { return }
            let budget = max(1, (Double(max(0, limit - out.count)) * source.share).rounded(.down))
            if nMax - nMin + 1 > budget { nMin = nMax - budget + 1; capped = true }
            var n = nMin
            while n <= nMax, out.count < limit {
                guard visited < workLimit else { capped = true; return }
                let b = n / rate
                let at = parentOrigin + velocity * b + accel * (0.5 * b * b)
                let heading = velocity + accel * b
                let len = (heading * heading).sum().squareRoot()
                var s = source
                s.origin = at
                s.direction = len > 0 && len.isFinite ? heading / len : nil
                spawn(cell, cellIndex: cellIndex, n: n, rate: rate, tc: tc, source: s, depth: depth)
                n += 1
            }
        }

        /// A birth point on the layer's emitter shape, by `emitterMode`.
        func bornPosition(_ g: inout SplitMix64) -> SIMD3<Double> {
            let c = SIMD3(Double(layer.emitterPosition.x), Double(layer.emitterPosition.y), Double(layer.emitterZPosition))
            let w = Double(layer.emitterSize.width), h = Double(layer.emitterSize.height), d = Double(layer.emitterDepth)
            let u = g.unit(), v = g.unit(), s = g.unit()
            let mode = layer.emitterMode
            func pick(_ n: Int) -> Int { min(n - 1, Int(s * Double(n))) }
            switch layer.emitterShape {
            case .line:
                let x = mode == .points ? (u < 0.5 ? -0.5 : 0.5) : u - 0.5
                return c + SIMD3(x * w, 0, 0)
            case .rectangle:
                switch mode {
                case .points: return c + SIMD3((u < 0.5 ? -0.5 : 0.5) * w, (v < 0.5 ? -0.5 : 0.5) * h, 0)
                case .outline: return c + rectangleOutline(u, w, h)
                default: return c + SIMD3((u - 0.5) * w, (v - 0.5) * h, 0)
                }
            case .cuboid:
                switch mode {
                case .points:
                    let k = pick(8)
                    return c + SIMD3(Double(k & 1) - 0.5, Double(k >> 1 & 1) - 0.5, Double(k >> 2 & 1) - 0.5) * SIMD3(w, h, d)
                case .outline:
                    // One of the 12 edges: two coordinates at ±½, one free.
                    let k = pick(12), axis = k / 4, a = Double(k & 1) - 0.5, b = Double(k >> 1 & 1) - 0.5
                    let p = axis == 0 ? SIMD3(u - 0.5, a, b) : axis == 1 ? SIMD3(a, u - 0.5, b) : SIMD3(a, b, u - 0.5)
                    return c + p * SIMD3(w, h, d)
                case .surface:
                    let k = pick(6), axis = k / 2, side = Double(k & 1) - 0.5
                    let p = axis == 0 ? SIMD3(side, u - 0.5, v - 0.5) : axis == 1 ? SIMD3(u - 0.5, side, v - 0.5) : SIMD3(u - 0.5, v - 0.5, side)
                    return c + p * SIMD3(w, h, d)
                default:
                    return c + SIMD3(u - 0.5, v - 0.5, s - 0.5) * SIMD3(w, h, d)
                }
            case .circle:
                let r = w / 2, a = 2 * Double.pi * u
                switch mode {
                case .points: return c
                case .outline: return c + SIMD3(cos(a) * r, sin(a) * r, 0)
                default: return c + SIMD3(cos(a), sin(a), 0) * (r * v.squareRoot())
                }
            case .sphere:
                let r = w / 2, a = 2 * Double.pi * u, z = 2 * v - 1, ring = (1 - z * z).squareRoot()
                let onSphere = SIMD3(cos(a) * ring, sin(a) * ring, z)
                switch mode {
                case .points: return c
                case .outline, .surface: return c + onSphere * r
                default: return c + onSphere * (r * Foundation.cbrt(s))
                }
            default:
                return c
            }
        }

        private func rectangleOutline(_ u: Double, _ w: Double, _ h: Double) -> SIMD3<Double> {
            let perimeter = 2 * (abs(w) + abs(h))
            guard perimeter > 0 else { return .zero }
            var d = u * perimeter
            if d < abs(w) { return SIMD3(d - w / 2, -h / 2, 0) }
            d -= abs(w)
            if d < abs(h) { return SIMD3(w / 2, d - h / 2, 0) }
            d -= abs(h)
            if d < abs(w) { return SIMD3(w / 2 - d, h / 2, 0) }
            d -= abs(w)
            return SIMD3(-w / 2, h / 2 - d, 0)
        }

        /// `v` (relative to +x) turned so that +x becomes `axis` (a unit vector).
        private func rotate(_ v: SIMD3<Double>, into axis: SIMD3<Double>) -> SIMD3<Double> {
            // The in-plane heading and the elevation of the axis, applied to v's own.
            let heading = atan2(axis.y, axis.x), elevation = asin(max(-1, min(1, axis.z)))
            let ch = cos(heading), sh = sin(heading), ce = cos(elevation), se = sin(elevation)
            // Elevate about y, then turn about z.
            let x1 = v.x * ce - v.z * se, z1 = v.x * se + v.z * ce
            return SIMD3(x1 * ch - v.y * sh, x1 * sh + v.y * ch, z1)
        }
    }

    /// A 64-bit mix of two values (SplitMix64's finaliser over their combination).
    static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var g = SplitMix64(seed: a &* 0xD6E8_FEB8_6659_FD93 ^ b)
        return g.next()
    }
}
