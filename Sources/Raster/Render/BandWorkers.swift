import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A long-lived helper thread for two-worker `execute`: a frame's bands start on both cores at
/// once.
///
/// Waking a parked thread costs tens of microseconds (more on a virtual machine, whose idle
/// core is halted): a large share of a 1 ms frame. So the helper spins for a short while after
/// each job before it parks (yielding to any other runnable thread meanwhile), and the next
/// frame finds it awake. One job runs at a time; a
/// caller that finds the helper busy (an offscreen pass rendered while a frame rasterises on
/// another thread), or wants more than two workers, uses `DispatchQueue.concurrentPerform`.
///
/// The helper claims each job before it runs it, and a caller that has finished its own share
/// (the bands are handed out one at a time, so that is often all of them) takes back a job
/// the helper has not claimed yet and returns at once: a helper that is parked, or that lost
/// its core to another process, no longer holds up the frame until it is scheduled again.
final class BandWorkers: @unchecked Sendable {
    static let shared = BandWorkers()

    /// How long the helper keeps looking for the next job before it parks.
    private static let spinNanoseconds: UInt64 = 200_000

    private let busy = Atomic<Bool>(false)
    private let generation = Atomic<Int>(0)
    private let finished = Atomic<Int>(0)
    private let parked = Atomic<Bool>(false)
    /// The generation whose job may still be claimed; the helper makes it −g when it claims
    /// job g, the caller 0 when it takes job g back.
    private let claim = Atomic<Int>(0)
    private let wake = DispatchSemaphore(value: 0)
    /// Written by the caller before `generation` moves on; read by the helper after it sees that.
    private var job: (@Sendable (Int) -> Void)?
    private var started = false

    /// Runs `body(0)` on the calling thread and `body(1)` on the helper, and returns when both
    /// have (any other `count` goes to `concurrentPerform`).
    ///
    /// `body` does not escape: the helper holds it only until `run` returns, so a caller's
    /// closure and what it captures need no heap allocation.
    func run(_ count: Int, _ body: @Sendable (Int) -> Void) {
        guard count == 2, busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else {
            if count <= 1 { body(0) } else { DispatchQueue.concurrentPerform(iterations: count, execute: body) }
            return
        }
        withoutActuallyEscaping(body) { body in runOnBoth(body) }
    }

    /// `run` for two workers, the helper claimed (`busy`).
    private func runOnBoth(_ body: @escaping @Sendable (Int) -> Void) {
        defer { busy.store(false, ordering: .releasing) }
        if !started {
            started = true
            let seen = generation.load(ordering: .acquiring)
            DispatchQueue(label: "org.strata.raster.band-helper", qos: .userInteractive).async { [self] in helperLoop(seen) }
        }
        job = body
        // Generations stay positive (−g marks a claim): one job per frame would take 10¹¹
        // years to wrap.
        let g = generation.load(ordering: .relaxed) &+ 1
        claim.store(g, ordering: .sequentiallyConsistent)
        generation.store(g, ordering: .sequentiallyConsistent)
        if parked.load(ordering: .sequentiallyConsistent) { wake.signal() }
        body(0)
        if !claim.compareExchange(expected: g, desired: 0, ordering: .acquiringAndReleasing).exchanged {
            // Claimed: the helper stores the generation it finished. Yielding while waiting:
            // with two cores, the thread preparing the next frame may be waiting for this one.
            while finished.load(ordering: .acquiring) != g { sched_yield() }
        }
        job = nil
    }

    private func helperLoop(_ start: Int) {
        var seen = start
        while true {
            var spinStart = DispatchTime.now().uptimeNanoseconds
            var current = generation.load(ordering: .acquiring)
            while current == seen {
                // Spin politely: another runnable thread (the X server, another process) gets
                // the core; an idle machine returns at once.
                sched_yield()
                if DispatchTime.now().uptimeNanoseconds &- spinStart > Self.spinNanoseconds {
                    parked.store(true, ordering: .sequentiallyConsistent)
                    // Re-checked after announcing: a job published in between signals (or is seen here).
                    if generation.load(ordering: .sequentiallyConsistent) == seen { wake.wait() }
                    parked.store(false, ordering: .sequentiallyConsistent)
                    spinStart = DispatchTime.now().uptimeNanoseconds
                }
                current = generation.load(ordering: .acquiring)
            }
            seen = current
            // A job the caller took back (or a later one's generation) is not ours to run.
            if claim.compareExchange(expected: current, desired: -current, ordering: .acquiringAndReleasing).exchanged {
                job?(1)
                finished.store(current, ordering: .releasing)
            }
        }
    }
}

/// Runs `body(i)` once for every i in `0..<count`, on up to `threads` workers (the calling
/// thread and the band helper, as `execute` draws bands), and returns when all have run. Indices
/// are handed out one at a time, in no set order: `body` must not depend on which thread runs it
/// or when. Per-item work that precedes drawing (a batch's stroke outlines) runs here instead
/// of on the calling thread alone while the helper waits.
package func forEachConcurrently(_ count: Int, threads: Int, _ body: @Sendable (Int) -> Void) {
    let workers = Swift.max(1, Swift.min(threads, count))
    guard workers > 1 else {
        for i in 0..<Swift.max(0, count) { body(i) }
        return
    }
    let next = Atomic<Int>(0)
    BandWorkers.shared.run(workers) { _ in
        while true {
            let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
            if i >= count { break }
            body(i)
        }
    }
}

/// `forEachConcurrently` that also tells `body` which worker runs the item (0 ..< `threads`; each
/// worker runs its items one after another), so a caller can hand each worker scratch storage
/// of its own that it reuses from call to call.
package func forEachConcurrently(_ count: Int, threads: Int, byWorker body: @Sendable (_ worker: Int, _ item: Int) -> Void) {
    let workers = Swift.max(1, Swift.min(threads, count))
    guard workers > 1 else {
        for i in 0..<Swift.max(0, count) { body(0, i) }
        return
    }
    let next = Atomic<Int>(0)
    BandWorkers.shared.run(workers) { worker in
        while true {
            let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
            if i >= count { break }
            body(worker, i)
        }
    }
}

