import Foundation
import Testing
@testable import QuartzCore

extension WindowTests {
    /// `strata cube` in a window on Xvfb: drag rotates, tap folds, close requests and `q` exit 0,
    /// resize keeps rendering, and no shared-memory segment outlives the process.
    @Suite(.timeLimit(.minutes(1)))
    struct CubeWindowTests {
        static let width = 520, height = 320
        static let arguments = ["cube", "--size", "\(width)x\(height)"]
        static let title = "cube$"

        /// The window's scene in a model state, rendered in-process.
        static func reference(_ configure: (BoxModel) -> Void) -> CGImage {
            BoxModel.render(width: width, height: height, configure)
        }

        @Test func startsAsTheFlatCrossAndADragOf100PixelsTurnsIt100Degrees() async throws {
            let demo = try await LiveDemo(Self.arguments, title: Self.title)
            defer { demo.stop() }
            let flat = Self.reference { _ in }
            let start = try await demo.screenshot("cube-start", timeout: 5) { $0.fractionDiffering(from: flat) < 0.005 }
            #expect(start.width == Self.width && start.height == Self.height)
            #expect(start.rgb(260, 160) == .red, "flat cross: red at the window centre")
            #expect(start.rgb(360, 160) == .green)
            #expect(start.fractionDiffering(from: flat) < 0.005)

            // The seed's pan handler: one degree per pixel about the camera's y axis. A drag of
            // 100 px right is 100° about y: the cross is seen from behind (layers are double-sided),
            // foreshortened to cos 100° ≈ −0.17 of its width, mirrored (blue now on the right).
            try await demo.drag(fromX: 200, y: 160, dx: 100)
            let turned = Self.reference { $0.rotate(byPanDisplacement: CGPoint(x: 100, y: 0)) }
            let after = try await demo.screenshot("cube-dragged", timeout: 5) { $0.fractionDiffering(from: turned) < 0.005 }
            #expect(after.fractionDiffering(from: turned) < 0.005, "the window matches the model turned 100° about y")
            #expect(after.fractionDiffering(from: flat) > 0.05, "and no longer the flat cross")
            // Predicted pixels: the green side's centre (x = +100) moves to x ≈ 100·cos 100° ≈ −17
            // (mirrored, so the side that was at +100 is now just left of centre): (360, 160) is
            // background now; blue (x = −100 → ≈ +17 plus perspective) covers (285, 160).
            #expect(after.rgb(360, 160) == .black)
            #expect(after.rgb(285, 160) == RGB(0, 0, 255))
            #expect(turned.rgb(285, 160) == RGB(0, 0, 255))
        }

        @Test func aTapFoldsTheBoxIntoTheClosedGolden() async throws {
            let demo = try await LiveDemo(Self.arguments, title: Self.title)
            defer { demo.stop() }
            let flat = Self.reference { _ in }
            _ = try await demo.screenshot("fold-start", timeout: 5) { $0.fractionDiffering(from: flat) < 0.005 }
            let closedGolden = Self.reference { $0.close() }
            let tapped = Date()
            let frames = try await demo.clickAndCapture(x: 100, y: 100, "fold", count: 8, interval: 0.1)
            try await Task.sleep(for: .seconds(max(0, 1.3 - Date().timeIntervalSince(tapped))))
            let closed = try await demo.screenshot("fold-closed", timeout: 5) { $0.fractionDiffering(from: closedGolden) < 0.005 }
            #expect(await demo.strata.waitForLine { $0 == "closed" } != nil, "stdout: \(demo.strata.stdout)")
            // Mid-animation (1 s implicit animation) the window showed neither the flat cross nor
            // the closed box.
            let middle = frames.filter { $0.fractionDiffering(from: flat) > 0.01 && $0.fractionDiffering(from: closedGolden) > 0.01 }
            #expect(!middle.isEmpty, "\(frames.count) screenshots, none mid-fold")
            if let m = middle.first { try m.writePNG(to: Screenshots.folder.appendingPathComponent("fold-middle.png")) }
            #expect(closed.fractionDiffering(from: closedGolden) < 0.005, "after the animation the window shows the closed box")
            // Seen straight on, the nearly shut lid (72°, hinged on the green side, nearer the
            // camera so ≈ 125 px wide) hides the box: magenta at the centre, black in the corners.
            #expect(closed.rgb(260, 160) == RGB(255, 0, 255))
            #expect(closed.rgb(5, 5) == .black)
            #expect(closedGolden.fractionDiffering(from: flat) > 0.05)
        }

