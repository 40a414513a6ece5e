import Foundation
import Raster
import Testing
import X11Host

/// `present(_:damage:)` puts only the damaged rectangles, with MIT-SHM (three buffers taking
/// turns, each catching up on what it missed) and with the `XPutImage` fallback: the window
/// ends up showing the surface, and a pixel changed outside the declared damage is not shown.
@Suite(.enabled(if: XvfbServer.isAvailable, XvfbServer.skipReason), .timeLimit(.minutes(1)))
@MainActor
struct DamagePresentTests {
    @Test(arguments: [false, true])
    func onlyTheDamagedRectanglesArePresented(withoutSharedMemory: Bool) async throws {
        let server = try await XvfbServer.start(arguments: withoutSharedMemory ? ["-extension", "MIT-SHM"] : [])
        defer { server.stop() }
        let display = try X11Display(name: server.display)
        let window = try X11Window(display: display, title: "strata-damage", width: 80, height: 60)
        let recorder = EventRecorder(window)
        #expect(await recorder.waitForExpose())
        let surface = PresentReadbackTests.pattern(width: 80, height: 60)
        window.present(surface, damage: nil)
        let a = IntRect(x0: 10, y0: 5, x1: 20, y1: 15), b = IntRect(x0: 50, y0: 40, x1: 70, y1: 45)
        surface.clear(a, to: 0xFFFF_FFFF)
        window.present(surface, damage: [a])
        surface.clear(b, to: 0xFF00_0000)
        // Changed, but not declared: the window must keep the old pixel there.
        surface[0, 59] = 0xFF12_3456
        window.present(surface, damage: [b])
        display.synchronize()
        #expect(window.frameInfo.usesSharedMemory == !withoutSharedMemory)
        #expect(window.frameInfo.pixelsPresented == 80 * 60 + 100 + 100)
        #expect(window.frameInfo.rectanglesPresented == 3)
        let pixels = try #require(WindowPixels.read(display: server.display, window: window.windowID, width: 80, height: 60))
        var mismatches = 0
        for y in 0..<60 {
            for x in 0..<80 where !(x == 0 && y == 59) && pixels[y * 80 + x] & 0xFF_FFFF != UInt(surface[x, y] & 0xFF_FFFF) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
        // Pattern value at (0, 59): red 0, green 4·59 = 236, blue 59.
        #expect(pixels[59 * 80] & 0xFF_FFFF == 0x00EC3B)
        window.close()
    }
}
