import Foundation
import Testing
@testable import QuartzCore

/// `strata cube --headless` renders PNG frames with no X server; without one, a window demo
/// says so and suggests `--headless`.
@Suite(.timeLimit(.minutes(1)))
struct HeadlessDemoTests {
    @Test func cubeHeadlessWritesDistinctFrames() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-cube-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try await StrataProcess.run(["cube", "--headless", "--frames", "3", "--size", "320x240", "--out", dir.path],
                                            display: nil, timeout: 30)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == ["frame-0000.png", "frame-0001.png", "frame-0002.png"])
        let frames = try names.map { try CGImage(contentsOfPNGFile: dir.appendingPathComponent($0)) }
        try #require(frames.count == 3)
        for frame in frames {
            #expect(frame.width == 320 && frame.height == 240)
            #expect(frame.fractionNonBlack > 0.05, "the closed box is drawn")
            // As in the window: the seed's opaque black background, not transparency.
            #expect(frame.pixel(x: 0, y: 0) == 0xFF00_0000 && frame.pixel(x: 319, y: 239) == 0xFF00_0000)
        }
        // A turntable: each frame turns the box 120° about y, so consecutive frames differ.
        #expect(frames[0].fractionDiffering(from: frames[1]) > 0.01)
        #expect(frames[1].fractionDiffering(from: frames[2]) > 0.01)
    }

    @Test(arguments: [nil, ":987"] as [String?])
    func windowWithoutAnXServerSaysSoAndSuggestsHeadless(display: String?) async throws {
        let r = try await StrataProcess.run(["cube"], display: display, timeout: 20)
        #expect(r.status == 2)
        #expect(r.stderr.contains("no X server"), "stderr: \(r.stderr)")
        #expect(r.stderr.contains("--headless"), "stderr: \(r.stderr)")
    }
}
