// CALayer.compositingFilter with Core Image's blend-mode names (as lottie-ios sets them): the
// layer composites with what is below it in that blend mode.
import QuartzCore
import Testing

/// B, G, R, A of the pixel at (x, y) after rendering `root` (4 × 4 points) once.
private func renderedPixel(_ root: CALayer, x: Int = 1, y: Int = 1) throws -> [UInt8] {
    try CAMediaClock.withManualClock(startingAt: 0) { _ in
        let renderer = CARenderer(width: 4, height: 4)
        renderer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        renderer.layer = root
        renderer.beginFrame(atTime: CACurrentMediaTime(), timeStamp: nil)
        renderer.render()
        renderer.endFrame()
        let data = try #require(renderer.makeImage().dataProvider?.data)
        let i = (y * 4 + x) * 4
        return Array(data[i..<(i + 4)])
    }
}

private func scene(below: CGColor, above: CGColor, filter: Any?) -> CALayer {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
    root.backgroundColor = below
    let top = CALayer()
    top.frame = root.bounds
    top.backgroundColor = above
    top.compositingFilter = filter
    root.addSublayer(top)
    return root
}

private func near(_ a: [UInt8], _ b: [UInt8], _ tolerance: Int = 1) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
}

@Test func multiplyBlendModeMultipliesWithWhatIsBelow() throws {
    let orange = CGColor(srgbRed: 1, green: 128.0 / 255, blue: 0, alpha: 1)
    let cyanish = CGColor(srgbRed: 128.0 / 255, green: 1, blue: 1, alpha: 1)
    // multiply: (128·255, 255·128, 255·0) / 255 = R 128, G 128, B 0.
    #expect(near(try renderedPixel(scene(below: orange, above: cyanish, filter: "multiplyBlendMode")), [0, 128, 128, 255]))
    // Core Image's full name works too; no filter is plain source-over.
    #expect(near(try renderedPixel(scene(below: orange, above: cyanish, filter: "CIMultiplyBlendMode")), [0, 128, 128, 255]))
    #expect(near(try renderedPixel(scene(below: orange, above: cyanish, filter: nil)), [255, 255, 128, 255]))
}

@Test func screenAndDifferenceBlendModes() throws {
    let below = CGColor(srgbRed: 0, green: 128.0 / 255, blue: 1, alpha: 1)
    let above = CGColor(srgbRed: 128.0 / 255, green: 0, blue: 0, alpha: 1)
    // screen: s + d − s·d → R 128, G 128, B 255.
    #expect(near(try renderedPixel(scene(below: below, above: above, filter: "screenBlendMode")), [255, 128, 128, 255]))
    // difference: |s − d| → R 128, G 128, B 255.
    #expect(near(try renderedPixel(scene(below: below, above: above, filter: "differenceBlendMode")), [255, 128, 128, 255]))
    // darken: min → R 0, G 0, B 0.
    #expect(near(try renderedPixel(scene(below: below, above: above, filter: "darkenBlendMode")), [0, 0, 0, 255]))
}

@Test func compositingFilterIsStoredAndReadBack() throws {
    let layer = CALayer()
    #expect(layer.compositingFilter == nil)
    layer.compositingFilter = "overlayBlendMode"
    #expect(layer.compositingFilter as? String == "overlayBlendMode")
    #expect(layer.value(forKey: "compositingFilter") as? String == "overlayBlendMode")
    layer.setValue("screenBlendMode", forKey: "compositingFilter")
    #expect(layer.compositingFilter as? String == "screenBlendMode")
}

@Test func unknownCompositingFiltersCompositeNormally() throws {
    let below = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
    let above = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
    for filter: Any in ["gaussianBlur", "", "multiplyblendmodeX", 42, Double.nan, NSObject()] {
        #expect(near(try renderedPixel(scene(below: below, above: above, filter: filter)), [255, 0, 0, 255]))
    }
}

/// A root that covers the surface but blends with what is beneath it (a compositing filter)
/// blends with a cleared surface every frame, not with the frame drawn before (fuzz seed
/// 3013155: the renderer skipped the clear for an opaque root covering the surface).
@Test func aBlendingRootBlendsWithAClearedSurfaceEveryFrame() throws {
    try CAMediaClock.withManualClock(startingAt: 0) { _ in
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        root.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        root.compositingFilter = "multiplyBlendMode"
        let renderer = CARenderer(width: 4, height: 4)
        renderer.layer = root
        CATransaction.flush()
        renderer.render()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.backgroundColor = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)
        CATransaction.commit()
        renderer.render()
        let data = try #require(renderer.makeImage().dataProvider?.data)
        // B, G, R, A: green multiplied over nothing; over the red frame it was black.
        #expect(Array(data.prefix(4)) == [0, 0xFF, 0, 0xFF])
    }
}
