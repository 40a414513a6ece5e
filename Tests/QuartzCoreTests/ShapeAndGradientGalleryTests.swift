import Foundation
import Testing
@testable import QuartzCore
import StrataDemos

// The gallery's shape and gradient exhibits draw something and move by themselves; the
// `shapes` benchmark scene (CAShapeLayers animated by the engine) draws what the `paths` scene
// draws through CGContext.

private let exhibits = ["progress ring", "marching ants", "morphing path", "shimmer", "radial gradient", "conic gradient"]

@Test(.manualClock, arguments: exhibits)
func galleryExhibitDrawsAndAnimates(_ name: String) throws {
    let item = try #require(GalleryCatalog.all.first { $0.name == name })
    let size = CGSize(width: 160, height: 160)
    let root = KindScene.build { () -> CALayer in
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = CGColor(srgbRed: 32 / 255, green: 32 / 255, blue: 32 / 255, alpha: 1)
        root.addSublayer(item.make(size))
        return root
    }
    CATransaction.flush()
    let a = Golden.render(root, width: 160, height: 160, time: 0.3)
    let b = Golden.render(root, width: 160, height: 160, time: 0.9)
    var changed = 0, drawn = 0
    for y in 0..<160 {
        for x in 0..<160 {
            if Golden.channelDifference(Golden.pixel(a, x, y), Golden.pixel(b, x, y)) > 8 { changed += 1 }
            if Golden.pixel(a, x, y) != 0xFF20_2020 { drawn += 1 }
        }
    }
    #expect(drawn > 400, "\(name) draws \(drawn) pixels")
    #expect(changed > 20, "\(name) changes \(changed) pixels between 0.3 s and 0.9 s")
    try? FileManager.default.createDirectory(at: Golden.failuresDirectory, withIntermediateDirectories: true)
    try? a.writePNG(to: Golden.failuresDirectory.appendingPathComponent("gallery-\(name.replacingOccurrences(of: " ", with: "-")).png"))
}

@Test(.manualClock) func shapesSceneMatchesThePathsSceneDrawnThroughCGContext() throws {
    // 24 shapes at frame 97 (t = 97/60 s): the engine's layers against immediate-mode drawing.
    let n = 24, t = 97.0 / 60
    let layers = PathsScene.makeLayers(count: n)
    let engine = Golden.render(layers, width: 1024, height: 768, time: t)
    let ctx = try #require(PathsScene.makeContext())
    PathsScene.draw(into: ctx, count: n, time: t)
    let direct = try #require(ctx.makeImage())
    var differing = 0, worst = 0
    for y in 0..<768 {
        for x in 0..<1024 {
            let d = Golden.channelDifference(Golden.pixel(engine, x, y), Golden.pixel(direct, x, y))
            worst = max(worst, d)
            if d > 8 { differing += 1 }
        }
    }
    // Only anti-aliased edges may differ (the engine flattens to the same 0.05 px tolerance,
    // rounded to a power of two); BENCHMARK.md's peers differ on 0.1 % of the pixels.
    #expect(differing < 1024 * 768 / 1000, "\(differing) pixels differ by more than 8 levels (worst \(worst))")
    try? FileManager.default.createDirectory(at: Golden.failuresDirectory, withIntermediateDirectories: true)
    try? engine.writePNG(to: Golden.failuresDirectory.appendingPathComponent("shapes-97.png"))
}
