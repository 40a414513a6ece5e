import Testing
@testable import CoreGraphics

@Suite struct DashTests {
    let segment = line((0, 0), (10, 0))

    /// The x ranges of the dashes of a horizontal line.
    func spans(_ path: CGPath) -> [ClosedRange<CGFloat>] {
        path.polygons.map { p in p.map(\.x).min()!...p.map(\.x).max()! }
    }

    @Test func patternAndPhase() {
        #expect(spans(segment.copy(dashingWithPhase: 0, lengths: [2, 3])) == [0...2, 5...7])
        #expect(spans(segment.copy(dashingWithPhase: 1, lengths: [2, 3])) == [0...1, 4...6, 9...10])
        // A negative phase counts back from the pattern's end: −1 is 4 into [2, 3].
        #expect(spans(segment.copy(dashingWithPhase: -1, lengths: [2, 3])) == [1...3, 6...8])
        // A phase beyond the pattern wraps: 6 is 1.
        #expect(spans(segment.copy(dashingWithPhase: 6, lengths: [2, 3])) == [0...1, 4...6, 9...10])
    }

    @Test func oddCountRepeats() {
        #expect(spans(segment.copy(dashingWithPhase: 0, lengths: [2])) == [0...2, 4...6, 8...10])
        #expect(spans(segment.copy(dashingWithPhase: 0, lengths: [1, 2, 3])) == [0...1, 3...6, 7...9])
    }

    @Test func cornersInsideADashKeepTheirJoin() {
        let corner = line((0, 0), (10, 0), (10, 10))
        let dashed = corner.copy(dashingWithPhase: 0, lengths: [12, 100])
        #expect(dashed.polygons == [[CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 2)]])
        let stroked = dashed.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(stroked.contains(CGPoint(x: 10.95, y: -0.95)))
    }

    @Test func closedSubpathsJoinTheDashOverTheStart() {
        let square = CGMutablePath()
        square.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        // Perimeter 40, [10, 10] from 5: painted 0–5, 15–25, 35–40; the last joins the first.
        let dashed = square.copy(dashingWithPhase: 5, lengths: [10, 10])
        #expect(dashed.polygons == [
            [CGPoint(x: 0, y: 5), CGPoint(x: 0, y: 0), CGPoint(x: 5, y: 0)],
            [CGPoint(x: 10, y: 5), CGPoint(x: 10, y: 10), CGPoint(x: 5, y: 10)],
        ])
        // Painted all the way round: still one closed ring.
        let whole = square.copy(dashingWithPhase: 0, lengths: [50, 10])
        #expect(whole.elements.last == .closeSubpath)
    }

    @Test func zeroLengthDashesAreDotsWithRoundCaps() {
        let dotted = segment.copy(dashingWithPhase: 0, lengths: [0, 5])
        #expect(dotted.polygons.count == 2)   // at 0 and 5 (the pattern ends exactly at 10)
        let stroked = dotted.copy(strokingWithWidth: 2, lineCap: .round, lineJoin: .round, miterLimit: 10)
        #expect(stroked.contains(CGPoint(x: 5, y: 0.9)))
        #expect(stroked.contains(CGPoint(x: 0, y: 0.9)))
        #expect(!stroked.contains(CGPoint(x: 2.5, y: 0)))
    }

    @Test func emptyZeroAndNegativePatternsLeaveThePathSolid() {
        DiagnosticsRecorder.install()
        #expect(segment.copy(dashingWithPhase: 0, lengths: []) == segment)
        #expect(segment.copy(dashingWithPhase: 0, lengths: [0, 0]) == segment)
        #expect(DiagnosticsRecorder.contains("dash lengths [0.0, 0.0] are all zero"))
        #expect(segment.copy(dashingWithPhase: 0, lengths: [2, -1]) == segment)
        #expect(DiagnosticsRecorder.contains("dash lengths [2.0, -1.0] include a negative"))
        #expect(segment.copy(dashingWithPhase: 0, lengths: [2, .nan]) == segment)
        // A NaN phase counts as 0.
        #expect(spans(segment.copy(dashingWithPhase: .nan, lengths: [2, 3])) == [0...2, 5...7])
    }

    @Test func tooManyDashesAreRefused() {
        DiagnosticsRecorder.install()
        let long = line((0, 0), (1e6, 0))
        #expect(long.copy(dashingWithPhase: 0, lengths: [0.1, 0.1]).polygons.count == 1)
        #expect(DiagnosticsRecorder.contains("more than 1000000 dashes"))
    }
}
