// CAEmitterCell is NSSecureCoding (every property and its sub-cells), and
// shouldArchiveValue(forKey:) leaves keys out of cell and layer archives, as on Apple.
import QuartzCore
import Testing

final class SparseArchiveCell: CAEmitterCell {
    override func shouldArchiveValue(forKey key: String) -> Bool { key != "birthRate" }
}

final class PartialArchiveLayer: CALayer {
    override func shouldArchiveValue(forKey key: String) -> Bool { key != "opacity" && key != "note" }
}

private func roundTrip<T: NSObject & NSSecureCoding>(_ object: T) throws -> T {
    let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
    return try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: T.self, from: data))
}

@Test func emitterCellsArchiveWithTheirSubcells() throws {
    let spark = CAEmitterCell()
    spark.name = "spark"
    spark.birthRate = 40
    spark.lifetime = 2.5
    spark.velocity = 120
    spark.emissionRange = .pi / 4
    spark.color = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1)
    spark.isEnabled = false
    spark.duration = .infinity
    let smoke = CAEmitterCell()
    smoke.name = "smoke"
    smoke.scale = 0.25
    spark.emitterCells = [smoke]

    let copy = try roundTrip(spark)
    #expect(copy.name == "spark" && copy.birthRate == 40 && copy.lifetime == 2.5 && copy.velocity == 120)
    #expect(copy.emissionRange == .pi / 4 && copy.isEnabled == false && copy.duration == .infinity)
    #expect(copy.color?.components == [1, 0.5, 0, 1])
    #expect(copy.emitterCells?.count == 1)
    #expect(copy.emitterCells?.first?.name == "smoke" && copy.emitterCells?.first?.scale == 0.25)
    #expect(CAEmitterCell.supportsSecureCoding)
}

@Test func emitterCellArchivesSkipKeysAndCycles() throws {
    let cell = SparseArchiveCell()
    cell.birthRate = 9
    cell.lifetime = 3
    let copy = try roundTrip(cell)
    #expect(copy.birthRate == 0 && copy.lifetime == 3)

    // A cell among its own sub-cells archives without them; decoding ends.
    let loop = CAEmitterCell()
    loop.name = "loop"
    loop.emitterCells = [loop]
    let back = try roundTrip(loop)
    #expect(back.name == "loop" && back.emitterCells == nil)
}

@Test func layerShouldArchiveValueLeavesKeysOut() throws {
    let layer = PartialArchiveLayer()
    layer.opacity = 0.25
    layer.cornerRadius = 7
    layer.setValue("kept?", forKey: "note")
    #expect(CALayer().shouldArchiveValue(forKey: "opacity"))
    let data = try NSKeyedArchiver.archivedData(withRootObject: layer, requiringSecureCoding: true)
    let copy = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: PartialArchiveLayer.self, from: data))
    #expect(copy.opacity == 1 && copy.cornerRadius == 7)
    #expect(copy.value(forKey: "note") == nil)
}
