import Foundation
import Testing
@testable import CoreGraphics

@Suite struct PathConstructionTests {
    static func close(_ a: CGPoint, _ b: CGPoint, _ eps: CGFloat = 1e-9) -> Bool {
        abs(a.x - b.x) <= eps && abs(a.y - b.y) <= eps
    }

    static func end(_ e: CGPath.Element) -> CGPoint? { e.points.last }

    @Test func emptyPath() {
        let path = CGMutablePath()
        #expect(path.isEmpty)
        #expect(path.currentPoint == .zero)
        #expect(path.boundingBox.isNull && path.boundingBoxOfPath.isNull)
    }

    @Test func drawingWithoutAMoveIsIgnored() {
        let path = CGMutablePath()
        path.addLine(to: CGPoint(x: 1, y: 1))
        path.addCurve(to: .zero, control1: .zero, control2: .zero)
        path.addQuadCurve(to: .zero, control: .zero)
        path.closeSubpath()
        #expect(path.isEmpty)
    }

    @Test func currentPointFollowsElementsAndReturnsOnClose() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 2))
        path.addLine(to: CGPoint(x: 5, y: 2))
        #expect(path.currentPoint == CGPoint(x: 5, y: 2))
        path.addQuadCurve(to: CGPoint(x: 7, y: 9), control: CGPoint(x: 6, y: 6))
        #expect(path.currentPoint == CGPoint(x: 7, y: 9))
        path.closeSubpath()
        path.closeSubpath() // a second close adds nothing
        #expect(path.currentPoint == CGPoint(x: 1, y: 2))
        #expect(path.elements == [
            .move(to: CGPoint(x: 1, y: 2)), .line(to: CGPoint(x: 5, y: 2)),
            .quadCurve(to: CGPoint(x: 7, y: 9), control: CGPoint(x: 6, y: 6)), .closeSubpath,
        ])
    }

    @Test func transformIsAppliedToEveryPoint() {
        let path = CGMutablePath()
        let t = CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 2)
        path.move(to: CGPoint(x: 1, y: 1), transform: t)
        path.addCurve(to: CGPoint(x: 2, y: 2), control1: CGPoint(x: 3, y: 0), control2: CGPoint(x: 0, y: 3), transform: t)
        #expect(path.elements == [
            .move(to: CGPoint(x: 12, y: 2)),
            .curve(to: CGPoint(x: 14, y: 4), control1: CGPoint(x: 16, y: 0), control2: CGPoint(x: 10, y: 6)),
        ])
    }

    @Test func rectIsAClosedFourSidedSubpath() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 20))
        #expect(path.elements == [
            .move(to: CGPoint(x: 0, y: 0)), .line(to: CGPoint(x: 10, y: 0)), .line(to: CGPoint(x: 10, y: 20)),
            .line(to: CGPoint(x: 0, y: 20)), .closeSubpath,
        ])
        var shift = CGAffineTransform(translationX: 5, y: 5)
        let moved = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20), transform: &shift)
        #expect(moved.boundingBox == CGRect(x: 5, y: 5, width: 10, height: 20))
        #expect(CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20), transform: nil) == path)
        let two = CGMutablePath()
        two.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 5, y: 5, width: 1, height: 1)])
        #expect(two.elements.count == 10)
    }

    @Test func linesBetweenPoints() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1)])
        #expect(path.elements == [.move(to: .zero), .line(to: CGPoint(x: 1, y: 0)), .line(to: CGPoint(x: 1, y: 1))])
        path.addLines(between: [])
        #expect(path.elements.count == 3)
    }

    @Test func ellipseStartsAtMaxXAndTurnsCounterclockwise() {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 4, height: 2), transform: nil)
        #expect(path.elements.count == 6)
        #expect(path.elements.first == .move(to: CGPoint(x: 4, y: 1)))
        let ends = path.elements.dropFirst().prefix(4).compactMap(Self.end)
        #expect(ends == [CGPoint(x: 2, y: 2), CGPoint(x: 0, y: 1), CGPoint(x: 2, y: 0), CGPoint(x: 4, y: 1)])
        // First control point: (maxX, midY + κ·ry) with κ = 4(√2 − 1)/3.
        #expect(path.elements[1].points[0] == CGPoint(x: 4, y: 1 + 0.5522847498307934))
        #expect(path.elements.last == .closeSubpath)
    }

    @Test func roundedRectCornersAndClamping() {
        let path = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 10, cornerHeight: 10,
                          transform: nil)
        let ends = path.elements.compactMap(Self.end)
        #expect(ends == [
            CGPoint(x: 10, y: 0), CGPoint(x: 90, y: 0), CGPoint(x: 100, y: 10), CGPoint(x: 100, y: 40),
            CGPoint(x: 90, y: 50), CGPoint(x: 10, y: 50), CGPoint(x: 0, y: 40), CGPoint(x: 0, y: 10),
            CGPoint(x: 10, y: 0),
        ])
        #expect(path.elements.last == .closeSubpath)
        #expect(path.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 100, height: 50))
        // A corner height of 40 on a 50-high rect clamps to 25: the vertical sides vanish.
        let clamped = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 40,
                             cornerHeight: 40, transform: nil)
        #expect(clamped.elements.count == 8)
        #expect(clamped.elements[2].points.last == CGPoint(x: 100, y: 25))
        // Zero corners: a plain rect.
        let square = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 5, height: 5), cornerWidth: 0, cornerHeight: 3,
                            transform: nil)
        #expect(square == CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5), transform: nil))
    }

    @Test func quarterArcIsOneCubic() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(path.elements.count == 2)
        #expect(path.elements[0] == .move(to: CGPoint(x: 1, y: 0)))
        let p = path.elements[1].points
        let k = 4.0 / 3.0 * tan(Double.pi / 8) // 0.5522847498…
        #expect(Self.close(p[0], CGPoint(x: 1, y: k)))
        #expect(Self.close(p[1], CGPoint(x: k, y: 1)))
        #expect(Self.close(p[2], CGPoint(x: 0, y: 1)))
    }

    @Test func clockwiseArcGoesTheOtherWay() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        // 3π/2 of decreasing angle: three quarter curves through (0,−1) and (−1,0).
        let ends = path.elements.dropFirst().compactMap(Self.end)
        #expect(ends.count == 3)
        #expect(Self.close(ends[0], CGPoint(x: 0, y: -1)))
        #expect(Self.close(ends[1], CGPoint(x: -1, y: 0)))
        #expect(Self.close(ends[2], CGPoint(x: 0, y: 1)))
    }

    @Test func fullTurnAndLineFromCurrentPoint() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: -5, y: 0))
        path.addArc(center: .zero, radius: 2, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        #expect(path.elements[1] == .line(to: CGPoint(x: 2, y: 0)))
        #expect(path.elements.count == 6)
        #expect(Self.close(path.currentPoint, CGPoint(x: 2, y: 0)))
        let half = CGMutablePath()
        half.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: -.pi)
        #expect(half.elements.count == 3)
        #expect(Self.close(half.elements[1].points[2], CGPoint(x: 0, y: -1)))
        let none = CGMutablePath()
        none.addArc(center: .zero, radius: 1, startAngle: 1, endAngle: 1, clockwise: false)
        #expect(none.elements.count == 1)
    }

    @Test func tangentArcRoundsACorner() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 2)
        // Circle of radius 2 in the corner: centre (8, 2), tangent points (8, 0) and (10, 2).
        #expect(path.elements[1] == .line(to: CGPoint(x: 8, y: 0)))
        #expect(path.elements.count == 3)
        #expect(Self.close(path.currentPoint, CGPoint(x: 10, y: 2)))
        let straight = CGMutablePath()
        straight.move(to: .zero)
        straight.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 10, y: 0), radius: 2)
        #expect(straight.elements == [.move(to: .zero), .line(to: CGPoint(x: 5, y: 0))])
    }

    @Test func addPathAppendsTransformedElements() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        let path = CGMutablePath()
        path.addPath(square, transform: CGAffineTransform(translationX: 3, y: 0))
        #expect(path.boundingBox == CGRect(x: 3, y: 0, width: 1, height: 1))
        #expect(path.elements.count == 5)
    }

    @Test func copiesAreIndependent() throws {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 2, height: 2))
        let frozen = try #require(path.copy())
        let other = try #require(path.mutableCopy())
        other.addLine(to: CGPoint(x: 9, y: 9))
        path.move(to: CGPoint(x: 7, y: 7))
        #expect(frozen.elements.count == 5)
        #expect(other.elements.count == 6)
        #expect(frozen == CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 2), transform: nil))
        #expect(frozen != other)
        var scale = CGAffineTransform(scaleX: 3, y: 3)
        #expect(frozen.copy(using: &scale)?.boundingBox == CGRect(x: 0, y: 0, width: 6, height: 6))
        #expect(frozen.mutableCopy(using: nil) == frozen)
    }

    @Test func applyWithBlockListsTypesAndPoints() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 1))
        path.addQuadCurve(to: CGPoint(x: 3, y: 1), control: CGPoint(x: 2, y: 2))
        path.addCurve(to: CGPoint(x: 6, y: 1), control1: CGPoint(x: 4, y: 0), control2: CGPoint(x: 5, y: 0))
        path.closeSubpath()
        var types: [CGPathElementType] = []
        var points: [CGPoint] = []
        path.applyWithBlock { element in
            let e = element.pointee
            types.append(e.type)
            let count = [1, 1, 2, 3, 0][Int(e.type.rawValue)]
            for i in 0..<count { points.append(e.points[i]) }
        }
        #expect(types == [.moveToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath])
        #expect(points == [
            CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 2), CGPoint(x: 3, y: 1),
            CGPoint(x: 4, y: 0), CGPoint(x: 5, y: 0), CGPoint(x: 6, y: 1),
        ])
    }
}

@Suite struct PathTransformedArcTests {
    @Test func tangentArcUnderAMirrorTransform() {
        // A mirror is its own inverse; the arc must still be built, mirrored.
        let mirror = CGAffineTransform(scaleX: -1, y: 1)
        let path = CGMutablePath()
        path.move(to: .zero, transform: mirror)
        path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 2, transform: mirror)
        #expect(path.elements[1] == .line(to: CGPoint(x: -8, y: 0)))
        #expect(PathConstructionTests.close(path.currentPoint, CGPoint(x: -10, y: 2)))
    }

    @Test func equalPathsHashEqually() {
        let a = CGPath(rect: CGRect(x: 0, y: 0, width: 3, height: 4), transform: nil)
        let b = CGMutablePath()
        b.addRect(CGRect(x: 0, y: 0, width: 3, height: 4))
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(Set<CGPath>([a, b]).count == 1)
    }
}
