import Foundation
import Testing
@testable import QuartzCore

extension WindowTests {
    /// A demo with nothing animating costs (almost) no CPU: display-link ticks that find nothing
    /// to draw do no rendering. Measured 1.7 % of a core for the debug build; re-rendering every
    /// tick would cost over a third of a core.
    @Suite(.timeLimit(.minutes(1)))
    struct IdleCPUTests {
        /// User + system CPU seconds of process `pid`, from /proc/pid/stat (fields 14 and 15).
        static func cpuSeconds(_ pid: Int32) throws -> Double {
            let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            // Fields after the command name, which is in parentheses and may hold spaces.
            let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
            let ticks = Double(fields[11])! + Double(fields[12])!   // utime, stime (fields 14, 15)
            return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
        }

        @Test func anIdleCubeUsesUnderTenPercentOfACore() async throws {
            let demo = try await LiveDemo(["cube"], title: "cube$")
            defer { demo.stop() }
            _ = try await demo.screenshot("idle", timeout: 5) { $0.rgb(320, 240) == .red }
            try await Task.sleep(for: .milliseconds(300))
            let start = try Self.cpuSeconds(demo.strata.pid)
            let clock = ContinuousClock.now
            try await Task.sleep(for: .seconds(2))
            let used = try Self.cpuSeconds(demo.strata.pid) - start
            let d = ContinuousClock.now - clock
            let elapsed = Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
            #expect(used / elapsed < 0.10, "idle CPU \(used) s over \(elapsed) s")
        }
    }
}
