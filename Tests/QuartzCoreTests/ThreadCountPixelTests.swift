import Testing
@testable import QuartzCore
import StrataDemos

// Differential checks: the band-parallel rasteriser must give the same pixels with 1 and 2
// threads, and random trees (seeded, so failures replay) must render without crashing.

/// Renders `make()` twice, with 1 and 2 threads, and counts the pixels that differ.
private func differingPixels(width: Int, height: Int, _ make: () -> CALayer) -> Int {
    let one = Golden.render(make(), width: width, height: height, threads: 1)
    let two = Golden.render(make(), width: width, height: height, threads: 2)
    var differing = 0
    for y in 0..<height { for x in 0..<width where Golden.pixel(one, x, y) != Golden.pixel(two, x, y) { differing += 1 } }
    return differing
}

@Test(.manualClock, arguments: SceneCatalog.all.map(\.name))
func sceneIsIdenticalWithOneAndTwoThreads(_ name: String) throws {
    let scene = try #require(SceneCatalog.named(name))
    let size = name == "translucent-100" ? CGSize(width: 512, height: 384) : scene.defaultSize
    let differing = differingPixels(width: Int(size.width), height: Int(size.height)) { scene.make(size) }
    #expect(differing == 0, "\(differing) pixels differ between 1 and 2 threads")
}

/// A random tree of 30 layers under a 160 × 120 root: nesting, transform layers, 2D and 3D
/// transforms with perspective (some crossing the eye plane), opacities, corners, borders,
/// masks to bounds, single-sided layers, contents, shadows, and one huge layer.
private func randomScene(seed: UInt64) -> CALayer {
    var rng = PlaneSorterSupport.SplitMix(seed: seed)
    func r(_ range: ClosedRange<Double>) -> CGFloat { CGFloat(Double.random(in: range, using: &rng)) }
    func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    let image = try! CGImage(width: 4, height: 4, premultipliedBGRA: (0..<16).map { 0xFF00_0000 | UInt32($0 * 0x0F0F0F) })

    CATransaction.begin()
    CATransaction.setDisableActions(true)
    defer { CATransaction.commit() }
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 160, height: 120)
    root.backgroundColor = CGColor(gray: 0.2, alpha: 1)
    var perspective = CATransform3DIdentity
    perspective.m34 = -1 / r(100...800)
    root.sublayerTransform = perspective
    var layers = [root]
    for i in 0..<30 {
        let layer: CALayer = chance(0.15) ? CATransformLayer() : CALayer()
        let huge = i == 7
        layer.bounds = huge ? CGRect(x: 0, y: 0, width: 100_000, height: 100_000)
                            : CGRect(x: 0, y: 0, width: r(4...90), height: r(4...90))
        layer.position = CGPoint(x: r(-20...180), y: r(-20...140))
        layer.zPosition = chance(0.3) ? r(-200...200) : 0
        layer.anchorPoint = CGPoint(x: r(0...1), y: r(0...1))
        layer.backgroundColor = CGColor(red: r(0...1), green: r(0...1), blue: r(0...1), alpha: r(0.3...1))
        layer.opacity = Float(r(0.2...1))
        layer.cornerRadius = chance(0.5) ? r(0...20) : 0
        layer.masksToBounds = chance(0.2)
        layer.isDoubleSided = chance(0.7)
        if chance(0.2) { layer.borderWidth = r(1...4); layer.borderColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1) }
        if chance(0.2) { layer.contents = image }
        if chance(0.08) { layer.shadowOpacity = 0.6; layer.shadowRadius = r(0...4); layer.shadowOffset = CGSize(width: 2, height: 3) }
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: layer.transform = CATransform3DMakeRotation(r(-3.2...3.2), 0, 0, 1)
        case 1: layer.transform = CATransform3DMakeRotation(r(-3.2...3.2), 0, 1, 0)
        case 2: layer.transform = CATransform3DMakeRotation(r(-3.2...3.2), r(-1...1), r(-1...1), r(-1...1))
        case 3: layer.transform = CATransform3DMakeScale(r(0.2...2), r(0.2...2), 1)
        case 4:
            var t = CATransform3DMakeTranslation(0, 0, r(-100...700))   // may cross the eye plane
            t.m34 = -1 / 500
            layer.transform = CATransform3DRotate(t, r(-1.5...1.5), 1, 0, 0)
        default: break
        }
        let parent = layers[Int.random(in: 0..<layers.count, using: &rng)]
        parent.addSublayer(layer)
        layers.append(layer)
    }
    return root
}

@Test(.manualClock, arguments: [1, 2, 3, 42, 2026] as [UInt64])
func randomSceneRendersIdenticallyWithOneAndTwoThreads(seed: UInt64) {
    let differing = differingPixels(width: 160, height: 120) { randomScene(seed: seed) }
    #expect(differing == 0, "seed \(seed): \(differing) pixels differ between 1 and 2 threads")
}
