import Foundation
import Testing
@testable import CoreGraphics

@Suite struct PathFlatteningTests {
    static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    @Test func circleStaysWithinToleranceOfTheTrueCircle() throws {
        let circle = CGPath(ellipseIn: CGRect(x: -100, y: -100, width: 200, height: 200), transform: nil)
        let lines = circle.polylines(tolerance: 0.1)
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        #expect(line.isClosed)
        #expect(line.points.first == CGPoint(x: 100, y: 0))
        #expect(line.points.last != line.points.first)
        // Vertices and chord midpoints (the farthest a chord gets from the arc) within 0.1.
        for (i, p) in line.points.enumerated() {
            let q = line.points[(i + 1) % line.points.count]
            #expect(abs(Self.distance(p, .zero) - 100) <= 0.1)
            let mid = CGPoint(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2)
            #expect(abs(Self.distance(mid, .zero) - 100) <= 0.1)
        }
        // A finer tolerance needs more points, and neither is absurd.
        let fine = circle.flattened(tolerance: 0.01)[0].count
        #expect(line.points.count < fine && fine < 1_000)
    }

    @Test func quadChordsStayWithinTolerance() throws {
        let a = CGPoint.zero, c = CGPoint(x: 50, y: 100), b = CGPoint(x: 100, y: 0)
        let path = CGMutablePath()
        path.move(to: a)
        path.addQuadCurve(to: b, control: c)
        let points = try #require(path.flattened(tolerance: 0.5).first)
        let n = points.count - 1
        #expect(n == 10)
        for i in 0..<n {
            // Uniform parameters: vertex i is at t = i/n; compare the curve at the middle
            // parameter with the chord's midpoint.
            let t = (CGFloat(i) + 0.5) / CGFloat(n)
            let onCurve = Bezier.quad(a, c, b, t)
            let mid = CGPoint(x: (points[i].x + points[i + 1].x) / 2, y: (points[i].y + points[i + 1].y) / 2)
            // For a parabola the bound is tight: here n = √(200 / (4·0.5)) = 10 gives exactly 0.5.
            #expect(Self.distance(onCurve, mid) <= 0.5 + 1e-9)
        }
    }

    @Test func subpathsSplitAtMovesAndAfterClose() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 10))
        path.closeSubpath()
        path.addLine(to: CGPoint(x: 5, y: 5)) // starts a new subpath at (0, 0)
        path.move(to: CGPoint(x: 20, y: 20))
        path.addLine(to: CGPoint(x: 20, y: 20)) // zero length: dropped
        #expect(path.polylines(tolerance: 1) == [
            .init(points: [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)], isClosed: true),
            .init(points: [.zero, CGPoint(x: 5, y: 5)], isClosed: false),
            .init(points: [CGPoint(x: 20, y: 20)], isClosed: false),
        ])
    }

    @Test func closedRectDoesNotRepeatItsFirstPoint() {
        let path = CGMutablePath()
        path.addLines(between: [.zero, CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1), .zero])
        path.closeSubpath()
        #expect(path.flattened(tolerance: 1) == [[.zero, CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1)]])
    }

    @Test func aSegmentCapBoundsHugeCurvesAndLeavesSmallOnesAlone() throws {
        // A cubic spanning 10⁹ units: 4,096 segments at most by default, 64 with the cap.
        let huge = CGMutablePath()
        huge.move(to: .zero)
        huge.addCurve(to: CGPoint(x: 1e9, y: 0), control1: CGPoint(x: 0, y: 1e9), control2: CGPoint(x: 1e9, y: 1e9))
        #expect(try #require(huge.polylines(tolerance: 0.25).first).points.count == 4_097)
        #expect(try #require(huge.polylines(tolerance: 0.25, maximumSegments: 64).first).points.count == 65)
        #expect(try #require(huge.polylines(tolerance: 0.25, maximumSegments: -5).first).points.count == 2)
        // A 200-unit circle needs fewer than 64 per quarter at 0.25: the cap changes nothing.
        let circle = CGPath(ellipseIn: CGRect(x: -100, y: -100, width: 200, height: 200), transform: nil)
        #expect(circle.polylines(tolerance: 0.25, maximumSegments: 64) == circle.polylines(tolerance: 0.25))
    }

    @Test func badInputNeitherCrashesNorHangs() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 1, y: 1), control1: CGPoint(x: CGFloat.nan, y: 0), control2: CGPoint(x: 0, y: CGFloat.infinity))
        #expect(path.flattened(tolerance: 0.1)[0].count == 2)
        let huge = CGMutablePath()
        huge.move(to: .zero)
        huge.addQuadCurve(to: CGPoint(x: 1e12, y: 0), control: CGPoint(x: 5e11, y: 1e12))
        #expect(huge.flattened(tolerance: 1e-9)[0].count == CGPath.maximumSegmentsPerCurve + 1)
        // Zero, negative and NaN tolerances fall back to 0.25.
        let quad = CGMutablePath()
        quad.move(to: .zero)
        quad.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        let fallback = quad.flattened(tolerance: 0.25)
        #expect(quad.flattened(tolerance: 0) == fallback)
        #expect(quad.flattened(tolerance: -1) == fallback)
        #expect(quad.flattened(tolerance: .nan) == fallback)
    }
}
