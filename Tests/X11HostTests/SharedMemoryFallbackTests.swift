import Foundation
import Raster
import Testing
import X11Host

/// Without MIT-SHM (or when attaching fails) presents fall back to `XPutImage`, pixel-exact,
/// and say so once on stderr. Each case runs in a child process to capture its stderr.
@Suite(.enabled(if: XvfbServer.isAvailable, XvfbServer.skipReason), .timeLimit(.minutes(1)))
struct SharedMemoryFallbackTests {
    static let note = "presenting with XPutImage (slower)"

    @Test func missingExtensionFallsBackAndSaysSoOnce() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            await SharedMemoryFallbackTests.presentTwoWindows(arguments: ["-extension", "MIT-SHM"], tcp: false)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.components(separatedBy: Self.note).count - 1 == 1, "stderr: \(stderr)")
        #expect(stderr.contains("the X server has no MIT-SHM extension"))
    }

    @Test func failedAttachOverTCPFallsBackAndSaysSoOnce() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            await SharedMemoryFallbackTests.presentTwoWindows(arguments: ["-listen", "tcp"], tcp: true)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.components(separatedBy: Self.note).count - 1 == 1, "stderr: \(stderr)")
        #expect(stderr.contains("MIT-SHM failed (the X server rejected a request: XShmAttach"))
    }

    /// Child process: two windows, two presents each, exact pixels, no SHM. Exit codes name
    /// the failed check.
    @MainActor
    static func presentTwoWindows(arguments: [String], tcp: Bool) async {
        do {
            let server = try await XvfbServer.start(arguments: arguments)
            defer { server.stop() }
            let name = tcp ? "127.0.0.1" + server.display : server.display
            let display = try X11Display(name: name)
            guard display.supportsSharedMemory == tcp else { exit(10) }
            for title in ["strata-fallback-1", "strata-fallback-2"] {
                let window = try X11Window(display: display, title: title, width: 50, height: 40)
                let recorder = EventRecorder(window)
                guard await recorder.waitForExpose() else { exit(11) }
                let surface = Surface(width: 50, height: 40)
                surface.clear(0xFF33_6699)
                surface[49, 39] = 0xFFFE_DCBA
                window.present(surface)
                // The second frame drawn straight into the plain image.
                window.present { target in
                    target.clear(0xFF33_6699)
                    target[49, 39] = 0xFFFE_DCBA
                }
                display.synchronize()
                guard !window.frameInfo.usesSharedMemory, window.frameInfo.framesPresented == 2 else { exit(12) }
                guard let pixels = WindowPixels.read(display: name, window: window.windowID, width: 50, height: 40),
                      pixels[0] & 0xFF_FFFF == 0x336699, pixels[39 * 50 + 49] & 0xFF_FFFF == 0xFEDCBA
                else { exit(13) }
                window.close()
            }
        } catch {
            exit(20)
        }
    }
}
