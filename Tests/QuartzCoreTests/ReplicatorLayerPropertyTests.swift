import Foundation
import Testing
@testable import QuartzCore

// CAReplicatorLayer's properties: Apple's defaults (CAReplicatorLayer.h), KVC, the implicit
// animation keys and presentation values on a manual clock.

@Test func replicatorDefaultsAreApples() {
    let r = CAReplicatorLayer()
    #expect(r.instanceCount == 1)
    #expect(r.preservesDepth == false)
    #expect(r.instanceDelay == 0)
    #expect(CATransform3DIsIdentity(r.instanceTransform))
    #expect(r.instanceColor == CGColor.white)
    #expect(r.instanceRedOffset == 0 && r.instanceGreenOffset == 0 && r.instanceBlueOffset == 0 && r.instanceAlphaOffset == 0)
    #expect(CAReplicatorLayer.defaultValue(forKey: "instanceCount") as? Int == 1)
    #expect(CALayer().state.replicator == nil)
}

@Test func replicatorPropertiesGoThroughKeyValueCoding() {
    let r = CAReplicatorLayer()
    r.setValue(5, forKey: "instanceCount")
    r.setValue(NSNumber(value: 0.25), forKey: "instanceDelay")
    r.setValue(Float(-0.2), forKey: "instanceAlphaOffset")
    r.setValue(true, forKey: "preservesDepth")
    #expect(r.instanceCount == 5)
    #expect(r.instanceDelay == 0.25)
    #expect(r.instanceAlphaOffset == -0.2)
    #expect(r.preservesDepth)
    #expect(r.value(forKey: "instanceCount") as? Int == 5)
    let copy = CAReplicatorLayer(layer: r)
    #expect(copy.instanceCount == 5 && copy.instanceDelay == 0.25)
}

@Test func replicatorAnimatableKeysAreApples() {
    let keys = ReplicatorLayerState.animatableKeys
    for k in ["instanceCount", "instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset",
              "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset"] {
        #expect(keys.contains(k), "\(k)")
    }
    #expect(!keys.contains("preservesDepth"))
}

@Test func replicatorRejectsNonFiniteValuesWithAMessage() {
    let r = CAReplicatorLayer()
    let messages = StrataDiagnostics.capture {
        r.instanceDelay = .nan
        r.instanceRedOffset = .infinity
        r.instanceCount = 1_000_000
    }
    #expect(r.instanceDelay == 0 && r.instanceRedOffset == 0)
    #expect(r.instanceCount == 1_000_000)
    #expect(messages.count == 3)
    #expect(messages.last?.contains("4096") == true)
}

@Test(.manualClock) func animatedInstanceOffsetIsSeenThroughPresentation() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let root = CALayer()
        let r = CAReplicatorLayer()
        root.addSublayer(r)
        let renderer = CARenderer(width: 8, height: 8)
        renderer.layer = root
        CATransaction.flush()
        let a = CABasicAnimation(keyPath: "instanceAlphaOffset")
        a.fromValue = Float(0)
        a.toValue = Float(-1)
        a.duration = 2
        r.add(a, forKey: "fade")
        CATransaction.flush()
        clock.advance(by: 0.5)
        let p = r.presentation() as? CAReplicatorLayer
        #expect(p != nil)
        #expect(abs((p?.instanceAlphaOffset ?? 0) + 0.25) < 1e-6)
        #expect(r.instanceAlphaOffset == 0)
    }
}
