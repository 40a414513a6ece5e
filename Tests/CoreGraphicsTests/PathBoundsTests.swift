import Testing
@testable import CoreGraphics

@Suite struct PathBoundsTests {
    @Test func quadCurveBoundsWithAndWithoutControlPoint() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 100))
        // Peak at t = 1/2: y = 2·(1/2)·(1/2)·100 = 50.
        #expect(path.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 100, height: 50))
    }

    @Test func cubicCurveBounds() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 100))
        // Peak at t = 1/2: y = (3/8 + 3/8)·100 = 75.
        let tight = path.boundingBoxOfPath
        #expect(tight.minX == 0 && tight.maxX == 100 && tight.minY == 0)
        #expect(abs(tight.maxY - 75) < 1e-12)
    }

    @Test func circleBoundsAreItsSquare() {
        let path = CGPath(ellipseIn: CGRect(x: -100, y: -100, width: 200, height: 200), transform: nil)
        let tight = path.boundingBoxOfPath
        #expect(abs(tight.minX + 100) < 1e-9 && abs(tight.maxX - 100) < 1e-9)
        #expect(abs(tight.minY + 100) < 1e-9 && abs(tight.maxY - 100) < 1e-9)
    }

    @Test func rotatedSquareBounds() {
        var t = CGAffineTransform(rotationAngle: .pi / 4)
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100), transform: &t)
        #expect(abs(path.boundingBox.width - 141.42135623730951) < 1e-9)
    }
}
