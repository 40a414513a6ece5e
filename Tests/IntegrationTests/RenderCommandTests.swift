import Foundation
import Testing
@testable import QuartzCore

/// `strata render`: one frame of a named scene to PNG, and clear errors for bad input.
@Suite(.timeLimit(.minutes(1)))
struct RenderCommandTests {
    private func render(_ arguments: [String]) async throws -> (status: Int32?, stdout: String, stderr: String, image: CGImage?) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("strata-render-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try await StrataProcess.run(["render"] + arguments + ["--out", out.path], timeout: 30)
        return (r.status, r.stdout, r.stderr, try? CGImage(contentsOfPNGFile: out))
    }

    @Test func boxFlatHasTheCrossAroundTheCentre() async throws {
        let r = try await render(["box-flat"])
        #expect(r.status == 0)
        let image = try #require(r.image, "no PNG written; stderr: \(r.stderr)")
        // Default size 520 × 320: the red bottom square is centred at (260, 160), the green side
        // 100 px to its right, the purple top 100 px above, the yellow bottom 100 px below, the
        // blue side 100 px left; the corners of the canvas are the black background.
        #expect(image.width == 520 && image.height == 320)
        #expect(image.rgb(260, 160) == .red)
        #expect(image.rgb(360, 160) == .green)
        #expect(image.rgb(160, 160) == RGB(0, 0, 255))
        #expect(image.rgb(260, 60) == RGB(128, 0, 128))
        #expect(image.rgb(260, 260) == RGB(255, 255, 0))
        #expect(image.rgb(460, 160) == RGB(255, 0, 255))
        #expect(image.rgb(5, 5) == .black)
        #expect(image.rgb(160, 60) == .black)
    }

    @Test func sizeOptionSetsTheImageSizeAndRecentres() async throws {
        let r = try await render(["box-closed", "--size", "300x200"])
        #expect(r.status == 0)
        let image = try #require(r.image, "no PNG written; stderr: \(r.stderr)")
        #expect(image.width == 300 && image.height == 200)
        // Closed and seen straight on, the nearly shut magenta lid covers the centre (it is
        // re-centred at (150, 100) for this size); the corner is background.
        #expect(image.rgb(150, 100) == RGB(255, 0, 255))
        #expect(image.rgb(2, 2) == .black)
    }

    @Test func cardAtTimeZeroShowsTheBrownCard() async throws {
        let r = try await render(["card", "--time", "0"])
        #expect(r.status == 0)
        let image = try #require(r.image, "no PNG written; stderr: \(r.stderr)")
        // UIColor.brownColor (0.6, 0.4, 0.2) = (153, 102, 51) at the centre.
        #expect(image.rgb(image.width / 2, image.height / 2).isClose(to: RGB(153, 102, 51), tolerance: 2))
    }

    @Test(arguments: [
        (["nope"], "unknown scene"),
        (["box-flat", "--size", "0x5"], "--size"),
        (["box-flat", "--size", "banana"], "--size"),
        (["box-flat", "--time", "nan"], "finite"),
        (["box-flat", "--time", "inf"], "finite"),
    ])
    func badInputIsAClearErrorNotACrash(arguments: [String], message: String) async throws {
        let r = try await render(arguments)
        // ArgumentParser's validation exit code is 64 (EX_USAGE); a crash would be ≥ 128.
        #expect(r.status == 64, "exit \(String(describing: r.status)); stderr: \(r.stderr)")
        #expect(r.stderr.contains("Error:") && r.stderr.contains(message), "stderr: \(r.stderr)")
        #expect(r.image == nil)
    }
}
