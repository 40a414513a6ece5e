// Apple's display cycle: at commit, layers marked by setNeedsLayout() lay out and layers marked
// by setNeedsDisplay() display, in overrides or through the delegate.
import QuartzCore
import Testing

final class ImageLayer: CALayer {
    var displays = 0
    var layouts = 0
    override func display() {
        displays += 1
        contents = try? CGImage(width: 1, height: 1, premultipliedBGRA: [0xFF00_00FF])
    }
    override func layoutSublayers() {
        layouts += 1
        sublayers?.first?.frame = bounds.insetBy(dx: 2, dy: 2)
    }
}

final class Painter: CALayerDelegate {
    var displayed: [CALayer] = []
    func display(_ layer: CALayer) { displayed.append(layer) }
}

@Test func commitLaysOutThenDisplaysMarkedLayers() {
    let layer = ImageLayer()
    let child = CALayer()
    layer.addSublayer(child)
    layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)   // a bounds change marks layout
    layer.setNeedsDisplay()
    #expect(layer.needsDisplay() && layer.needsLayout())
    #expect(layer.displays == 0 && layer.layouts == 0)
    CATransaction.flush()
    #expect(layer.layouts == 1 && layer.displays == 1)
    #expect(child.frame == CGRect(x: 2, y: 2, width: 16, height: 6))
    #expect(layer.contents is CGImage)
    #expect(!layer.needsDisplay() && !layer.needsLayout())
    CATransaction.flush()
    #expect(layer.layouts == 1 && layer.displays == 1)

    let painter = Painter()
    let plain = CALayer()
    plain.delegate = painter
    plain.needsDisplayOnBoundsChange = true
    plain.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
    CATransaction.flush()
    #expect(painter.displayed.count == 1 && painter.displayed.first === plain)
    plain.displayIfNeeded()
    #expect(painter.displayed.count == 1)
}
