import Foundation
import Raster
import Testing
import X11Host

/// A surface shows up in the window pixel for pixel, through MIT-SHM.
@Suite(.enabled(if: XvfbServer.isAvailable, XvfbServer.skipReason), .timeLimit(.minutes(1)))
@MainActor
struct PresentReadbackTests {
    /// Opaque pattern: red = 3x, green = 4y, blue = x + y (all below 256 for 80×60).
    static func pattern(width: Int, height: Int) -> Surface {
        let surface = Surface(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                surface[x, y] = 0xFF00_0000 | UInt32(3 * x) << 16 | UInt32(4 * y) << 8 | UInt32(x + y)
            }
        }
        return surface
    }

    @Test func presentedPixelsReadBackExactly() async throws {
        let server = try await XvfbServer.start()
        defer { server.stop() }
        let display = try X11Display(name: server.display)
        let window = try X11Window(display: display, title: "strata-present", width: 80, height: 60)
        let recorder = EventRecorder(window)
        #expect(await recorder.waitForExpose())
        #expect(display.supportsSharedMemory)
        #expect(!display.convertsPixels)

        window.present(Self.pattern(width: 80, height: 60))
        display.synchronize()
        #expect(window.frameInfo.usesSharedMemory)
        #expect(window.frameInfo.framesPresented == 1)
        #expect(window.frameInfo.lastPresentTime > 0)

        let pixels = try #require(WindowPixels.read(display: server.display, window: window.windowID,
                                                     width: 80, height: 60))
        var mismatches = 0
        for y in 0..<60 {
            for x in 0..<80 where pixels[y * 80 + x] & 0xFF_FFFF != UInt(3 * x) << 16 | UInt(4 * y) << 8 | UInt(x + y) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
        // Spot values worked out by hand: (0,0) is black, (79,59) is R 237 G 236 B 138.
        #expect(pixels[0] & 0xFF_FFFF == 0x000000)
        #expect(pixels[59 * 80 + 79] & 0xFF_FFFF == 0xEDEC8A)

        // The same pixel through xwd and ImageMagick, and a PNG to look at.
        let png = "/tmp/x11host-present.png"
        let (status, output) = try await Tool.shell(
            "xwd -silent -id \(window.windowID) | convert xwd:- \(png) && convert \(png) -format '%[pixel:p{79,59}]' info:",
            display: server.display)
        #expect(status == 0)
        #expect(String(decoding: output, as: UTF8.self) == "srgb(237,236,138)")
        window.close()
    }

    /// Frames drawn straight into the shared-memory buffers (no copy): each is a window-sized
    /// surface, one of the pool's buffers, and the last frame drawn is what shows.
    @Test func framesDrawnIntoTheSharedBuffersReadBack() async throws {
        let server = try await XvfbServer.start()
        defer { server.stop() }
        let display = try X11Display(name: server.display)
        let window = try X11Window(display: display, title: "strata-direct", width: 64, height: 48)
        let recorder = EventRecorder(window)
        #expect(await recorder.waitForExpose())
        var targets: [UnsafeMutablePointer<UInt32>] = []
        for colour: UInt32 in [0xFF10_2030, 0xFF40_5060, 0xFF70_8090] {
            window.present { target in
                #expect(target.width == 64 && target.height == 48 && target.stride >= 64)
                targets.append(target.pixels)
                target.clear(colour)
                target[63, 47] = 0xFFFE_DCBA
            }
        }
        display.synchronize()
        #expect(window.frameInfo.usesSharedMemory)
        #expect(window.frameInfo.framesPresented == 3)
        #expect(targets.count == 3)
        // Once every put has completed, the next frame takes the free buffer drawn last: it
        // holds the newest frame, so the renderer has the least to bring up to date.
        window.present { target in targets.append(target.pixels) }
        display.synchronize()
        #expect(targets.count == 4 && targets[3] == targets[2])
        let pixels = try #require(WindowPixels.read(display: server.display, window: window.windowID,
                                                     width: 64, height: 48))
        #expect(pixels[0] & 0xFF_FFFF == 0x708090)
        #expect(pixels[47 * 64 + 62] & 0xFF_FFFF == 0x708090)
        #expect(pixels[47 * 64 + 63] & 0xFF_FFFF == 0xFEDCBA)
        window.close()
    }

    @Test func overlapIsBlittedAndTheRestIsLeftAlone() async throws {
        let server = try await XvfbServer.start()
        defer { server.stop() }
        let display = try X11Display(name: server.display)
        let window = try X11Window(display: display, title: "strata-overlap", width: 40, height: 30)
        let recorder = EventRecorder(window)
        #expect(await recorder.waitForExpose())

        // Larger than the window: only its top-left 40×30 shows.
        let large = Surface(width: 100, height: 100)
        large.clear(0xFF00_00FF)
        for y in 0..<100 { for x in 30..<100 { large[x, y] = 0xFF00_FF00 } }
        window.present(large)
        // Smaller than the window: the rest keeps the previous frame. Three presents in a row
        // also make the first buffer come round again (it must wait for its completion).
        let small = Surface(width: 10, height: 5)
        small.clear(0xFFFF_0000)
        window.present(small)
        window.present(small)
        display.synchronize()
        #expect(window.frameInfo.framesPresented == 3)

        let pixels = try #require(WindowPixels.read(display: server.display, window: window.windowID,
                                                     width: 40, height: 30))
        func at(_ x: Int, _ y: Int) -> UInt { pixels[y * 40 + x] & 0xFF_FFFF }
        #expect(at(0, 0) == 0xFF0000)     // small surface
        #expect(at(9, 4) == 0xFF0000)
        #expect(at(10, 4) == 0x0000FF)    // large surface, blue part
        #expect(at(29, 29) == 0x0000FF)
        #expect(at(30, 0) == 0x00FF00)    // large surface, green part
        #expect(at(39, 29) == 0x00FF00)
        window.close()
    }

    /// A frame whose damage is many disjoint rectangles (`presentDamage`: one put of their
    /// bounding box through a clip of them): exactly those pixels change in the window, and a
    /// whole present afterwards (clip reset) repaints everything.
    @Test func manyDamageRectanglesChangeExactlyTheirPixels() async throws {
        let server = try await XvfbServer.start()
        defer { server.stop() }
        let display = try X11Display(name: server.display)
        let window = try X11Window(display: display, title: "strata-clip", width: 96, height: 64)
        let recorder = EventRecorder(window)
        #expect(await recorder.waitForExpose())
        #expect(display.supportsSharedMemory)
        window.presentDamage { target in
            target.clear(0xFF10_2030)
            return nil
        }
        // A checkerboard of 8-px cells, 24 rectangles: a frame of another colour is drawn, and
        // only the cells are named as damage.
        let cells = (0..<8).flatMap { row in (0..<12).compactMap { col -> IntRect? in
            (row + col) % 4 == 0 ? IntRect(x0: col * 8, y0: row * 8, x1: col * 8 + 8, y1: row * 8 + 8) : nil
        } }
        #expect(cells.count == 24)
        window.presentDamage { target in
            target.clear(0xFFC0_4020)
            return cells
        }
        display.synchronize()
        let pixels = try #require(WindowPixels.read(display: server.display, window: window.windowID, width: 96, height: 64))
        var wrong = 0
        for y in 0..<64 {
            for x in 0..<96 {
                let inCell = (y / 8 + x / 8) % 4 == 0
                if pixels[y * 96 + x] & 0xFF_FFFF != (inCell ? 0xC04020 : 0x102030) { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels differ from the damaged checkerboard")
        #expect(window.frameInfo.pixelsPresented == 96 * 64 + 24 * 64)
        // The clip is gone: a whole frame shows everywhere.
        window.presentDamage { target in
            target.clear(0xFF00_FF00)
            return nil
        }
        display.synchronize()
        let after = try #require(WindowPixels.read(display: server.display, window: window.windowID, width: 96, height: 64))
        #expect(after.allSatisfy { $0 & 0xFF_FFFF == 0x00FF00 })
        window.close()
    }

    @Test func invalidSizeThrows() async throws {
        let server = try await XvfbServer.start()
        defer { server.stop() }
        let display = try X11Display(name: server.display)
        #expect(throws: X11Error.invalidWindowSize(width: 0, height: 10)) {
            _ = try X11Window(display: display, title: "bad", width: 0, height: 10)
        }
        #expect(throws: X11Error.invalidWindowSize(width: 10, height: 20_000)) {
            _ = try X11Window(display: display, title: "bad", width: 10, height: 20_000)
        }
    }
}
