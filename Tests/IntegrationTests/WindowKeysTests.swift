import Foundation
import Testing
@testable import QuartzCore

extension WindowTests {
    /// The window's own keys: `s` screenshot, `f` HUD, space pause, Shift+S slow animations.
    @Suite(.timeLimit(.minutes(1)))
    struct WindowKeysTests {
        static let arguments = ["cube", "--size", "520x320"]
        static let flat = BoxModel.render(width: 520, height: 320) { _ in }
        static let closed = BoxModel.render(width: 520, height: 320) { $0.close() }

        @Test func sWritesAScreenshotOfTheWindow() async throws {
            let demo = try await LiveDemo(Self.arguments, title: "cube$")
            defer { demo.stop() }
            let shown = try await demo.screenshot("keys-s", timeout: 5) { $0.fractionDiffering(from: Self.flat) < 0.005 }
            try await demo.key("s")
            let line = try #require(await demo.strata.waitForLine { $0.hasPrefix("screenshot: ") }, "stdout: \(demo.strata.stdout)")
            let name = String(line.dropFirst("screenshot: ".count))
            #expect(name.hasPrefix("strata-") && name.hasSuffix(".png"))
            let file = try CGImage(contentsOfPNGFile: demo.strata.workingDirectory.appendingPathComponent(name))
            #expect(file.width == 520 && file.height == 320)
            #expect(file.fractionDiffering(from: shown) < 0.005, "the PNG is the frame the window shows")
        }

        @Test func fTogglesTheHUD() async throws {
            let demo = try await LiveDemo(Self.arguments, title: "cube$")
            defer { demo.stop() }
            let before = try await demo.screenshot("keys-f-before", timeout: 5) { $0.fractionDiffering(from: Self.flat) < 0.005 }
            let corner = CGRect(x: 0, y: 0, width: 140, height: 60)
            #expect(before.cropping(to: corner)!.fractionNonBlack == 0)
            try await demo.key("f")
            // The HUD (fps and frame time, white text) appears at (8, 8) over the black corner.
            let on = try await demo.screenshot("keys-f-on", timeout: 5) { $0.cropping(to: corner)!.fractionNonBlack > 0.01 }
            #expect(on.cropping(to: corner)!.fractionNonBlack > 0.01)
            #expect(on.rgb(260, 160) == .red, "the scene is still drawn")
            try await demo.key("f")
            let off = try await demo.screenshot("keys-f-off", timeout: 5) { $0.cropping(to: corner)!.fractionNonBlack == 0 }
            #expect(off.cropping(to: corner)!.fractionNonBlack == 0)
        }

        @Test func spacePausesAnAnimationAndResumesIt() async throws {
            let demo = try await LiveDemo(Self.arguments, title: "cube$")
            defer { demo.stop() }
            _ = try await demo.screenshot("keys-space-start", timeout: 5) { $0.fractionDiffering(from: Self.flat) < 0.005 }
            // Tap (the 1 s fold starts), pause 0.4 s in.
            try await demo.xdotool(["mousemove", "--window", demo.window, "100", "100", "sleep", "0.05", "click", "1",
                                    "sleep", "0.4", "key", "space"])
            try await Task.sleep(for: .milliseconds(300))
            let paused1 = try await demo.screenshot("keys-space-paused")
            try await Task.sleep(for: .seconds(1.2))
            let paused2 = try await demo.screenshot("keys-space-paused-later")
            // Frozen mid-fold: 1.5 s after the tap the box is neither flat nor closed, and still.
            #expect(paused2.fractionDiffering(from: paused1) < 0.001)
            #expect(paused2.fractionDiffering(from: Self.flat) > 0.01)
            #expect(paused2.fractionDiffering(from: Self.closed) > 0.01)
            try await demo.key("space")
            let resumed = try await demo.screenshot("keys-space-resumed", timeout: 5) { $0.fractionDiffering(from: Self.closed) < 0.005 }
            #expect(resumed.fractionDiffering(from: Self.closed) < 0.005)
        }

        @Test func shiftSSlowsAnimationsTenfold() async throws {
            let demo = try await LiveDemo(Self.arguments, title: "cube$")
            defer { demo.stop() }
            _ = try await demo.screenshot("keys-slow-start", timeout: 5) { $0.fractionDiffering(from: Self.flat) < 0.005 }
            try await demo.key("shift+s")
            try await demo.click(x: 100, y: 100)
            #expect(await demo.strata.waitForLine { $0 == "closed" } != nil)
            // 1.5 s into a 1 s fold at ×0.1 speed: 0.15 s of animation, still moving.
            try await Task.sleep(for: .seconds(1.5))
            let slow1 = try await demo.screenshot("keys-slow-1")
            try await Task.sleep(for: .milliseconds(500))
            let slow2 = try await demo.screenshot("keys-slow-2")
            #expect(slow2.fractionDiffering(from: Self.closed) > 0.01, "not closed after 2 s")
            #expect(slow2.fractionDiffering(from: slow1) > 0.0005, "but still moving")
        }
    }
}
