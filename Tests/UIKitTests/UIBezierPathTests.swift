import Testing
import UIKit

/// The path's elements as (type, points), as `CGPath.applyWithBlock` reports them.
private func elements(_ path: UIBezierPath) -> [(CGPathElementType, [CGPoint])] {
    var out: [(CGPathElementType, [CGPoint])] = []
    path.cgPath.applyWithBlock { e in
        let n: Int
        switch e.pointee.type {
        case .moveToPoint, .addLineToPoint: n = 1
        case .addQuadCurveToPoint: n = 2
        case .addCurveToPoint: n = 3
        case .closeSubpath: n = 0
        @unknown default: n = 0
        }
        out.append((e.pointee.type, (0..<n).map { e.pointee.points[$0] }))
    }
    return out
}

private func close(_ a: CGRect, _ b: CGRect, _ eps: CGFloat = 1e-9) -> Bool {
    abs(a.minX - b.minX) < eps && abs(a.minY - b.minY) < eps && abs(a.width - b.width) < eps && abs(a.height - b.height) < eps
}

@Test func rectPathRunsClockwiseOnScreenFromTheTopLeft() {
    let p = UIBezierPath(rect: CGRect(x: 10, y: 20, width: 30, height: 40))
    let e = elements(p)
    #expect(e.map(\.0) == [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath])
    #expect(e.flatMap(\.1) == [CGPoint(x: 10, y: 20), CGPoint(x: 40, y: 20), CGPoint(x: 40, y: 60), CGPoint(x: 10, y: 60)])
    #expect(p.bounds == CGRect(x: 10, y: 20, width: 30, height: 40))
    #expect(p.currentPoint == CGPoint(x: 10, y: 20))
    #expect(!p.isEmpty)
    #expect(p.contains(CGPoint(x: 11, y: 21)) && !p.contains(CGPoint(x: 9, y: 21)))
}

@Test func ovalAndRoundedRectGeometry() {
    let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 50))
    #expect(oval.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
    #expect(oval.contains(CGPoint(x: 50, y: 25)) && !oval.contains(CGPoint(x: 2, y: 2)))
    // Circular corners of radius 10: the corner point is outside, a point 10 − 10/√2 + 1 in is inside.
    let rr = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 10)
    #expect(close(rr.cgPath.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 60)))
    #expect(!rr.contains(CGPoint(x: 1, y: 1)))
    #expect(rr.contains(CGPoint(x: 4, y: 4)))      // (4,4) is 8.49 from the corner centre (10,10)
    #expect(!rr.contains(CGPoint(x: 2.5, y: 2.5))) // 10.6 from it
    #expect(elements(rr).first!.1 == [CGPoint(x: 10, y: 0)])
    // A radius beyond half the shorter side is clamped: a stadium.
    let stadium = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 20), cornerRadius: 500)
    #expect(close(stadium.cgPath.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 20)))
    #expect(stadium.contains(CGPoint(x: 10, y: 10)) && !stadium.contains(CGPoint(x: 1, y: 1)))
}

@Test func roundingOnlySomeCorners() {
    let r = CGRect(x: 0, y: 0, width: 100, height: 100)
    let p = UIBezierPath(roundedRect: r, byRoundingCorners: [.topLeft, .bottomRight], cornerRadii: CGSize(width: 20, height: 99))
    #expect(!p.contains(CGPoint(x: 1, y: 1)))     // top-left rounded
    #expect(p.contains(CGPoint(x: 99, y: 1)))     // top-right square
    #expect(p.contains(CGPoint(x: 1, y: 99)))     // bottom-left square
    #expect(!p.contains(CGPoint(x: 99, y: 99)))   // bottom-right rounded
    // Lines: move + 4 lines + 2 corner arcs (one cubic each) + close.
    #expect(elements(p).map(\.0).filter { $0 == .addCurveToPoint }.count == 2)
    #expect(close(p.cgPath.boundingBoxOfPath, r))
}

@Test func arcsTurnClockwiseOnScreen() {
    // Clockwise on screen (y down) from 0 to π/2: the quarter through (√½, √½)·r, below the centre.
    let cw = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
    #expect(close(cw.cgPath.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 10)))
    #expect(abs(cw.currentPoint.x) < 1e-9 && abs(cw.currentPoint.y - 10) < 1e-9)
    // Counter-clockwise from 0 to π/2 is the other three quarters.
    let ccw = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
    #expect(close(ccw.cgPath.boundingBoxOfPath, CGRect(x: -10, y: -10, width: 20, height: 20)))
    // addArc after a point joins with a line.
    let p = UIBezierPath()
    p.move(to: CGPoint(x: -20, y: 0))
    p.addArc(withCenter: .zero, radius: 10, startAngle: .pi, endAngle: 0, clockwise: true)
    #expect(elements(p)[1].0 == .addLineToPoint)
    #expect(close(p.cgPath.boundingBoxOfPath, CGRect(x: -20, y: -10, width: 30, height: 10)))
}

