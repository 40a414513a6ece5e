import Foundation
import Testing
@testable import QuartzCore
import StrataDemos

// Layers that draw themselves: draw(in:) in a subclass, a delegate's draw(_:in:), contentsScale,
// render(in:) — rendered through the compositor and checked pixel by pixel.

/// Paints its top-left quarter red and a 2-px blue bar along its bottom, in layer coordinates.
private final class QuarterLayer: CALayer {
    var draws = 0
    override func draw(in ctx: CGContext) {
        draws += 1
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width / 2, height: bounds.height / 2))
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: bounds.minX, y: bounds.maxY - 2, width: bounds.width, height: 2))
    }
}

private final class CircleDelegate: CALayerDelegate {
    var willDraw = 0
    func layerWillDraw(_ layer: CALayer) { willDraw += 1 }
    func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        ctx.fillEllipse(in: layer.bounds)
    }
}

@Test func drawInContextUsesTheLayersTopLeftCoordinates() {
    let layer = QuarterLayer()
    layer.frame = CGRect(x: 10, y: 20, width: 40, height: 20)
    layer.setNeedsDisplay()
    CATransaction.flush()
    #expect(layer.draws == 1)
    let image = layer.contents as? CGImage
    #expect(image?.width == 40 && image?.height == 20)
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 64, height: 48)
    root.addSublayer(layer)
    let frame = Golden.render(root, width: 64, height: 48)
    // Red in the top-left quarter of the layer (10...30, 20...30), blue along its bottom (y 38, 39).
    Golden.expectPixel(frame, 15, 22, 0xFFFF_0000)
    Golden.expectPixel(frame, 29, 29, 0xFFFF_0000)
    Golden.expectPixel(frame, 35, 25, 0)
    Golden.expectPixel(frame, 45, 38, 0xFF00_00FF)
    Golden.expectPixel(frame, 45, 39, 0xFF00_00FF)
    Golden.expectPixel(frame, 45, 37, 0)
    // Nothing redraws until asked again.
    CATransaction.flush()
    #expect(layer.draws == 1)
}

@Test func boundsOriginShiftsTheDrawing() {
    let layer = QuarterLayer()
    layer.bounds = CGRect(x: 100, y: 50, width: 20, height: 20)
    layer.position = CGPoint(x: 10, y: 10)
    layer.setNeedsDisplay()
    CATransaction.flush()
    let root = CALayer()
    root.addSublayer(layer)
    let frame = Golden.render(root, width: 20, height: 20)
    Golden.expectPixel(frame, 2, 2, 0xFFFF_0000)
    Golden.expectPixel(frame, 12, 2, 0)
}

@Test func delegateDrawsAndContentsScaleSetsTheBackingSize() {
    let delegate = CircleDelegate()
    let layer = CALayer()
    layer.delegate = delegate
    layer.contentsScale = 2
    layer.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
    layer.setNeedsDisplay()
    CATransaction.flush()
    #expect(delegate.willDraw == 1)
    let image = layer.contents as? CGImage
    // bounds × contentsScale pixels.
    #expect(image?.width == 32 && image?.height == 32)
    if let image {
        // The disc's centre is green, its bounding box corners are empty.
        #expect(image.pixel(x: 16, y: 16) == 0xFF00_FF00)
        #expect(image.pixel(x: 1, y: 1) == 0)
    }
}

@Test func needsDisplayOnBoundsChangeRedraws() {
    let layer = QuarterLayer()
    layer.needsDisplayOnBoundsChange = true
    layer.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
    CATransaction.flush()
    #expect(layer.draws == 1)
    layer.bounds = CGRect(x: 0, y: 0, width: 12, height: 8)
    CATransaction.flush()
    #expect(layer.draws == 2 && (layer.contents as? CGImage)?.width == 12)
}

@Test func renderInContextDrawsTheTreeWithModelValues() throws {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
    root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let child = CALayer()
    child.frame = CGRect(x: 10, y: 5, width: 10, height: 10)
    child.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    root.addSublayer(child)
    let rotated = CALayer()
    rotated.bounds = CGRect(x: 0, y: 0, width: 20, height: 4)
    rotated.position = CGPoint(x: 30, y: 30)
    rotated.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
    rotated.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    root.addSublayer(rotated)
    let ctx = try #require(CGContext(data: nil, width: 40, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                                     space: CGColorSpaceCreateDeviceRGB(),
                                     bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
    // A y-down context, as a layer's draw(in:) context or UIKit's.
    ctx.translateBy(x: 0, y: 40)
    ctx.scaleBy(x: 1, y: -1)
    root.render(in: ctx)
    let image = try #require(ctx.makeImage())
    #expect(image.pixel(x: 15, y: 10) == 0xFFFF_0000)   // the child, 5 px from the top
    #expect(image.pixel(x: 15, y: 30) == 0xFF00_00FF)   // background
    // The bar turned 90°: 4 wide, 20 tall, centred on (30, 30).
    #expect(image.pixel(x: 30, y: 22) == 0xFF00_FF00)
    #expect(image.pixel(x: 36, y: 30) == 0xFF00_00FF)
}

