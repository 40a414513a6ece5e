import Foundation
import Testing
@testable import QuartzCore

extension WindowTests {
    /// An app written from Apple's documentation (Tests/AppProbe) in a real window: what it sets
    /// up before `run()` shows, and every entry point runs on the main thread, as on Apple. With
    /// `dispatchMain()` main-queue blocks ran on a worker thread (`Thread.isMainThread` false)
    /// and the main thread's implicit transaction (the background, the animation) was never
    /// committed.
    @Suite(.timeLimit(.minutes(1)))
    struct MainThreadWindowTests {
        static let probe = StrataProcess.sibling("strata-app-probe")

        @Test func setUpBeforeRunShowsAndEveryEntryPointRunsOnTheMainThread() async throws {
            let app = try await LiveDemo([], title: "^probe$", executable: Self.probe)
            defer { app.stop() }
            // The red background set after the window opened, before run().
            let shown = try await app.screenshot("main-thread-probe", timeout: 5) { $0.rgb(150, 100) == .red }
            #expect(shown.rgb(150, 100) == .red, "stderr: \(app.strata.stderr)")
            for prefix in ["top-level", "main queue", "main actor task", "from a thread", "animationDidStart",
                           "animationDidStop finished=true", "completion"] {
                let line = await app.strata.waitForLine { $0.hasPrefix(prefix) }
                #expect(line?.hasSuffix("main=true") == true, "\(prefix): \(line ?? "never ran") — stdout \(app.strata.stdout)")
            }
            try await app.click(x: 40, y: 40)
            let tap = await app.strata.waitForLine { $0.hasPrefix("tap") }
            #expect(tap == "tap main=true hit=square")
            try await app.xdotool(["mousemove", "--window", app.window, "150", "100", "key", "x"])
            #expect(await app.strata.waitForLine { $0.hasPrefix("key") } == "key main=true")
            // The fade added before run() ran to its end: the square is blue at full opacity.
            let faded = try await app.screenshot("main-thread-probe-faded", timeout: 5) { $0.rgb(40, 40) == RGB(0, 0, 255) }
            #expect(faded.rgb(40, 40) == RGB(0, 0, 255))
        }

        /// Two windows at once; closing one leaves the other running, a new one opens, and the
        /// process ends only when the last window closes.
        @Test func twoWindowsCloseAndReopenInOneProcess() async throws {
            let app = try await LiveDemo(["two-windows"], title: "^probe-two$", executable: Self.probe)
            defer { app.stop() }
            #expect(await app.strata.waitForLine { $0.hasPrefix("reopened") } == "reopened true")
            let found = try await Tool.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "^probe-three$"],
                                           display: app.server.display, timeout: 10)
            let third = String(found.split(separator: "\n").first ?? "")
            // No window manager: every window opens at (0, 0). Move the new one aside.
            try await app.xdotool(["windowmove", "--sync", third, "300", "0"])
            let two = try await app.screenshot("probe-two", timeout: 5) { $0.rgb(100, 60) == .green }
            #expect(two.rgb(100, 60) == .green, "the second window still draws after the first closed")
            #expect(app.strata.stdoutLines.contains("closed one"))
            try await app.key("q")
            #expect(await app.strata.waitForLine { $0 == "closed two" } != nil)
            try await Task.sleep(for: .milliseconds(300))
            #expect(app.strata.process.isRunning, "one window is still open")
            try await app.xdotool(["mousemove", "--window", third, "5", "5", "key", "q"])
            #expect(await app.strata.waitForExit(timeout: 5) == 0, "the last window closed: exit 0")
        }
    }
}
