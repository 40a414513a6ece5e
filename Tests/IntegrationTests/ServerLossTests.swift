import Foundation
import Testing
@testable import QuartzCore

extension WindowTests {
    /// A demo whose X server goes away, or that is killed, ends cleanly and leaves no
    /// shared-memory segment behind (the segments are marked for removal right after attach).
    @Suite(.timeLimit(.minutes(1)))
    struct ServerLossTests {
        @Test func losingTheXServerExitsWithAMessageNotACrashOrAHang() async throws {
            let demo = try await LiveDemo(["cube", "--size", "320x240"], title: "cube$")
            defer { demo.stop() }
            let pid = demo.strata.pid
            #expect(try await Tool.sharedMemorySegments(createdBy: pid).count == 3)
            demo.server.stop()
            let status = await demo.strata.waitForExit(timeout: 10)
            // EX_IOERR (74), not a signal (≥ 128) and not a hang (nil).
            #expect(status == 74, "stderr: \(demo.strata.stderr)")
            #expect(demo.strata.stderr.contains("lost the connection to the X server"), "stderr: \(demo.strata.stderr)")
            #expect(try await Tool.sharedMemorySegments(createdBy: pid) == [])
        }

        @Test func aKilledDemoLeavesNoSharedMemory() async throws {
            let demo = try await LiveDemo(["cube", "--size", "320x240"], title: "cube$")
            defer { demo.stop() }
            let pid = demo.strata.pid
            #expect(try await Tool.sharedMemorySegments(createdBy: pid).count == 3)
            // SIGKILL runs no handler at all: what Ctrl-C does to a demo without one, or a crash.
            demo.strata.kill()
            var left = try await Tool.sharedMemorySegments(createdBy: pid)
            for _ in 0..<40 where !left.isEmpty {
                try await Task.sleep(for: .milliseconds(50))
                left = try await Tool.sharedMemorySegments(createdBy: pid)
            }
            #expect(left == [])
        }
    }
}
