import Testing
@testable import CoreGraphics

@Suite struct IsRectTests {
    @Test func rectanglesAreRecognised() {
        var rect = CGRect.null
        #expect(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil).isRect(&rect))
        #expect(rect == CGRect(x: 1, y: 2, width: 3, height: 4))
        // Clockwise, unclosed, explicit return to the start: all still rectangles.
        #expect(line((0, 0), (0, 5), (5, 5), (5, 0)).isRect(&rect))
        #expect(rect == CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(line((0, 0), (0, 5), (5, 5), (5, 0), (0, 0)).isRect(nil))
    }

    @Test func otherShapesAreNot() {
        #expect(!line((0, 0), (5, 0), (5, 5)).isRect(nil))
        #expect(!line((0, 0), (5, 0), (6, 5), (0, 5)).isRect(nil))
        #expect(!line((0, 0), (5, 0), (0, 0), (5, 0)).isRect(nil))
        #expect(!CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 5, height: 5), transform: nil).isRect(nil))
        let two = CGMutablePath()
        two.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 2, y: 0, width: 1, height: 1)])
        #expect(!two.isRect(nil))
        #expect(!CGMutablePath().isRect(nil))
    }
}
