import Raster
import Testing
@testable import QuartzCore
import StrataDemos

/// Builds `PlaneSorter` input from layer trees, and counts what the sorters return.
enum PlaneSorterSupport {
    /// The context polygons of `container`'s sublayers, as `DrawListBuilder` gathers them (all
    /// in front of the eye in these scenes, so no clipping at w = 0 is needed).
    static func contextPolygons(of container: CALayer) -> [PlaneSorter.Polygon] {
        (container.sublayers ?? []).enumerated().map { i, layer in
            let m = LayerGeometry.toSuperlayer(layer.state, superlayer: container.state)
            let b = layer.state.bounds
            let points = [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)].map { c in
                let p = m.apply(x: c.0, y: c.1)
                return SIMD3<Double>(Double(p.x / p.w), Double(p.y / p.w), Double(p.z / p.w))
            }
            return PlaneSorter.Polygon(points: points, item: i, isFragment: false)
        }
    }

    /// The benchmark's `3d` scene frozen at `time`: its container's context polygons.
    static func benchmarkPolygons(layers: Int, time: Double) -> [PlaneSorter.Polygon] {
        let root = BenchmarkScene.makeStatic(variant: .threeD, layerCount: layers, time: time)
        return contextPolygons(of: root.sublayers![0])
    }

    static func fragmentCount(_ sorted: [PlaneSorter.Polygon]) -> Int { sorted.filter(\.isFragment).count }
}

extension PlaneSorterSupport {
    /// The depth (z) of `polygon`'s plane at screen point `p`, if `p` lies inside its projection
    /// by at least `margin`.
    static func depth(of polygon: PlaneSorter.Polygon, at p: SIMD2<Double>, margin: Double = 1e-3) -> Double? {
        let pts = polygon.points
        guard let plane = PlaneSorter.planeOf(pts), abs(plane.normal.z) > 1e-9 else { return nil }
        var twice = 0.0
        for i in pts.indices { let a = pts[i], b = pts[(i + 1) % pts.count]; twice += a.x * b.y - b.x * a.y }
        let sign: Double = twice >= 0 ? 1 : -1
        for i in pts.indices {
            let a = pts[i], b = pts[(i + 1) % pts.count]
            let len = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            guard len > 1e-12 else { continue }
            if sign * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / len < margin { return nil }
        }
        return -(plane.normal.x * p.x + plane.normal.y * p.y + plane.d) / plane.normal.z
    }

    /// Screen points where a drawing order puts a nearer polygon before a farther one (the
    /// painter's rule, checked on a grid over the polygons' bounds).
    static func painterViolations(_ order: [PlaneSorter.Polygon], steps: Int = 120, tolerance: Double = 1e-3) -> Int {
        let xs = order.flatMap { $0.points.map(\.x) }, ys = order.flatMap { $0.points.map(\.y) }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return 0 }
        var violations = 0
        for j in 0..<steps {
            for i in 0..<steps {
                let p = SIMD2(x0 + (x1 - x0) * (Double(i) + 0.5) / Double(steps), y0 + (y1 - y0) * (Double(j) + 0.37) / Double(steps))
                var last = -Double.infinity
                for polygon in order {
                    guard let z = depth(of: polygon, at: p) else { continue }
                    if z < last - tolerance { violations += 1; break }
                    last = max(last, z)
                }
            }
        }
        return violations
    }

    /// A quad from a centre and two edge vectors.
    static func quad(_ c: SIMD3<Double>, _ u: SIMD3<Double>, _ v: SIMD3<Double>, item: Int) -> PlaneSorter.Polygon {
        PlaneSorter.Polygon(points: [c - u - v, c + u - v, c + u + v, c - u + v], item: item, isFragment: false)
    }
}

extension PlaneSorterSupport {
    /// A small seeded generator (SplitMix64), so random scenes are the same on every run (and a
    /// failing one can be rebuilt from its seed). Shared by the random-scene tests of this target.
    typealias SplitMix = SplitMix64

    /// Translucent layers turned about random axes in one perspective space, many crossing.
    /// With `replaying`, a fresh copy of that scene (same values) instead of a new one.
    static func randomScene(_ rng: inout SplitMix, layers: Int, replaying: CALayer? = nil) -> CALayer {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        do {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 320, height: 240)
            root.position = CGPoint(x: 160, y: 120)
            root.backgroundColor = CGColor.white
            root.sublayerTransform = replaying?.sublayerTransform ?? {
                var m = CATransform3DIdentity
                m.m34 = -1.0 / 400.0
                return m
            }()
            for i in 0..<layers {
                let layer = CALayer()
                if let old = replaying?.sublayers?[i] {
                    layer.bounds = old.bounds
                    layer.position = old.position
                    layer.zPosition = old.zPosition
                    layer.transform = old.transform
                    layer.backgroundColor = old.backgroundColor
                    layer.cornerRadius = old.cornerRadius
                } else {
                    layer.bounds = CGRect(x: 0, y: 0, width: 40 + rng.unit() * 80, height: 40 + rng.unit() * 80)
                    layer.position = CGPoint(x: 60 + rng.unit() * 200, y: 50 + rng.unit() * 140)
                    layer.zPosition = rng.unit() * 40 - 20
                    let axis = (rng.unit() - 0.5, rng.unit() - 0.5, rng.unit() - 0.5)
                    layer.transform = CATransform3DMakeRotation(rng.unit() * 2 * .pi, axis.0, axis.1, axis.2 + 0.01)
                    layer.backgroundColor = CGColor(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: 1)
                    layer.cornerRadius = rng.unit() * 12
                }
                layer.opacity = 0.6
                root.addSublayer(layer)
            }
            return root
        }
    }

    /// Records an issue when more than `maxDifferentFraction` of the pixels differ by more than 3.
    static func expectSimilar(_ a: CGImage, _ b: CGImage, maxDifferentFraction: Double,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        var different = 0
        let w = a.surface.width, h = a.surface.height
        for y in 0..<h { for x in 0..<w where Golden.channelDifference(Golden.pixel(a, x, y), Golden.pixel(b, x, y)) > 3 { different += 1 } }
        #expect(Double(different) <= maxDifferentFraction * Double(w * h),
                "\(different) of \(w * h) pixels differ", sourceLocation: sourceLocation)
    }
}
