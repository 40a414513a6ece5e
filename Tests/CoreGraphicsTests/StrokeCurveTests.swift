import Testing
@testable import CoreGraphics

@Suite struct StrokeCurveTests {
    /// Every vertex and every edge midpoint of `outline` lies within `tolerance` of one of the
    /// circles of radius `radii` around `center`.
    func onCircles(_ outline: CGPath, center: CGPoint, radii: [CGFloat], tolerance: CGFloat) -> Bool {
        for polygon in outline.polygons {
            for i in 0..<polygon.count {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                for p in [a, CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)] {
                    let d = ((p.x - center.x) * (p.x - center.x) + (p.y - center.y) * (p.y - center.y)).squareRoot()
                    if !radii.contains(where: { abs(d - $0) <= tolerance }) { return false }
                }
            }
        }
        return true
    }

    @Test func circleOutlineIsWithinATenthOfAPixel() {
        let circle = CGPath(ellipseIn: CGRect(x: -50, y: -50, width: 100, height: 100), transform: nil)
        let outline = circle.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(outline.polygons.count == 2)
        // The four-cubic circle itself is 0.014 off a true circle of radius 50.
        #expect(onCircles(outline, center: .zero, radii: [45, 55], tolerance: 0.1))
        #expect(!onCircles(outline, center: .zero, radii: [45, 55], tolerance: 0.001))
    }

    @Test func toleranceHoldsAfterTheTransform() {
        let circle = CGPath(ellipseIn: CGRect(x: -5, y: -5, width: 10, height: 10), transform: nil)
        let outline = circle.copy(strokingWithWidth: 1, lineCap: .butt, lineJoin: .miter, miterLimit: 10,
                                  transform: CGAffineTransform(scaleX: 10, y: 10))
        #expect(onCircles(outline, center: .zero, radii: [45, 55], tolerance: 0.1))
    }

    @Test func arcsInBothDirections() {
        for clockwise in [false, true] {
            let arc = CGMutablePath()
            arc.addArc(center: .zero, radius: 40, startAngle: 0, endAngle: .pi / 2, clockwise: clockwise)
            let outline = arc.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .round, miterLimit: 10)
            #expect(onCirclesExceptCaps(outline, radii: [38, 42]))
            // The counter-clockwise quarter covers (0, 40)'s neighbourhood at 45°; the clockwise
            // three-quarter arc covers 225° instead.
            let at45 = CGPoint(x: 40 * cos(CGFloat.pi / 4), y: 40 * sin(CGFloat.pi / 4))
            let at225 = CGPoint(x: -at45.x, y: -at45.y)
            #expect(outline.contains(at45) == !clockwise)
            #expect(outline.contains(at225) == clockwise)
        }
    }

    /// Butt caps add straight edges across the stroke; only check vertices.
    func onCirclesExceptCaps(_ outline: CGPath, radii: [CGFloat]) -> Bool {
        outline.polygons.joined().allSatisfy { p in
            let d = (p.x * p.x + p.y * p.y).squareRoot()
            return radii.contains { abs(d - $0) <= 0.1 }
        }
    }

    @Test func hugeCoordinatesStayBounded() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: -1e9, y: -1e9))
        path.addCurve(to: CGPoint(x: 1e9, y: -1e9), control1: CGPoint(x: -1e9, y: 1e9), control2: CGPoint(x: 1e9, y: 1e9))
        let outline = path.copy(strokingWithWidth: 1e9, lineCap: .round, lineJoin: .round, miterLimit: 10)
        #expect(!outline.isEmpty)
        #expect(outline.elements.count < 200_000)
        #expect(outline.boundingBox.minX.isFinite)
    }

    @Test func nonFinitePointsAreSkipped() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: CGFloat.nan, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        let outline = path.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(outline.elements.allSatisfy { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
        var rect = CGRect.null
        #expect(outline.isRect(&rect))
        #expect(rect == CGRect(x: 0, y: -1, width: 10, height: 2))
    }
}

@Suite struct StrokeCurveEndTests {
    @Test func buttEndsFollowTheTangent() {
        // A quarter circle from (6, 0) upwards: its butt end lies on y = 0 (the tangent there
        // is +y), within the 0.1 tolerance; along the first chord (13° off) it would reach −0.11.
        let arc = CGMutablePath()
        arc.addArc(center: .zero, radius: 6, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let outline = arc.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        let lowest = outline.polygons.joined().map(\.y).min()!
        #expect(lowest > -0.1 && lowest <= 0)
        let leftmost = outline.polygons.joined().map(\.x).min()!
        #expect(leftmost > -0.1 && leftmost <= 0)
    }
}
