import Testing
@testable import CoreGraphics

@Suite struct PathContainsTests {
    @Test func rectangle() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        #expect(path.contains(CGPoint(x: 5, y: 5)))
        #expect(!path.contains(CGPoint(x: 15, y: 5)))
        #expect(!path.contains(CGPoint(x: -1, y: 5)))
        #expect(!CGMutablePath().contains(.zero))
    }

    @Test func circleEdge() {
        let path = CGPath(ellipseIn: CGRect(x: -100, y: -100, width: 200, height: 200), transform: nil)
        #expect(path.contains(CGPoint(x: 70, y: 70)))   // 98.99 from the centre
        #expect(!path.contains(CGPoint(x: 71, y: 71)))  // 100.41 from the centre
    }

    @Test func fillRules() {
        let sameWay = CGMutablePath()
        sameWay.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        sameWay.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))
        #expect(sameWay.contains(CGPoint(x: 5, y: 5), using: .winding))
        #expect(!sameWay.contains(CGPoint(x: 5, y: 5), using: .evenOdd))
        #expect(sameWay.contains(CGPoint(x: 1, y: 5), using: .evenOdd))
        let reversed = CGMutablePath()
        reversed.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        reversed.addLines(between: [CGPoint(x: 2, y: 2), CGPoint(x: 2, y: 8), CGPoint(x: 8, y: 8), CGPoint(x: 8, y: 2)])
        reversed.closeSubpath()
        #expect(!reversed.contains(CGPoint(x: 5, y: 5), using: .winding))
        #expect(reversed.contains(CGPoint(x: 1, y: 5), using: .winding))
    }

    @Test func transformMovesThePath() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let t = CGAffineTransform(translationX: 100, y: 0)
        #expect(path.contains(CGPoint(x: 105, y: 5), transform: t))
        #expect(!path.contains(CGPoint(x: 5, y: 5), transform: t))
    }

    @Test func openSubpathCountsAsClosed() {
        let triangle = CGMutablePath()
        triangle.addLines(between: [.zero, CGPoint(x: 9, y: 0), CGPoint(x: 0, y: 9)])
        #expect(triangle.contains(CGPoint(x: 3, y: 3)))
        #expect(!triangle.contains(CGPoint(x: 6, y: 6)))
    }
}
