import Foundation
import Raster
import Testing
import X11Host

/// `sendCloseRequest` reaches the window as the window manager's close request.
@Suite(.enabled(if: XvfbServer.isAvailable, XvfbServer.skipReason), .timeLimit(.minutes(1)))
@MainActor
struct CloseRequestTests {
    @Test func closeRequestArrives() async throws {
        let server = try await XvfbServer.start()
        defer { server.stop() }
        let display = try X11Display(name: server.display)
        let window = try X11Window(display: display, title: "strata-close", width: 64, height: 64)
        let recorder = EventRecorder(window)
        #expect(await recorder.waitForExpose())

        try sendCloseRequest(display: server.display, window: window.windowID)
        let event = await recorder.wait { $0 == .closeRequest }
        #expect(event == .closeRequest)
        // A request, not a destruction: the window is still ours to close.
        #expect(!window.isClosed)
        #expect(!recorder.events.contains(.destroyed))
        window.close()
        #expect(window.isClosed)
    }

    @Test func closeRequestToAMissingWindowThrows() async throws {
        let server = try await XvfbServer.start()
        defer { server.stop() }
        #expect(throws: X11Error.self) {
            try sendCloseRequest(display: server.display, window: 0x7FFF_0001)
        }
    }

    @Test func destroyedFromOutsideIsReported() async throws {
        let server = try await XvfbServer.start()
        defer { server.stop() }
        let display = try X11Display(name: server.display)
        let window = try X11Window(display: display, title: "strata-destroy", width: 64, height: 64)
        let recorder = EventRecorder(window)
        #expect(await recorder.waitForExpose())
        try await Tool.run(["xdotool", "windowclose", "\(window.windowID)"], display: server.display)
        #expect(await recorder.wait { $0 == .destroyed } == .destroyed)
        #expect(window.isClosed)
        // Presenting to a gone window does nothing (no X error, no crash).
        window.present(Raster.Surface(width: 8, height: 8))
        #expect(window.frameInfo.framesPresented == 0)
    }
}
