// The newer CALayer properties Apple code sets, stored with Apple's defaults (no effect in
// Strata), and CAAnimation.preferredFrameRateRange.
import QuartzCore
import Testing

@Test func newerLayerPropertiesHaveApplesDefaults() {
    let layer = CALayer()
    #expect(layer.wantsExtendedDynamicRangeContent == false)
    #expect(layer.toneMapMode == .automatic)
    #expect(layer.contentsHeadroom == 0)
    #expect(layer.wantsDynamicContentScaling == false)
    #expect(layer.preferredDynamicRange == .automatic)
}

@Test func newerLayerPropertiesAreStored() {
    let layer = CATextLayer()
    layer.wantsExtendedDynamicRangeContent = true
    layer.toneMapMode = .never
    layer.contentsHeadroom = 2.5
    layer.wantsDynamicContentScaling = true
    layer.preferredDynamicRange = .high
    #expect(layer.wantsExtendedDynamicRangeContent)
    #expect(layer.toneMapMode == .never)
    #expect(layer.contentsHeadroom == 2.5)
    #expect(layer.wantsDynamicContentScaling)
    #expect(layer.preferredDynamicRange == .high)
    #expect(layer.value(forKey: "wantsDynamicContentScaling") as? Bool == true)
    #expect((layer.value(forKey: "contentsHeadroom") as? NSNumber)?.doubleValue == 2.5)
    // Hostile: a non-finite headroom is refused.
    layer.contentsHeadroom = .nan
    layer.contentsHeadroom = .infinity
    #expect(layer.contentsHeadroom == 2.5)
}

@Test func animationPreferredFrameRateRangeIsStoredAndCopied() throws {
    let move = CABasicAnimation(keyPath: "position")
    #expect(move.preferredFrameRateRange == .default)
    move.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 30, preferred: 30)
    let layer = CALayer()
    layer.add(move, forKey: "move")
    let attached = try #require(layer.animation(forKey: "move"))
    #expect(attached.preferredFrameRateRange == CAFrameRateRange(minimum: 10, maximum: 30, preferred: 30))
    #expect((move.copy() as? CAAnimation)?.preferredFrameRateRange.preferred == 30)
}