@Test func customAnimatablePropertyRedrawsThePresentationLayer() throws {
    try CAMediaClock.withManualClock(startingAt: 0) { clock in
        // The ring animates progress 0 → 1 over 2 s; the model's progress is 1.
        let scene = try #require(SceneCatalog.named("custom-property"))
        let root = scene.make(CGSize(width: 200, height: 200))
        let renderer = CARenderer(width: 200, height: 200)
        renderer.layer = root
        CATransaction.flush()
        let ring = try #require(root.sublayers?.first as? ProgressRingLayer)
        #expect(ring.progress == 1)
        func frame(at t: Double) -> CGImage {
            clock.set(t)
            CALayer.displayAnimatedProperties(in: root)
            CATransaction.flush()
            renderer.beginFrame(atTime: t); renderer.render(); renderer.endFrame()
            return renderer.makeImage()
        }
        // The ring's centre line: radius 70 around (100, 100). At t = 0.5 s progress is 0.25:
        // green from twelve to three o'clock only.
        let quarter = frame(at: 0.5)
        let green: UInt32 = 0xFF4C_CC80, grey: UInt32 = 0xFF40_4554
        Golden.expectPixel(quarter, 100 + 49, 100 - 49, green, tolerance: 2)   // half past one
        Golden.expectPixel(quarter, 100, 170, grey, tolerance: 2)             // six o'clock
        Golden.expectPixel(quarter, 30, 100, grey, tolerance: 2)              // nine o'clock
        // At 1.5 s (0.75) six and nine o'clock... six is green, nine not yet (0.75 reaches it).
        let most = frame(at: 1.4)
        Golden.expectPixel(most, 100, 170, green, tolerance: 2)
        Golden.expectPixel(most, 100 - 49, 100 - 49, grey, tolerance: 2)      // half past ten
        // The model layer's own contents were never replaced.
        #expect(ring.animatedDisplayContents != nil)
        // After the animation ends, the model drawing (a full ring) shows again.
        clock.set(2.5)
        CATransaction.flush()
        _ = frame(at: 2.5)
        let done = frame(at: 2.6)
        #expect(ring.animationKeys() == nil)
        #expect(ring.animatedDisplayContents == nil)
        Golden.expectPixel(done, 100 - 49, 100 - 49, green, tolerance: 2)
    }
}

@Test func contentsFormatDefaultsAndRoundTripsThroughKeyValueCoding() {
    let layer = CALayer()
    #expect(layer.contentsFormat == .RGBA8Uint)
    #expect(CALayerContentsFormat.RGBA16Float.rawValue == "RGBAh" && CALayerContentsFormat.gray8Uint.rawValue == "Gray8")
    layer.setValue("RGBAh", forKey: "contentsFormat")
    #expect(layer.contentsFormat == .RGBA16Float)
    layer.contentsFormat = .gray8Uint
    #expect(layer.value(forKey: "contentsFormat") as? String == "Gray8")
}

@Test func hugeBackingStoresAreScaledDownNotCrashed() {
    for (size, scale) in [(CGSize(width: 1e300, height: 1e300), 1.0), (CGSize(width: 1e300, height: 1), 1.0),
                          (CGSize(width: 100, height: 100), 1e300), (CGSize(width: 5e4, height: 3e4), 2.0)] {
        let layer = QuarterLayer()
        layer.bounds = CGRect(origin: .zero, size: size)
        layer.contentsScale = scale
        let messages = StrataDiagnostics.capture {
            layer.setNeedsDisplay()
            CATransaction.flush()
        }
        let image = layer.contents as? CGImage
        #expect(image != nil, "\(size) at \(scale)")
        if let image {
            #expect(image.width <= 16_384 && image.height <= 16_384)
            #expect(image.width * image.height <= CALayer.maximumBackingPixels)
        }
        #expect(messages.contains { $0.contains("backing-store limit") })
    }
}

@Test func renderInContextOfAVeryDeepTreeDrawsOnASmallStack() throws {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
    var leaf = root
    for _ in 0..<5_000 {
        let next = CALayer()
        next.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        next.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        leaf.addSublayer(next)
        leaf = next
    }
    let ctx = try #require(CGContext(data: nil, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 0,
                                     space: CGColorSpaceCreateDeviceRGB(),
                                     bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
    // The tree and the context move to the thread whole: nothing else touches them meanwhile.
    final class Box: @unchecked Sendable {
        let root: CALayer, ctx: CGContext
        var messages: [String] = []
        init(_ root: CALayer, _ ctx: CGContext) { self.root = root; self.ctx = ctx }
    }
    let box = Box(root, ctx)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.messages = StrataDiagnostics.capture { box.root.render(in: box.ctx) }
        done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
    #expect(box.messages.isEmpty)
    #expect(ctx.makeImage()?.pixel(x: 4, y: 4) == 0xFFFF_0000)
}
