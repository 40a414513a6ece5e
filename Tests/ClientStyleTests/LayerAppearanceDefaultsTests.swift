// The smaller CALayer and CADisplayLink properties real code sets, with Apple's defaults.
import QuartzCore
import Testing

@Test func cornerCurveAntialiasingFiltersAndRasterizationDefaults() {
    let layer = CALayer()
    #expect(layer.cornerCurve == .circular)
    #expect(layer.allowsEdgeAntialiasing == false)
    #expect(layer.edgeAntialiasingMask == [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
    #expect(layer.edgeAntialiasingMask.rawValue == 15)
    #expect(layer.minificationFilter == .linear && layer.magnificationFilter == .linear)
    #expect(layer.minificationFilterBias == 0)
    #expect(layer.shouldRasterize == false && layer.rasterizationScale == 1)
    #expect(layer.drawsAsynchronously == false)
    #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
    #expect(CALayer.cornerCurveExpansionFactor(.continuous) == 1.528665)

    layer.cornerCurve = .continuous
    layer.magnificationFilter = .nearest
    layer.minificationFilter = .trilinear
    layer.edgeAntialiasingMask = [.layerTopEdge]
    #expect(layer.value(forKey: "cornerCurve") as? String == "continuous")
    #expect(layer.value(forKey: "cornerCurve") as? CALayerCornerCurve == .continuous)
    #expect(layer.value(forKey: "magnificationFilter") as? String == "nearest")
    #expect(layer.value(forKey: "edgeAntialiasingMask") as? NSNumber == NSNumber(value: UInt32(8)))
    layer.setValue("circular", forKey: "cornerCurve")
    #expect(layer.cornerCurve == .circular)
    #expect(CALayer.defaultValue(forKey: "cornerCurve") as? String == "circular")
    #expect(CALayer.defaultValue(forKey: "rasterizationScale") as? CGFloat == 1)
}

@Test func displayLinkFrameInterval() {
    let link = CADisplayLink { _ in }
    #expect(link.frameInterval == 1)
    link.frameInterval = 2
    #expect(link.frameInterval == 2)
    #expect(link.preferredFramesPerSecond == 30)
    link.frameInterval = 0
    #expect(link.frameInterval == 2)
    link.invalidate()
}
