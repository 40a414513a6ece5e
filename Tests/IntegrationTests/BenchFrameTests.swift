import Foundation
import Testing
@testable import QuartzCore
@testable import StrataDemos

/// Nothing in the benchmark path may cheat: frame k rendered through `strata bench`'s own code
/// (animations evaluated by the engine) equals a plain `CARenderer` render of the same scene
/// built with the closed-form values at t = k/60.
@Suite(.timeLimit(.minutes(2)))
struct BenchFrameTests {
    @Test(arguments: [BenchmarkScene.Variant.twoD, .threeD, .image])
    func frameKThroughTheBenchPathMatchesAPlainRender(variant: BenchmarkScene.Variant) async throws {
        let k = 97, layers = 24
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try await StrataProcess.run(["bench", "--variant", variant.rawValue, "--layers", "\(layers)",
                                             "--dump-frame", "\(k)", "--out", out.path], timeout: 60)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let bench = try CGImage(contentsOfPNGFile: out)

        let t = Double(k) / 60
        let root = BenchmarkScene.makeStatic(variant: variant, layerCount: layers, time: t)
        let renderer = CARenderer(width: bench.width, height: bench.height)
        renderer.layer = root
        renderer.beginFrame(atTime: 0); renderer.render(); renderer.endFrame()
        let plain = renderer.makeImage()

        // Same geometry up to keyframe chords (< 0.02 px): allow a few edge pixels to differ.
        var differing = 0, worst: UInt32 = 0
        for y in 0..<bench.height {
            for x in 0..<bench.width {
                let a = bench.surface[x, y], b = plain.surface[x, y]
                var m: UInt32 = 0
                for shift in stride(from: 0, to: 32, by: 8) {
                    let d = Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)
                    m = max(m, UInt32(abs(d)))
                }
                if m > 2 { differing += 1 }
                worst = max(worst, m)
            }
        }
        #expect(differing <= bench.width * bench.height / 1000, "\(differing) pixels differ (worst \(worst))")
        // And the frame is not empty: 24 layers of 128 × 128 cover well over 100,000 pixels.
        let background = bench.surface[0, 0]
        var covered = 0
        for y in 0..<bench.height { for x in 0..<bench.width where bench.surface[x, y] != background { covered += 1 } }
        #expect(covered > 100_000, "only \(covered) pixels differ from the background")
    }
}
