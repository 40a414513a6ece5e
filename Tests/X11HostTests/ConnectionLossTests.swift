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

    @Test func teardownAfterServerDeathIsQuiet() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            await ConnectionLossTests.loseServerThenTearDown()
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(!stderr.contains("lost the connection"), "stderr: \(stderr)")
    }

    @Test func useAfterQuietTeardownExits() async {
        let result = await #expect(processExitsWith: .exitCode(74), observing: [\.standardErrorContent]) {
            await ConnectionLossTests.loseServerCloseOneWindowPresentAnother()
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("X11Host: lost the connection to the X server"), "stderr: \(stderr)")
    }

    /// Child: the server dies, then the window is closed and the display dropped, as a test's
    /// or an app's cleanup does; that alone must not exit (exit 0 from returning).
    @MainActor
    static func loseServerThenTearDown() async {
        do {
            let server = try await XvfbServer.start()
            let display = try X11Display(name: server.display)
            let window = try X11Window(display: display, title: "strata-teardown", width: 64, height: 48)
            guard await EventRecorder(window).waitForExpose() else { exit(10) }
            window.present(Surface(width: 64, height: 48))
            display.synchronize()
            server.stop()
            window.close()
            guard window.isClosed else { exit(11) }
        } catch {
            exit(20)
        }
    }

    /// Child: after a quiet close on a dead server, presenting another window exits with 74
    /// (exit 99: it carried on instead).
    @MainActor
    static func loseServerCloseOneWindowPresentAnother() async {
        do {
            let server = try await XvfbServer.start()
            let display = try X11Display(name: server.display)
            let first = try X11Window(display: display, title: "strata-a", width: 64, height: 48)
            let second = try X11Window(display: display, title: "strata-b", width: 64, height: 48)
            guard await EventRecorder(second).waitForExpose() else { exit(10) }
            display.synchronize()
            server.stop()
            first.close()
            second.present(Surface(width: 64, height: 48))
        } catch {
            exit(20)
        }
        exit(99)
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
