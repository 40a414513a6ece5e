import Foundation
import Raster
import Testing
import X11Host

/// A resize arrives as an event and the next present fills the new size.
@Suite(.enabled(if: XvfbServer.isAvailable, XvfbServer.skipReason), .timeLimit(.minutes(1)))
@MainActor
struct ResizeTests {
    @Test func resizeDeliversEventAndPresentsAtNewSize() async throws {
        let server = try await XvfbServer.start()
        defer { server.stop() }
        let display = try X11Display(name: server.display)
        let window = try X11Window(display: display, title: "strata-resize", width: 100, height: 80)
        let recorder = EventRecorder(window)
        #expect(await recorder.waitForExpose())
        let before = Surface(width: 100, height: 80)
        before.clear(0xFF00_00FF)
        window.present(before)

        try await Tool.run(["xdotool", "windowsize", "\(window.windowID)", "300", "200"], display: server.display)
        let event = await recorder.wait { if case .resize = $0 { true } else { false } }
        #expect(event == .resize(width: 300, height: 200))
        #expect(window.width == 300 && window.height == 200)

        let after = Surface(width: 300, height: 200)
        after.clear(0xFF12_3456)
        after[299, 199] = 0xFFAB_CDEF
        window.present(after)
        display.synchronize()
        #expect(window.frameInfo.usesSharedMemory)
        let pixels = try #require(WindowPixels.read(display: server.display, window: window.windowID,
                                                     width: 300, height: 200))
        #expect(pixels[0] & 0xFF_FFFF == 0x123456)
        #expect(pixels[199 * 300 + 150] & 0xFF_FFFF == 0x123456)
        #expect(pixels[199 * 300 + 299] & 0xFF_FFFF == 0xABCDEF)
        window.close()
    }
}
