import Testing
@testable import CoreGraphics

@Suite struct StrokeJoinTests {
    /// Right turn at (10, 0) going up: the outer corner is at (11, −1) for width 2.
    let corner = line((0, 0), (10, 0), (10, 10))

    func stroke(_ join: CGLineJoin, limit: CGFloat = 10, path: CGPath? = nil) -> CGPath {
        (path ?? corner).copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: join, miterLimit: limit)
    }

    @Test func miterReachesTheCorner() {
        let outline = stroke(.miter)
        #expect(outline.contains(CGPoint(x: 10.95, y: -0.95)))
        #expect(!outline.contains(CGPoint(x: 11.05, y: -0.5)))
        #expect(outline.polygons[0].contains(CGPoint(x: 11, y: -1)))
    }

    @Test func bevelCutsTheCorner() {
        let outline = stroke(.bevel)
        #expect(outline.contains(CGPoint(x: 10.4, y: -0.4)))   // x − y = 10.8 < 11
        #expect(!outline.contains(CGPoint(x: 10.6, y: -0.6)))  // x − y = 11.2 > 11
    }

    @Test func roundIsAQuarterDisc() {
        let outline = stroke(.round)
        // Drawn within 0.05 of the unit circle around (10, 0); a bevel would stop at 0.707.
        #expect(outline.contains(CGPoint(x: 10.66, y: -0.66)))  // 0.933 from (10, 0)
        #expect(!outline.contains(CGPoint(x: 10.72, y: -0.72))) // 1.018 from (10, 0)
    }

    @Test func miterLimitTurnsIntoBevel() {
        // A right angle's miter is √2 ≈ 1.414 line widths long.
        #expect(stroke(.miter, limit: 1.42).contains(CGPoint(x: 10.9, y: -0.9)))
        #expect(!stroke(.miter, limit: 1.41).contains(CGPoint(x: 10.9, y: -0.9)))
        // At 10° between the segments the miter is 1/sin(5°) = 11.47 widths long, beyond the
        // default limit of 10; its tip points 5° below +x from the vertex.
        let angle = 10 * CGFloat.pi / 180
        let sharp = line((0, 0), (10, 0), (10 - 10 * cos(angle), 10 * sin(angle)))
        let far = CGPoint(x: 10 + 11.3 * cos(angle / 2), y: -11.3 * sin(angle / 2))
        #expect(stroke(.miter, limit: 12, path: sharp).contains(far))
        #expect(!stroke(.miter, path: sharp).contains(far))
        #expect(!stroke(.miter, limit: 12, path: sharp).contains(CGPoint(x: 10 + 11.6 * cos(angle / 2), y: -11.6 * sin(angle / 2))))
    }

    @Test func innerCornerIsFilled() {
        for join in [CGLineJoin.miter, .round, .bevel] {
            let outline = stroke(join)
            #expect(outline.contains(CGPoint(x: 9.05, y: 0.95)))
            #expect(!outline.contains(CGPoint(x: 8.9, y: 1.1)))
        }
    }

    @Test func closedSubpathsJoinAtTheStart() {
        let square = CGMutablePath()
        square.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        let outline = stroke(.miter, path: square)
        #expect(outline.contains(CGPoint(x: -0.95, y: -0.95)))   // the start corner is mitred
        #expect(outline.contains(CGPoint(x: 10.95, y: 10.95)))
        #expect(!outline.contains(CGPoint(x: 5, y: 5)))           // the hole stays empty
        #expect(outline.contains(CGPoint(x: 0.5, y: 5)))
        #expect(!outline.contains(CGPoint(x: 1.1, y: 5)))
        #expect(outline.polygons.count == 2)
        let bevelled = stroke(.bevel, path: square)
        #expect(!bevelled.contains(CGPoint(x: -0.9, y: -0.9)))
    }

    @Test func selfCrossingStrokeStaysFilled() {
        let cross = line((0, 0), (10, 10), (10, 0), (0, 10))
        let outline = stroke(.miter, path: cross)
        #expect(outline.contains(CGPoint(x: 5, y: 5), using: .winding))
        #expect(outline.contains(CGPoint(x: 5.3, y: 5), using: .winding))
    }

    @Test func reversalGetsARoundEnd() {
        let back = line((0, 0), (10, 0), (0, 0))
        let outline = stroke(.round, path: back)
        #expect(outline.contains(CGPoint(x: 10.9, y: 0)))
        #expect(!outline.contains(CGPoint(x: 11.1, y: 0)))
    }
}
