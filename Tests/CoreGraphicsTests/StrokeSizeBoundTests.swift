import Testing
import Raster
@testable import CoreGraphics

// The stroker refuses an outline over the point budget before making it (`mayExceedBudget`):
// its bound must never be below what `stroke` really emits, or a stroke that fits would be
// refused, and a huge round-joined stroke must be refused without emitting millions of points.

@Suite struct StrokeSizeBoundTests {
    /// How many points `stroke` asks to emit for `contours` (budget spent from Int.max).
    func emitted(_ contours: [StrokeContour], width: CGFloat, cap: CGLineCap, join: CGLineJoin) -> Int {
        var stroker = PathStroker(width: width, cap: cap, join: join, miterLimit: 10, tolerance: 0.05,
                                  transform: .identity, sink: { _ in })
        for c in contours { stroker.stroke(c) }
        return Int.max - stroker.budget
    }

    func stroker(width: CGFloat, cap: CGLineCap, join: CGLineJoin, budget: Int) -> PathStroker {
        var s = PathStroker(width: width, cap: cap, join: join, miterLimit: 10, tolerance: 0.05,
                            transform: .identity, sink: { _ in })
        s.budget = budget
        return s
    }

    /// Paths with sharp corners, straight-on and straight-back vertices, curves, dots, open and
    /// closed subpaths.
    var paths: [CGPath] {
        let zigzag = CGMutablePath()
        zigzag.move(to: .zero)
        for k in 1...12 { zigzag.addLine(to: CGPoint(x: CGFloat(k) * 7, y: k.isMultiple(of: 2) ? 0 : 30)) }
        let back = CGMutablePath()
        back.move(to: .zero); back.addLine(to: CGPoint(x: 50, y: 0)); back.addLine(to: CGPoint(x: 10, y: 0))
        back.addLine(to: CGPoint(x: 30, y: 0))
        let star = CGMutablePath()
        for j in 0..<10 {
            let phi = -Double.pi / 2 + Double(j) * Double.pi / 5, r = j % 2 == 0 ? 64.0 : 26.0
            let v = CGPoint(x: r * cos(phi), y: r * sin(phi))
            if j == 0 { star.move(to: v) } else { star.addLine(to: v) }
        }
        star.closeSubpath()
        let curves = CGMutablePath()
        curves.addEllipse(in: CGRect(x: 0, y: 0, width: 80, height: 50))
        curves.move(to: CGPoint(x: 5, y: 5)); curves.addLine(to: CGPoint(x: 5, y: 5))   // a dot
        curves.move(to: CGPoint(x: 0, y: 90))
        curves.addCurve(to: CGPoint(x: 90, y: 90), control1: CGPoint(x: 30, y: 0), control2: CGPoint(x: 60, y: 180))
        return [zigzag, back, star, curves]
    }

    @Test(arguments: [CGLineJoin.round, .miter, .bevel])
    func theBoundIsNeverBelowWhatIsEmitted(_ join: CGLineJoin) {
        for path in paths {
            let contours = path.strokeContours(tolerance: 0.05)
            for width in [0.5, 4, 40, 1e6] as [CGFloat] {
                for cap in [CGLineCap.butt, .round, .square] {
                    let n = emitted(contours, width: width, cap: cap, join: join)
                    let bound = stroker(width: width, cap: cap, join: join, budget: .max).pointBound(contours)
                    #expect(n > 0)
                    // Never below: a stroke that fits is not refused for a low count. Not far
                    // above: one using a quarter of the budget is never refused.
                    #expect(bound >= n && bound <= 4 * n, "width \(width) \(cap) \(join): emits \(n), bound \(bound)")
                    #expect(!stroker(width: width, cap: cap, join: join, budget: bound).mayExceedBudget(contours))
                    #expect(stroker(width: width, cap: cap, join: join, budget: bound - 1).mayExceedBudget(contours))
                }
            }
        }
    }

    @Test func aHugeRoundJoinedStrokeIsRefusedBeforeItIsMade() {
        // As seed 212's layer: a huge ellipse stroked 1e150 wide with round joins, 1,024 points
        // at each of its thousands of flattened vertices (seed 212's made 12.6 million).
        let p = CGMutablePath()
        p.addEllipse(in: CGRect(x: -1e20, y: -1e20, width: 2e20, height: 2e20))
        let style = LayerStrokeStyle(width: 1e150, cap: .butt, join: .round, miterLimit: 10, dashLengths: [],
                                     dashPhase: 0, start: 0, end: 1)
        var geometry = PathGeometry()
        let messages = StrataDiagnostics.capture { geometry = p.layerStrokeGeometry(style, tolerance: 0.05) }
        #expect(geometry.isEmpty)
        #expect(messages.contains { $0.contains("more than 4000000 points") })
        let contours = p.strokeContours(tolerance: 0.05)
        #expect(stroker(width: 1e150, cap: .butt, join: .round, budget: CGPath.maximumStrokePoints).mayExceedBudget(contours))
    }

    @Test func anOrdinaryLayerStrokeIsStillMade() {
        let p = CGMutablePath()
        p.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        let style = LayerStrokeStyle(width: 4, cap: .butt, join: .round, miterLimit: 10, dashLengths: [12, 6],
                                     dashPhase: 0, start: 0, end: 1)
        var geometry = PathGeometry()
        let messages = StrataDiagnostics.capture { geometry = p.layerStrokeGeometry(style, tolerance: 0.05) }
        #expect(messages.isEmpty)
        // 314.2 units of circumference in [12, 6] dashes: 17 whole dashes and a last partial one
        // (from 306), which runs on into the first because the closed path starts and ends
        // painted (as cairo and BENCHMARK.md's scene): 17 polygons.
        #expect(geometry.verbs.filter { $0 == .move }.count == 17)
    }
}
