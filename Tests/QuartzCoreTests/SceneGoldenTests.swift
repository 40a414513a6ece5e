import Foundation
import Testing
@testable import QuartzCore
import StrataDemos

/// The size each scene's golden is rendered at: its default size, except the 1024 × 768
/// benchmark scene, which is scaled to half (debug builds rasterise slowly).
private func goldenSize(_ scene: DemoScene) -> CGSize {
    scene.name == "translucent-100" ? CGSize(width: 512, height: 384) : scene.defaultSize
}

/// Every catalogued scene against its golden (tolerance: max channel difference ≤ 3 on
/// ≥ 99.5 % of pixels). Each golden was checked by eye against the book's or seed's figure.
@Test(.manualClock, arguments: SceneCatalog.all.map(\.name))
func sceneMatchesItsGolden(_ name: String) throws {
    let scene = try #require(SceneCatalog.named(name))
    let image = Golden.render(scene, size: goldenSize(scene))
    Golden.check(image, named: name)
}

@Test(.manualClock) func catalogNamesAreUniqueAndResolve() {
    let names = SceneCatalog.all.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(names.count == 19)
    for n in names { #expect(SceneCatalog.named(n)?.name == n) }
    #expect(SceneCatalog.named("no-such-scene") == nil)
}
