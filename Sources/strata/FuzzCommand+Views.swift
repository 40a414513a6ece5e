import ArgumentParser
import Foundation
import UIKitDemos

extension FuzzCommand {
    /// `strata fuzz --views`: `ViewFuzzer`'s seeded hostile UIKit scenes, on the main thread (as
    /// UIKit runs) with a watchdog thread that ends the process when one seed outlasts `--budget`.
    func runViews() throws {
        final class Watch: @unchecked Sendable {
            let lock = NSLock()
            var seed: UInt64 = 0, started = DispatchTime.now().uptimeNanoseconds, done = false
        }
        let watch = Watch(), budget = self.budget
        let watchdog = Thread {
            while true {
                Thread.sleep(forTimeInterval: 0.05)
                watch.lock.lock()
                let (seed, started, done) = (watch.seed, watch.started, watch.done)
                watch.lock.unlock()
                if done { return }
                if Double(DispatchTime.now().uptimeNanoseconds - started) * 1e-9 > budget {
                    FileHandle.standardOutput.write(Data("seed \(seed): no result within \(budget) s (hang)\n".utf8))
                    Foundation.exit(1)
                }
            }
        }
        watchdog.start()
        let fuzzer = MainActor.assumeIsolated { ViewFuzzer(size: size) }
        var failures = 0
        let start = Date()
        for k in 0..<count {
            let s = seed &+ UInt64(k)
            if trace { FileHandle.standardError.write(Data("seed \(s)\n".utf8)) }
            watch.lock.lock(); watch.seed = s; watch.started = DispatchTime.now().uptimeNanoseconds; watch.lock.unlock()
            if let problem = MainActor.assumeIsolated({ fuzzer.check(seed: s) }) {
                failures += 1
                say("seed \(s): \(problem)")
            }
            // Completions of blocks that added no animation wait for the main queue.
            RunLoop.main.run(until: Date())
            if (k + 1) % 100 == 0 {
                FileHandle.standardError.write(Data("fuzz --views: \(k + 1)/\(count), \(failures) failed\n".utf8))
            }
        }
        watch.lock.lock(); watch.done = true; watch.lock.unlock()
        say(String(format: "fuzz --views: %d scenes from seed %llu, %d failed, %.0f s in all",
                   count, seed, failures, Date().timeIntervalSince(start)))
        if failures > 0 { throw ExitCode(1) }
    }
}
