import Testing
@testable import CoreGraphics

@Suite struct StrokeCapTests {
    let segment = line((0, 0), (10, 0))

    @Test func buttIsTheSegmentsRectangle() {
        let outline = segment.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        var rect = CGRect.null
        #expect(outline.isRect(&rect))
        #expect(rect == CGRect(x: 0, y: -2, width: 10, height: 4))
    }

    @Test func squareExtendsByHalfTheWidth() {
        let outline = segment.copy(strokingWithWidth: 4, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        var rect = CGRect.null
        #expect(outline.isRect(&rect))
        #expect(rect == CGRect(x: -2, y: -2, width: 14, height: 4))
    }

    @Test func roundIsAHalfDisc() {
        let outline = segment.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        #expect(outline.contains(CGPoint(x: -1.9, y: 0)))
        #expect(!outline.contains(CGPoint(x: -2.1, y: 0)))
        #expect(outline.contains(CGPoint(x: 11.39, y: 1.39)))   // 1.966 from (10, 0)
        #expect(!outline.contains(CGPoint(x: 11.45, y: -1.45))) // 2.051 from (10, 0)
        // Every vertex is on the outline: on a side (|y| = 2 between the ends) or on a cap circle.
        for p in outline.polygons.joined() {
            let end = p.x < 5 ? CGPoint(x: 0, y: 0) : CGPoint(x: 10, y: 0)
            let d = ((p.x - end.x) * (p.x - end.x) + p.y * p.y).squareRoot()
            #expect((p.x >= 0 && p.x <= 10 && abs(abs(p.y) - 2) < 1e-9) || abs(d - 2) < 1e-9)
        }
    }

    @Test func outlinesWindClockwise() {
        for cap in [CGLineCap.butt, .round, .square] {
            let outline = line((0, 0), (10, 0), (10, 10), (3, 2)).copy(
                strokingWithWidth: 3, lineCap: cap, lineJoin: .round, miterLimit: 10)
            #expect(outline.polygons.count == 1)
            #expect(signedArea(outline.polygons[0]) < 0)
        }
    }

    @Test func zeroLengthSubpathsDrawDots() {
        let dot = line((5, 5), (5, 5))
        let round = dot.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        #expect(round.contains(CGPoint(x: 5, y: 6.9)))
        #expect(round.contains(CGPoint(x: 6.35, y: 6.35)))   // 1.91 from the centre
        #expect(!round.contains(CGPoint(x: 6.45, y: 6.45)))  // 2.05 from the centre
        var rect = CGRect.null
        #expect(dot.copy(strokingWithWidth: 4, lineCap: .square, lineJoin: .miter, miterLimit: 10).isRect(&rect))
        #expect(rect == CGRect(x: 3, y: 3, width: 4, height: 4))
        #expect(dot.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10).isEmpty)
        // A lone move strokes nothing, whatever the cap.
        let move = CGMutablePath()
        move.move(to: CGPoint(x: 5, y: 5))
        #expect(move.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
    }

    @Test func badWidthsGiveEmptyPaths() {
        for width in [0, -1, CGFloat.nan, .infinity] {
            #expect(segment.copy(strokingWithWidth: width, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
        }
    }

    @Test func transformMapsTheOutline() {
        let outline = segment.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10,
                                   transform: CGAffineTransform(translationX: 1, y: 2).scaledBy(x: 2, y: 3))
        var rect = CGRect.null
        #expect(outline.isRect(&rect))
        #expect(rect == CGRect(x: 1, y: -4, width: 20, height: 12))
    }
}
