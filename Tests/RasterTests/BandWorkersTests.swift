import Foundation
import Testing
@testable import Raster

/// The two-worker runner: the caller runs share 0 and the helper share 1, unless the caller
/// finishes first and takes back a share the helper has not claimed. Either way a share never
/// runs after `run` has returned (the caller would be reading pixels the helper still writes),
/// and share 0 always runs once.
@Test func aShareRunsAtMostOnceAndNeverAfterRunReturns() {
    final class Log: @unchecked Sendable {
        let lock = NSLock()
        var current = -1, helperRuns = 0, late = 0, running = 0
        func helper(_ i: Int, _ body: () -> Void) {
            lock.lock(); if current != i { late += 1 }; running += 1; helperRuns += 1; lock.unlock()
            body()
            lock.lock(); running -= 1; lock.unlock()
        }
    }
    let workers = BandWorkers()
    let log = Log()
    var callerRuns = 0, stillRunning = 0
    for i in 0..<3_000 {
        log.lock.lock(); log.current = i; log.lock.unlock()
        let ran = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        ran.pointee = 0
        let box = UnsafeSendable(ran)
        workers.run(2) { share in
            if share == 0 {
                box.pointer.pointee += 1
                if i % 3 == 0 { usleep(50) }       // sometimes the helper gets there first
            } else {
                log.helper(i) { if i % 5 == 0 { usleep(20) } }
            }
        }
        log.lock.lock(); log.current = -1; stillRunning += log.running; log.lock.unlock()
        callerRuns += ran.pointee
        ran.deallocate()
    }
    #expect(callerRuns == 3_000)
    #expect(stillRunning == 0, "a helper share was still running when run returned")
    #expect(log.late == 0, "\(log.late) helper shares ran after their run returned")
    #expect(log.helperRuns <= 3_000 && log.helperRuns > 0, "\(log.helperRuns) helper shares")
}

private struct UnsafeSendable: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Int>
    init(_ p: UnsafeMutablePointer<Int>) { pointer = p }
}
