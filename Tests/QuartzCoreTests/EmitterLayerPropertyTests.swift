import Foundation
import Testing
@testable import QuartzCore

// CAEmitterLayer's and CAEmitterCell's properties: Apple's defaults (CAEmitterLayer.h,
// CAEmitterCell.h), KVC, implicit-animation keys, copies and bad values.

@Test func emitterLayerDefaultsAreApples() {
    let e = CAEmitterLayer()
    #expect(e.emitterCells == nil)
    #expect(e.birthRate == 1 && e.lifetime == 1)
    #expect(e.emitterPosition == .zero && e.emitterZPosition == 0)
    #expect(e.emitterSize == .zero && e.emitterDepth == 0)
    #expect(e.emitterShape == .point)
    #expect(e.emitterMode == .volume)
    #expect(e.renderMode == .unordered)
    #expect(e.preservesDepth == false)
    #expect(e.velocity == 1 && e.scale == 1 && e.spin == 1)
    #expect(e.seed == 0)
    #expect(CAEmitterLayerEmitterShape.sphere.rawValue == "sphere")
    #expect(CAEmitterLayerEmitterMode.outline.rawValue == "outline")
    #expect(CAEmitterLayerRenderMode.oldestLast.rawValue == "oldestLast")
}

@Test func emitterCellDefaultsAreApples() {
    let c = CAEmitterCell()
    #expect(c.name == nil && c.isEnabled)
    #expect(c.birthRate == 0 && c.lifetime == 0 && c.lifetimeRange == 0)
    #expect(c.emissionLatitude == 0 && c.emissionLongitude == 0 && c.emissionRange == 0)
    #expect(c.velocity == 0 && c.velocityRange == 0)
    #expect(c.xAcceleration == 0 && c.yAcceleration == 0 && c.zAcceleration == 0)
    #expect(c.scale == 1 && c.scaleRange == 0 && c.scaleSpeed == 0)
    #expect(c.spin == 0 && c.spinRange == 0)
    #expect(c.color == CGColor.white)
    #expect(c.redRange == 0 && c.alphaRange == 0 && c.redSpeed == 0 && c.alphaSpeed == 0)
    #expect(c.contents == nil)
    #expect(c.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
    #expect(c.emitterCells == nil)
    #expect(c.speed == 1 && c.beginTime == 0 && c.duration == 0)
    #expect(CAEmitterCell.defaultValue(forKey: "scale") as? CGFloat == 1)
}

@Test func emitterPropertiesGoThroughKeyValueCoding() {
    let e = CAEmitterLayer()
    e.setValue(NSNumber(value: 2.5), forKey: "birthRate")
    e.setValue(CGPoint(x: 3, y: 4), forKey: "emitterPosition")
    e.setValue("circle", forKey: "emitterShape")
    e.setValue(42, forKey: "seed")
    #expect(e.birthRate == 2.5)
    #expect(e.emitterPosition == CGPoint(x: 3, y: 4))
    #expect(e.emitterShape == .circle)
    #expect(e.seed == 42)
    let c = CAEmitterCell()
    c.setValue(12, forKey: "birthRate")
    c.setValue(false, forKey: "enabled")
    #expect(c.birthRate == 12 && !c.isEnabled)
    #expect(c.value(forKey: "birthRate") as? Float == 12)
    e.setValue([c], forKey: "emitterCells")
    #expect(e.emitterCells?.first === c)
    #expect(e.state.emitter?.cells.first?.birthRate == 12)
    let copy = CAEmitterLayer(layer: e)
    #expect(copy.birthRate == 2.5 && copy.emitterCells?.count == 1)
}

@Test func emitterAnimatableKeysAreApples() {
    let keys = EmitterLayerState.animatableKeys
    for k in ["birthRate", "lifetime", "emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth",
              "velocity", "scale", "spin"] {
        #expect(keys.contains(k), "\(k)")
    }
    #expect(!keys.contains("emitterShape") && !keys.contains("seed"))
}

@Test func emitterRejectsBadValuesWithMessages() {
    let e = CAEmitterLayer()
    let c = CAEmitterCell()
    let messages = StrataDiagnostics.capture {
        e.birthRate = .nan
        e.emitterPosition = CGPoint(x: CGFloat.infinity, y: 0)
        c.velocity = .nan
        c.setValue("fast", forKey: "velocity")
        c.setValue(1, forKey: "noSuchKey")
    }
    #expect(e.birthRate == 1 && e.emitterPosition == .zero && c.velocity == 0)
    #expect(messages.count == 5)
}

@Test func aMillionBirthsASecondAreCappedWithAMessage() {
    let e = CAEmitterLayer()
    let c = CAEmitterCell()
    c.birthRate = 1_000_000
    c.lifetime = 2
    let messages = StrataDiagnostics.capture { e.emitterCells = [c] }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("2000000") == true)
    // The simulation keeps at most 50,000, the newest, whatever the time.
    for t in [0.5, 7.3, 1e6] {
        let (particles, capped) = ParticleSimulation.particles(e.state.emitter!, at: t)
        #expect(particles.count <= EmitterLayerState.maximumParticles)
        #expect(capped)
        #expect(particles.count > 40_000)
    }
}
