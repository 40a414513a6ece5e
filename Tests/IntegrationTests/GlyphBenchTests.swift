import Foundation
import Testing
@testable import QuartzCore

/// `strata bench --variant glyphs` compares two ways of drawing text; the comparison means
/// something only if both draw the same page. The cached masks sit on quarter-pixel offsets, so
/// glyph edges move by less than a quarter pixel, in x only: no pixel's coverage changes by more
/// than a quarter of its range (64 levels, 72 with rounding), and the ink totals agree within
/// 0.1 % (measured: 0.005 %).
@Suite(.timeLimit(.minutes(2)))
struct GlyphBenchTests {
    @Test func outlinesAndCachedMasksDrawTheSamePage() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("strata-glyphs-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(atPath: base.path + "-outlines.png")
            try? FileManager.default.removeItem(atPath: base.path + "-cached.png")
        }
        let r = try await StrataProcess.run(["bench", "--variant", "glyphs", "--dump-frame", "0", "--out", base.path + ".png"], timeout: 60)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let outlines = try CGImage(contentsOfPNGFile: URL(fileURLWithPath: base.path + "-outlines.png"))
        let cached = try CGImage(contentsOfPNGFile: URL(fileURLWithPath: base.path + "-cached.png"))
        #expect(outlines.width == 1024 && outlines.height == 768 && cached.width == 1024 && cached.height == 768)
        var inkA = 0, inkB = 0, far = 0, inked = 0
        for y in 0..<outlines.height {
            for x in 0..<outlines.width {
                let a = Int((outlines.surface[x, y] >> 16) & 0xFF), b = Int((cached.surface[x, y] >> 16) & 0xFF)
                inkA += a; inkB += b
                if a > 0 { inked += 1 }
                if abs(a - b) > 72 { far += 1 }
            }
        }
        let pixels = Double(outlines.width * outlines.height)
        #expect(Double(inked) / pixels > 0.1, "the page is covered with text (\(inked) inked pixels)")
        #expect(abs(Double(inkA) / Double(max(inkB, 1)) - 1) < 0.001, "ink \(inkA) vs \(inkB)")
        #expect(far == 0, "\(far) pixels differ by more than a quarter of their range")
    }
}