@Test func buildingWithLinesCurvesAppendApplyAndReversing() {
    let p = UIBezierPath()
    p.move(to: CGPoint(x: 0, y: 0))
    p.addLine(to: CGPoint(x: 10, y: 0))
    p.addQuadCurve(to: CGPoint(x: 10, y: 10), controlPoint: CGPoint(x: 20, y: 5))
    p.addCurve(to: CGPoint(x: 0, y: 10), controlPoint1: CGPoint(x: 8, y: 14), controlPoint2: CGPoint(x: 2, y: 14))
    p.close()
    #expect(p.bounds == CGRect(x: 0, y: 0, width: 20, height: 14))   // control points included
    let r = p.reversing()
    let re = elements(r)
    #expect(re.map(\.0) == [.moveToPoint, .addCurveToPoint, .addQuadCurveToPoint, .addLineToPoint, .closeSubpath])
    #expect(re[0].1 == [CGPoint(x: 0, y: 10)])
    #expect(re[1].1 == [CGPoint(x: 2, y: 14), CGPoint(x: 8, y: 14), CGPoint(x: 10, y: 10)])
    #expect(re[2].1 == [CGPoint(x: 20, y: 5), CGPoint(x: 10, y: 0)])
    #expect(re[3].1 == [CGPoint(x: 0, y: 0)])
    #expect(r.bounds == p.bounds)
    #expect(r.reversing().cgPath == p.cgPath)
    let q = UIBezierPath(rect: CGRect(x: 100, y: 100, width: 1, height: 1))
    p.append(q)
    #expect(p.bounds == CGRect(x: 0, y: 0, width: 101, height: 101))
    p.apply(CGAffineTransform(scaleX: 2, y: 3))
    #expect(p.bounds == CGRect(x: 0, y: 0, width: 202, height: 303))
    p.append(p)   // appending itself doubles the elements, no crash
    #expect(elements(p).count == 20)
    p.removeAllPoints()
    #expect(p.isEmpty && p.bounds.isNull && p.currentPoint == .zero)
    let c = UIBezierPath(cgPath: CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil))
    #expect(c.bounds == CGRect(x: 1, y: 2, width: 3, height: 4))
}

@Test func lineAttributesAndDashesAreStoredAndCopied() {
    let p = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1))
    #expect(p.lineWidth == 1 && p.lineCapStyle == .butt && p.lineJoinStyle == .miter && p.miterLimit == 10)
    #expect(p.flatness == 0.6 && !p.usesEvenOddFillRule)
    p.lineWidth = 4
    p.lineCapStyle = .round
    p.setLineDash([6, 2], count: 2, phase: 1)
    var pattern = [CGFloat](repeating: 0, count: 2), count = 0, phase: CGFloat = 0
    p.getLineDash(&pattern, count: &count, phase: &phase)
    #expect(pattern == [6, 2] && count == 2 && phase == 1)
    let copy = p.copy() as! UIBezierPath
    #expect(copy.lineWidth == 4 && copy.lineCapStyle == .round && copy.cgPath == p.cgPath)
    copy.lineWidth = 9
    #expect(p.lineWidth == 4)
    p.lineWidth = .nan
    #expect(p.lineWidth == 4)
}

@Test func evenOddRuleMakesAHole() {
    let p = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 30, height: 30))
    p.append(UIBezierPath(rect: CGRect(x: 10, y: 10, width: 10, height: 10)))
    #expect(p.contains(CGPoint(x: 15, y: 15)))
    p.usesEvenOddFillRule = true
    #expect(!p.contains(CGPoint(x: 15, y: 15)))
    #expect(p.contains(CGPoint(x: 5, y: 5)))
}

@Test func hostilePathInputIsRefused() {
    var p = UIBezierPath()
    let messages = StrataDiagnostics.capture {
        p = UIBezierPath(rect: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))
        p.move(to: CGPoint(x: 0, y: 0))
        p.addLine(to: CGPoint(x: CGFloat.infinity, y: 0))
        p.addCurve(to: .zero, controlPoint1: CGPoint(x: CGFloat.nan, y: 0), controlPoint2: .zero)
        p.addArc(withCenter: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: true)
        p.apply(CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        p.lineWidth = -1
    }
    #expect(messages.count == 6)
    #expect(elements(p).count == 1)   // only the move
    #expect(!p.contains(CGPoint(x: CGFloat.nan, y: 0)))
    // Drawing with no current context does nothing.
    p.fill(); p.stroke(); p.addClip()
    // Huge but finite values stay finite.
    let huge = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 1e300, height: 1e300))
    #expect(huge.bounds.width == 1e300)
    #expect(UIBezierPath(roundedRect: .null, cornerRadius: 5).isEmpty)
    #expect(UIBezierPath(rect: CGRect(x: 10, y: 10, width: -5, height: -5)).bounds == CGRect(x: 5, y: 5, width: 5, height: 5))
}
