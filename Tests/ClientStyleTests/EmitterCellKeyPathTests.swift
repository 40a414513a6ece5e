// Emitter cells by name in key paths, as on Apple: emitterCells.<name>.<property>, nested through
// a cell's own emitterCells, read and written with value(forKeyPath:) / setValue(_:forKeyPath:),
// and animated with CABasicAnimation(keyPath: "emitterCells.spark.birthRate").
import QuartzCore
import Testing

private func fireEmitter() -> (CAEmitterLayer, CAEmitterCell, CAEmitterCell) {
    let emitter = CAEmitterLayer()
    let spark = CAEmitterCell()
    spark.name = "spark"
    spark.birthRate = 40
    let smoke = CAEmitterCell()
    smoke.name = "smoke"
    smoke.birthRate = 5
    let fire = CAEmitterCell()
    fire.name = "fire"
    fire.birthRate = 10
    fire.emitterCells = [smoke]
    emitter.emitterCells = [spark, fire]
    return (emitter, spark, smoke)
}

@Test func emitterCellPropertiesByNameInKeyPaths() {
    let (emitter, spark, smoke) = fireEmitter()
    #expect((emitter.value(forKeyPath: "emitterCells.spark.birthRate") as? NSNumber)?.floatValue == 40)
    emitter.setValue(0, forKeyPath: "emitterCells.spark.birthRate")
    #expect(spark.birthRate == 0)
    #expect((emitter.value(forKeyPath: "emitterCells.spark.birthRate") as? NSNumber)?.floatValue == 0)
    // Nested: a cell's own emitterCells.
    #expect((emitter.value(forKeyPath: "emitterCells.fire.emitterCells.smoke.birthRate") as? NSNumber)?.floatValue == 5)
    emitter.setValue(2.5, forKeyPath: "emitterCells.fire.emitterCells.smoke.birthRate")
    #expect(smoke.birthRate == 2.5)
    emitter.setValue(false, forKeyPath: "emitterCells.fire.enabled")
    #expect(emitter.emitterCells?[1].isEnabled == false)
    // The path to a cell is the cell.
    #expect(emitter.value(forKeyPath: "emitterCells.spark") as? CAEmitterCell === spark)
    // Other key paths are the layer's as before.
    emitter.setValue(3, forKeyPath: "emitterPosition.x")
    #expect(emitter.emitterPosition.x == 3)
}

@Test func emitterCellKeyPathsWithHostileNamesAndValues() {
    let (emitter, spark, _) = fireEmitter()
    // Unknown names, unknown properties, malformed paths: nil, nothing set, no trap.
    #expect(emitter.value(forKeyPath: "emitterCells.nothing.birthRate") == nil)
    emitter.setValue(1, forKeyPath: "emitterCells.nothing.birthRate")
    emitter.setValue(1, forKeyPath: "emitterCells.spark.noSuchProperty")
    emitter.setValue(1, forKeyPath: "emitterCells..birthRate")
    emitter.setValue(1, forKeyPath: "emitterCells.spark.emitterCells")
    #expect(spark.birthRate == 40)
    // Non-finite values are refused; the old value is kept.
    emitter.setValue(Float.nan, forKeyPath: "emitterCells.spark.birthRate")
    emitter.setValue(Double.infinity, forKeyPath: "emitterCells.spark.velocity")
    #expect(spark.birthRate == 40 && spark.velocity == 0)
    // A cell listing itself: the path stops at the depth the renderer draws; no hang.
    spark.emitterCells = [spark]
    emitter.emitterCells = [spark]
    let deep = Array(repeating: "emitterCells.spark", count: 40).joined(separator: ".") + ".birthRate"
    #expect(emitter.value(forKeyPath: deep) == nil)
    emitter.setValue(1, forKeyPath: deep)
    #expect(spark.birthRate == 40)
}

@Test func emitterCellBirthRateAnimatesOnTheRenderSide() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let (emitter, spark, _) = fireEmitter()
        let fade = CABasicAnimation(keyPath: "emitterCells.spark.birthRate")
        fade.fromValue = 40
        fade.toValue = 0
        fade.duration = 2
        emitter.add(fade, forKey: "fade")
        CATransaction.flush()
        clock.set(0.5)
        let presented = emitter.presentation()
        #expect((presented?.value(forKeyPath: "emitterCells.spark.birthRate") as? NSNumber)?.floatValue == 30)
        clock.set(1.5)
        #expect((emitter.presentation()?.value(forKeyPath: "emitterCells.spark.birthRate") as? NSNumber)?.floatValue == 10)
        // The model keeps its value.
        #expect(spark.birthRate == 40)
        // An animation of a cell that does not exist changes nothing and never traps.
        let missing = CABasicAnimation(keyPath: "emitterCells.ghost.birthRate")
        missing.fromValue = 1
        missing.toValue = Double.nan
        missing.duration = 1
        emitter.add(missing, forKey: "missing")
        CATransaction.flush()
        clock.set(1.6)
        let late = (emitter.presentation()?.value(forKeyPath: "emitterCells.spark.birthRate") as? NSNumber)?.floatValue
        #expect(late.map { abs($0 - 8) < 1e-4 } == true)
    }
}
