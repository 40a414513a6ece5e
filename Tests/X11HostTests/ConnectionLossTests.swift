import Foundation
import Raster
import Testing
import X11Host

/// Losing the X server mid-run ends the program with a message and exit code 74.
@Suite(.enabled(if: XvfbServer.isAvailable, XvfbServer.skipReason), .timeLimit(.minutes(1)))
struct ConnectionLossTests {
    @Test func serverDeathExitsWithMessage() async {
        let result = await #expect(processExitsWith: .exitCode(X11Display.connectionLostExitCode),
                                   observing: [\.standardErrorContent]) {
            await ConnectionLossTests.presentThenLoseServer()
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("X11Host: lost the connection to the X server on display \":"), "stderr: \(stderr)")
        #expect(X11Display.connectionLostExitCode == 74)
    }

    /// Child: the server dies while the window idles; the event source sees the socket close
    /// and the I/O error handler exits. Exit 99 means it hung instead.
    @MainActor
    static func presentThenLoseServer() async {
        do {
            let server = try await XvfbServer.start()
            let display = try X11Display(name: server.display)
            let window = try X11Window(display: display, title: "strata-lost", width: 64, height: 48)
            let recorder = EventRecorder(window)
            guard await recorder.waitForExpose() else { exit(10) }
            window.present(Surface(width: 64, height: 48))
            server.stop()
            try await Task.sleep(for: .seconds(5))
        } catch {
            exit(20)
        }
        exit(99)
    }
}
