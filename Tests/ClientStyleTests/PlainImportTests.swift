// Written as a user's package writes tests: plain imports, no @testable. That this file builds
// proves Swift Testing's `_Testing_CoreGraphics` cross-import overlay is found.
import QuartzCore
import Testing

@Test func plainImportGivesTheWholeAPI() {
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
    layer.position = CGPoint(x: 100, y: 50)
    #expect(layer.frame == CGRect(x: 95, y: 40, width: 10, height: 20))
    let color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    #expect(color.components == [1, 0, 0, 1])
}
