import Foundation
import Testing
import X11Host

/// The main-queue event source keeps working when displays come and go.
@Suite(.enabled(if: XvfbServer.isAvailable, XvfbServer.skipReason), .timeLimit(.minutes(1)))
@MainActor
struct EventSourceTests {
    /// A display opened right after another was dropped gets the same descriptor number from
    /// the kernel; its events must still arrive (they did not when Dispatch watched the raw
    /// descriptor that `XCloseDisplay` closed before the old source's cancellation finished).
    @Test func displayOpenedAfterAnotherClosedStillGetsEvents() async throws {
        let server = try await XvfbServer.start()
        defer { server.stop() }
        // Keeps the server up between rounds (it was started with -terminate).
        let keeper = try X11Display(name: server.display)
        for round in 0..<3 {
            let display = try X11Display(name: server.display)
            let window = try X11Window(display: display, title: "strata-source-\(round)", width: 32, height: 32)
            let recorder = EventRecorder(window)
            #expect(await recorder.waitForExpose(), "round \(round)")
            window.close()
        }
        _ = keeper
    }
}
