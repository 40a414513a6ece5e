import Testing
import Raster
@testable import CoreGraphics

// CAShapeLayer's stroke: strokeStart/strokeEnd trim the path by arc length over all its
// subpaths, dashes are laid out along the untrimmed path, a cut closed subpath gets caps.

@Suite struct LayerStrokeTrimTests {
    func style(width: CGFloat = 2, cap: CGLineCap = .butt, start: CGFloat = 0, end: CGFloat = 1,
               dash: [CGFloat] = [], phase: CGFloat = 0) -> LayerStrokeStyle {
        LayerStrokeStyle(width: width, cap: cap, join: .miter, miterLimit: 10, dashLengths: dash, dashPhase: phase,
                         start: start, end: end)
    }

    /// The x extent of each polygon of an outline (moves start polygons).
    func spans(_ g: PathGeometry) -> [ClosedRange<Double>] {
        var out: [ClosedRange<Double>] = []
        var xs: [Double] = []
        var i = 0
        for verb in g.verbs {
            switch verb {
            case .move:
                if !xs.isEmpty { out.append(xs.min()!...xs.max()!) }
                xs = [g.points[i].x]; i += 1
            case .line: xs.append(g.points[i].x); i += 1
            case .quad: i += 2
            case .cubic: i += 3
            case .close: break
            }
        }
        if !xs.isEmpty { out.append(xs.min()!...xs.max()!) }
        return out
    }

    var segment: CGPath {
        let p = CGMutablePath()
        p.move(to: .zero); p.addLine(to: CGPoint(x: 100, y: 0))
        return p
    }

    @Test func endAndStartTrimByLength() {
        #expect(spans(segment.layerStrokeGeometry(style(end: 0.5), tolerance: 0.05)) == [0...50])
        #expect(spans(segment.layerStrokeGeometry(style(start: 0.25, end: 0.75), tolerance: 0.05)) == [25...75])
        // Square caps extend the trimmed ends by half the width.
        #expect(spans(segment.layerStrokeGeometry(style(cap: .square, start: 0.25, end: 0.75), tolerance: 0.05)) == [24...76])
    }

    @Test func trimmingSpansSubpathsInOrder() {
        // Two 100-long subpaths: 0.75 of 200 is all of the first and half of the second.
        let p = CGMutablePath()
        p.move(to: .zero); p.addLine(to: CGPoint(x: 100, y: 0))
        p.move(to: CGPoint(x: 200, y: 0)); p.addLine(to: CGPoint(x: 300, y: 0))
        #expect(spans(p.layerStrokeGeometry(style(end: 0.75), tolerance: 0.05)) == [0...100, 200...250])
        #expect(spans(p.layerStrokeGeometry(style(start: 0.6), tolerance: 0.05)) == [220...300])
    }

    @Test func emptyOrReversedSpansStrokeNothing() {
        #expect(segment.layerStrokeGeometry(style(start: 0.5, end: 0.5), tolerance: 0.05).isEmpty)
        #expect(segment.layerStrokeGeometry(style(start: 0.8, end: 0.2), tolerance: 0.05).isEmpty)
        #expect(segment.layerStrokeGeometry(style(end: -1), tolerance: 0.05).isEmpty)
        #expect(segment.layerStrokeGeometry(style(width: 0), tolerance: 0.05).isEmpty)
        #expect(segment.layerStrokeGeometry(style(width: .nan), tolerance: 0.05).isEmpty)
        // Out-of-range fractions clamp: −1 … 2 is the whole path.
        #expect(spans(segment.layerStrokeGeometry(style(start: -1, end: 2), tolerance: 0.05)) == [0...100])
    }

    @Test func dashesStayPutWhileTheEndMoves() {
        // [10, 10] from 0: dashes at 0…10, 20…30, 40…50; trimming to 0.45 cuts the third at 45.
        #expect(spans(segment.layerStrokeGeometry(style(end: 0.45, dash: [10, 10]), tolerance: 0.05)) == [0...10, 20...30, 40...45])
        // Trimming the start to 25 keeps the second dash from 25, not a new pattern from 25.
        #expect(spans(segment.layerStrokeGeometry(style(start: 0.25, end: 0.45, dash: [10, 10]), tolerance: 0.05)) == [25...30, 40...45])
        // The phase shifts the pattern along the path.
        #expect(spans(segment.layerStrokeGeometry(style(end: 0.45, dash: [10, 10], phase: 5), tolerance: 0.05)) == [0...5, 15...25, 35...45])
        // An invalid pattern strokes solid.
        #expect(spans(segment.layerStrokeGeometry(style(end: 0.5, dash: [-1, 2]), tolerance: 0.05)) == [0...50])
    }

    @Test func aCutClosedSubpathIsOpen() {
        // A 10 × 10 square, perimeter 40, from (0,0) clockwise (y down): 0.5 ends at (10, 10).
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let half = square.layerStrokeGeometry(style(end: 0.5), tolerance: 0.05)
        // One polygon (open: left and right sides with butt ends), not two rings.
        #expect(half.verbs.filter { $0 == .move }.count == 1)
        #expect(spans(half) == [0...11])   // butt end at x = 0, miter corner at (11, −1)
        let whole = square.layerStrokeGeometry(style(), tolerance: 0.05)
        #expect(whole.verbs.filter { $0 == .move }.count == 2)   // outer and inner rings
    }
}
