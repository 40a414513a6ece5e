import Foundation
import Testing

extension WindowTests {
    /// Every signal that ends a program ends a demo window, promptly, with 128 + the signal's
    /// number (SIGQUIT printed the runtime's backtrace and left the process running).
    @Suite(.timeLimit(.minutes(1)))
    struct SignalExitTests {
        @Test(arguments: [SIGQUIT, SIGTERM, SIGINT, SIGHUP])
        func terminatingSignalEndsTheWindow(_ sig: Int32) async throws {
            let demo = try await LiveDemo(["cube", "--size", "200x150"], title: "cube$")
            defer { demo.stop() }
            // Drags keep the render thread presenting while the signal arrives.
            try await demo.drag(fromX: 100, y: 75, dx: 40, steps: 4)
            kill(demo.strata.pid, sig)
            let status = await demo.strata.waitForExit(timeout: 5)
            #expect(status == 128 + sig, "signal \(sig): status \(String(describing: status)); stderr \(demo.strata.stderr)")
            #expect(!demo.strata.stderr.contains("Backtracing"), "a clean close, not a crash report: \(demo.strata.stderr)")
        }
    }
}
