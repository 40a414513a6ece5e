import Foundation
import Raster
import Testing
@testable import X11Host

/// No shared-memory segment outlives its window, nor a process killed mid-run.
/// Each case runs in a child process so `ipcs` can tell its segments apart by creator pid.
@Suite(.enabled(if: XvfbServer.isAvailable, XvfbServer.skipReason), .timeLimit(.minutes(1)))
struct SharedMemoryLeakTests {
    @Test func closingTheWindowFreesEverySegment() async {
        await #expect(processExitsWith: .success) {
            await SharedMemoryLeakTests.openPresentResizeClose()
        }
    }

    @Test func killedProcessLeavesNoSegment() async throws {
        let result = await #expect(processExitsWith: .signal(SIGKILL), observing: [\.standardOutputContent]) {
            await SharedMemoryLeakTests.presentThenDie()
        }
        // The child printed its pid before killing itself.
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        let pid = try #require(Int32(output.trimmingCharacters(in: .whitespacesAndNewlines)))
        // The server notices the closed connection and detaches (then exits, -terminate);
        // only IPC_RMID makes the segments go away after that: without it they would stay.
        var left = try Tool.sharedMemorySegments(createdBy: pid)
        for _ in 0..<40 where !left.isEmpty {
            try await Task.sleep(for: .milliseconds(50))
            left = try Tool.sharedMemorySegments(createdBy: pid)
        }
        #expect(left == [])
    }

    /// Child: segments exist while the window is open (so the check can fail), none after close.
    @MainActor
    static func openPresentResizeClose() async {
        do {
            let server = try await XvfbServer.start()
            defer { server.stop() }
            let display = try X11Display(name: server.display)
            let window = try X11Window(display: display, title: "strata-leak", width: 64, height: 48)
            let recorder = EventRecorder(window)
            guard await recorder.waitForExpose() else { exit(10) }
            let surface = Surface(width: 128, height: 96)
            for _ in 0..<3 { window.present(surface) }
            display.synchronize()
            guard try Tool.sharedMemorySegments(createdBy: getpid()).count == BufferPool.sharedBufferCount else { exit(11) }
            // A resize replaces every buffer; the old segments must go.
            try await Tool.run(["xdotool", "windowsize", "\(window.windowID)", "128", "96"], display: server.display)
            guard await recorder.wait(for: { $0 == .resize(width: 128, height: 96) }) != nil else { exit(12) }
            for _ in 0..<3 { window.present(surface) }
            display.synchronize()
            guard try Tool.sharedMemorySegments(createdBy: getpid()).count == BufferPool.sharedBufferCount else { exit(13) }
            window.close()
            guard try Tool.sharedMemorySegments(createdBy: getpid()).isEmpty else { exit(14) }
        } catch {
            exit(20)
        }
    }

    /// Child: presents, prints its pid, then dies by SIGKILL (as a crash or a hard kill would)
    /// without closing anything.
    @MainActor
    static func presentThenDie() async {
        do {
            let server = try await XvfbServer.start()
            let display = try X11Display(name: server.display)
            let window = try X11Window(display: display, title: "strata-crash", width: 64, height: 48)
            let recorder = EventRecorder(window)
            guard await recorder.waitForExpose() else { exit(10) }
            for _ in 0..<3 { window.present(Surface(width: 64, height: 48)) }
            display.synchronize()
            guard try Tool.sharedMemorySegments(createdBy: getpid()).count == BufferPool.sharedBufferCount else { exit(11) }
            print(getpid())
            fflush(nil)
            kill(getpid(), SIGKILL)
        } catch {
            exit(20)
        }
    }
}
