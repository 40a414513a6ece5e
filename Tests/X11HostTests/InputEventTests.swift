import Foundation
import Testing
import X11Host

/// xdotool input arrives as the right `X11Event`s through the main-queue event source.
@Suite(.enabled(if: XvfbServer.isAvailable, XvfbServer.skipReason), .timeLimit(.minutes(1)))
@MainActor
struct InputEventTests {
    @Test func mouseDragArrivesAsDownMoveUp() async throws {
        let server = try await XvfbServer.start()
        defer { server.stop() }
        let display = try X11Display(name: server.display)
        let window = try X11Window(display: display, title: "strata-mouse", width: 200, height: 150)
        let recorder = EventRecorder(window)
        #expect(await recorder.waitForExpose())

        let id = "\(window.windowID)"
        let status = try await Tool.run(["xdotool", "mousemove", "--window", id, "10", "20", "mousedown", "1",
                                   "mousemove", "--window", id, "30", "40", "mouseup", "1"],
                                  display: server.display).status
        #expect(status == 0)
        let up = await recorder.wait { if case .mouseUp = $0 { true } else { false } }
        #expect(up == .mouseUp(button: .left, x: 30, y: 40, modifiers: .button1))

        let buttons = recorder.events.filter {
            switch $0 { case .mouseDown, .mouseUp: true; default: false }
        }
        #expect(buttons == [.mouseDown(button: .left, x: 10, y: 20, modifiers: []),
                            .mouseUp(button: .left, x: 30, y: 40, modifiers: .button1)])
        // The drag: a move to (30, 40) with button 1 held, between the press and the release.
        let down = try #require(recorder.events.firstIndex { if case .mouseDown = $0 { true } else { false } })
        let release = try #require(recorder.events.firstIndex { if case .mouseUp = $0 { true } else { false } })
        #expect(recorder.events[down..<release].contains(.mouseMove(x: 30, y: 40, modifiers: .button1)))
        window.close()
    }

    @Test func keysArriveWithKeysymCharacterAndModifiers() async throws {
        let server = try await XvfbServer.start()
        defer { server.stop() }
        let display = try X11Display(name: server.display)
        let window = try X11Window(display: display, title: "strata-keys", width: 200, height: 150)
        let recorder = EventRecorder(window)
        #expect(await recorder.waitForExpose())

        // With no window manager, keys go to the window under the pointer.
        try await Tool.run(["xdotool", "mousemove", "--window", "\(window.windowID)", "50", "50"], display: server.display)
        let status = try await Tool.run(["xdotool", "key", "q", "shift+s", "Escape", "space", "f",
                                   "Left", "Right", "Up", "Down"], display: server.display).status
        #expect(status == 0)
        _ = await recorder.wait { if case .keyDown(X11KeySym.down, _, _) = $0 { true } else { false } }

        let keys = recorder.events.filter { if case .keyDown = $0 { true } else { false } }
        #expect(keys == [
            .keyDown(keysym: X11KeySym.q, character: "q", modifiers: []),
            // Shift itself is a key press too (Shift_L, 0xFFE1), before the S it modifies.
            .keyDown(keysym: 0xFFE1, character: nil, modifiers: []),
            .keyDown(keysym: X11KeySym.capitalS, character: "S", modifiers: .shift),
            .keyDown(keysym: X11KeySym.escape, character: nil, modifiers: []),
            .keyDown(keysym: X11KeySym.space, character: " ", modifiers: []),
            .keyDown(keysym: X11KeySym.f, character: "f", modifiers: []),
            .keyDown(keysym: X11KeySym.left, character: nil, modifiers: []),
            .keyDown(keysym: X11KeySym.right, character: nil, modifiers: []),
            .keyDown(keysym: X11KeySym.up, character: nil, modifiers: []),
            .keyDown(keysym: X11KeySym.down, character: nil, modifiers: []),
        ])
        // Keysym values from X11/keysymdef.h, so a wrong constant cannot pass unnoticed.
        #expect(X11KeySym.q == 0x71 && X11KeySym.capitalS == 0x53 && X11KeySym.escape == 0xFF1B)
        #expect(X11KeySym.left == 0xFF51 && X11KeySym.down == 0xFF54)
        window.close()
    }
}
