import Foundation
import Testing
@testable import QuartzCore

// Issue 25: layers of huge but finite geometry draw what is visible: from 1e160 a shape
// layer's stroke and a layer's or gradient layer's huge bounds drew nothing.

private let blue: UInt32 = 0xFF00_00FF

/// An 8 × 8 root holding `layer`, rendered once.
private func render(_ layer: CALayer) -> CARenderer {
    CATransaction.begin(); CATransaction.setDisableActions(true)
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
    root.addSublayer(layer)
    CATransaction.commit()
    let renderer = CARenderer(width: 8, height: 8)
    renderer.layer = root
    renderer.beginFrame(atTime: 0); renderer.render(); renderer.endFrame()
    return renderer
}

/// A shape layer stroking a 2-wide horizontal line through y = 4: rows 3 and 4 (y 3…5).
@Test(.manualClock, arguments: [1e20, 1e160, 1e300])
func shapeLayerStrokesAHugeLine(size: Double) {
    CATransaction.begin(); CATransaction.setDisableActions(true)
    let shape = CAShapeLayer()
    shape.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
    let p = CGMutablePath()
    p.move(to: CGPoint(x: -size, y: 4)); p.addLine(to: CGPoint(x: size, y: 4))
    shape.path = p
    shape.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    shape.fillColor = nil
    shape.lineWidth = 2
    CATransaction.commit()
    let r = render(shape)
    for x in [0, 4, 7] {
        #expect(r.surface[x, 3] == blue && r.surface[x, 4] == blue, "column \(x)")
        #expect(r.surface[x, 1] == 0 && r.surface[x, 6] == 0)
    }
}

/// A plain layer and a gradient layer (one colour) whose bounds are huge and centred on the
/// root cover every pixel.
@Test(.manualClock, arguments: [1e20, 1e160, 1e300])
func layersOfHugeBoundsCoverTheRoot(size: Double) {
    CATransaction.begin(); CATransaction.setDisableActions(true)
    let plain = CALayer()
    plain.bounds = CGRect(x: 0, y: 0, width: size, height: size)
    plain.position = CGPoint(x: 4, y: 4)
    plain.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let gradient = CAGradientLayer()
    gradient.frame = CGRect(x: -size, y: -size, width: 2 * size, height: 2 * size)
    gradient.colors = [CGColor(red: 0, green: 0, blue: 1, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
    CATransaction.commit()
    for layer in [plain, gradient] {
        let r = render(layer)
        for (x, y) in [(0, 0), (4, 4), (7, 7), (0, 7)] { #expect(r.surface[x, y] == blue, "\(type(of: layer)) (\(x), \(y))") }
    }
}
