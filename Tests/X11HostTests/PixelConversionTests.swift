import Foundation
import Raster
import Testing
import X11Host

/// A visual that is not 32-bit BGRA (here 16-bit 5-6-5) gets converted pixels.
@Suite(.enabled(if: XvfbServer.isAvailable, XvfbServer.skipReason), .timeLimit(.minutes(1)))
@MainActor
struct PixelConversionTests {
    @Test func sixteenBitVisualGetsRoundedChannels() async throws {
        let server = try await XvfbServer.start(screen: "640x480x16")
        defer { server.stop() }
        let display = try X11Display(name: server.display)
        #expect(display.convertsPixels)
        let window = try X11Window(display: display, title: "strata-565", width: 4, height: 1)
        #expect(window.frameInfo.convertsPixels)
        let recorder = EventRecorder(window)
        #expect(await recorder.waitForExpose())

        let surface = Surface(width: 4, height: 1)
        surface[0, 0] = 0xFFFF_0000  // red 255 → 31 << 11
        surface[1, 0] = 0xFF00_FF00  // green 255 → 63 << 5
        surface[2, 0] = 0xFF00_00FF  // blue 255 → 31
        surface[3, 0] = 0xFF80_8080  // 128: red (128·31+127)/255 = 16, green (128·63+127)/255 = 32
        window.present(surface)
        display.synchronize()
        let pixels = try #require(WindowPixels.read(display: server.display, window: window.windowID,
                                                     width: 4, height: 1))
        #expect(pixels == [0xF800, 0x07E0, 0x001F, 16 << 11 | 32 << 5 | 16])
        window.close()
    }
}