        @Test func closeRequestExitsZero() async throws {
            let demo = try await LiveDemo(Self.arguments, title: Self.title)
            defer { demo.stop() }
            let r = try await StrataProcess.run(["x11-close", demo.window], display: demo.server.display, timeout: 15)
            #expect(r.status == 0, "x11-close: \(r.stderr)")
            #expect(await demo.strata.waitForExit(timeout: 10) == 0, "stderr: \(demo.strata.stderr)")
            #expect(try await Tool.sharedMemorySegments(createdBy: demo.strata.pid) == [])
        }

        @Test func closeRequestForABadWindowIdIsAClearError() async throws {
            let r = try await StrataProcess.run(["x11-close", "banana"], display: ":987", timeout: 15)
            #expect(r.status == 64)
            #expect(r.stderr.contains("not a window id"), "stderr: \(r.stderr)")
        }

        @Test func qExitsZeroAndLeavesNoSharedMemory() async throws {
            let demo = try await LiveDemo(Self.arguments, title: Self.title)
            defer { demo.stop() }
            let pid = demo.strata.pid
            // While it runs, the three MIT-SHM buffers exist (so the check below can fail).
            #expect(try await Tool.sharedMemorySegments(createdBy: pid).count == 3)
            try await demo.key("q")
            #expect(await demo.strata.waitForExit(timeout: 10) == 0, "stderr: \(demo.strata.stderr)")
            #expect(try await Tool.sharedMemorySegments(createdBy: pid) == [])
            #expect(!demo.strata.stderr.contains("XPutImage"), "MIT-SHM is used when the server has it")
        }

        @Test func resizeKeepsRenderingAtTheNewSize() async throws {
            let demo = try await LiveDemo(Self.arguments, title: Self.title)
            defer { demo.stop() }
            let flat = Self.reference { _ in }
            _ = try await demo.screenshot("resize-start", timeout: 5) { $0.fractionDiffering(from: flat) < 0.005 }
            try await demo.xdotool(["windowsize", demo.window, "800", "600"])
            // The box is re-centred at (400, 300): red there, green 100 px right, corners black.
            let resized = try await demo.screenshot("resize-800x600", timeout: 5) {
                $0.width == 800 && $0.rgb(400, 300) == .red && $0.rgb(500, 300) == .green
            }
            #expect(resized.width == 800 && resized.height == 600)
            #expect(resized.rgb(400, 300) == .red)
            #expect(resized.rgb(500, 300) == .green)
            #expect(resized.rgb(400, 200) == RGB(128, 0, 128))
            #expect(resized.rgb(790, 590) == .black)
            // Still live after the resize: a tap still folds the box.
            try await demo.click(x: 100, y: 100)
            #expect(await demo.strata.waitForLine { $0 == "closed" } != nil)
        }

        @Test func withoutMITSHMItFallsBackAndSaysSoOnce() async throws {
            let demo = try await LiveDemo(Self.arguments, title: Self.title, xvfbArguments: ["-extension", "MIT-SHM"])
            defer { demo.stop() }
            let flat = Self.reference { _ in }
            let start = try await demo.screenshot("noshm-start", timeout: 5) { $0.fractionDiffering(from: flat) < 0.005 }
            #expect(start.rgb(260, 160) == .red)
            try await demo.drag(fromX: 200, y: 160, dx: 100)
            let turned = Self.reference { $0.rotate(byPanDisplacement: CGPoint(x: 100, y: 0)) }
            let after = try await demo.screenshot("noshm-dragged", timeout: 5) { $0.fractionDiffering(from: turned) < 0.005 }
            #expect(after.fractionDiffering(from: turned) < 0.005)
            #expect(try await Tool.sharedMemorySegments(createdBy: demo.strata.pid) == [])
            try await demo.key("q")
            #expect(await demo.strata.waitForExit(timeout: 10) == 0)
            let notes = demo.strata.stderr.split(separator: "\n").filter { $0.contains("XPutImage") }
            #expect(notes.count == 1, "stderr: \(demo.strata.stderr)")
            #expect(notes.first?.contains("MIT-SHM") == true)
        }
    }
}
