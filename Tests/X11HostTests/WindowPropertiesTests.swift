import Foundation
import Testing
import X11Host

/// The window carries its title (Latin-1 and UTF-8), the WM_DELETE_WINDOW protocol and its process ID.
@Suite(.enabled(if: XvfbServer.isAvailable, XvfbServer.skipReason), .timeLimit(.minutes(1)))
@MainActor
struct WindowPropertiesTests {
    @Test func titleAndProtocolsAreSet() async throws {
        let server = try await XvfbServer.start()
        defer { server.stop() }
        let display = try X11Display(name: server.display)
        let window = try X11Window(display: display, title: "strata-props", width: 32, height: 32)
        display.synchronize()
        let id = "\(window.windowID)"
        var text = String(decoding: try await Tool.run(["xprop", "-id", id, "WM_NAME", "_NET_WM_NAME", "WM_PROTOCOLS"],
                                                       display: server.display).output, as: UTF8.self)
        #expect(text.contains("WM_NAME(STRING) = \"strata-props\""), "xprop: \(text)")
        #expect(text.contains("_NET_WM_NAME(UTF8_STRING) = \"strata-props\""), "xprop: \(text)")
        #expect(text.contains("WM_PROTOCOLS(ATOM): protocols  WM_DELETE_WINDOW"), "xprop: \(text)")
        // _NET_WM_PID names this process: `xdotool search --pid` (scripts/soak) finds the window.
        let byPid = try await Tool.run(["xdotool", "search", "--pid", "\(getpid())"], display: server.display)
        #expect(String(decoding: byPid.output, as: UTF8.self).split(separator: "\n").contains("\(window.windowID)"))

        window.title = "Strata — cube"
        display.synchronize()
        text = String(decoding: try await Tool.run(["xprop", "-id", id, "_NET_WM_NAME"], display: server.display).output,
                      as: UTF8.self)
        #expect(text.contains("\"Strata — cube\""), "xprop: \(text)")
        // xdotool finds it by name, as the integration tests will.
        let found = try await Tool.run(["xdotool", "search", "--name", "strata-props"], display: server.display)
        #expect(String(decoding: found.output, as: UTF8.self).isEmpty)  // renamed: no longer found
        window.close()
    }
}
