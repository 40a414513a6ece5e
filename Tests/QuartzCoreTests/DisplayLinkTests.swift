import Dispatch
import Foundation
import Testing
@testable import QuartzCore

/// Counts ticks across threads.
private final class TickCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    let reached = DispatchSemaphore(value: 0)
    // Set by the test while ticks arrive on the link's queue: behind the lock too (TSan).
    private var _target = 5
    var target: Int {
        get { lock.lock(); defer { lock.unlock() }; return _target }
        set { lock.lock(); _target = newValue; lock.unlock() }
    }
    func tick() { lock.lock(); n += 1; let hit = n == _target; lock.unlock(); if hit { reached.signal() } }
    var count: Int { lock.lock(); defer { lock.unlock() }; return n }
}

@Test func displayLinkTicksPausesAndInvalidates() {
    let counter = TickCounter()
    let link = CADisplayLink { _ in counter.tick() }
    #expect(link.duration == 1.0 / 60)
    link.start(on: DispatchQueue(label: "test.displaylink"))
    // Behaviour, not speed: five ticks arrive (allowing a very slow machine 10 s).
    #expect(counter.reached.wait(timeout: .now() + 10) == .success)
    #expect(link.timestamp > 0 && link.targetTimestamp > link.timestamp)
    link.isPaused = true
    Thread.sleep(forTimeInterval: 0.05)          // let an in-flight tick finish
    let paused = counter.count
    Thread.sleep(forTimeInterval: 0.2)
    #expect(counter.count == paused)              // a paused link does not tick
    link.isPaused = false
    counter.target = paused + 3
    #expect(counter.reached.wait(timeout: .now() + 10) == .success)
    link.invalidate()
    Thread.sleep(forTimeInterval: 0.05)
    let stopped = counter.count
    Thread.sleep(forTimeInterval: 0.2)
    #expect(counter.count == stopped)
}

/// Apple: "The run loop retains the display link" and `invalidate()` releases it and its
/// target. iOS code often adds a link it keeps no reference to and invalidates it from its own
/// handler; here such a link was freed at once and never ticked (the timer held it weakly).
@Test func aScheduledLinkIsKeptUntilItIsInvalidated() {
    let counter = TickCounter()
    counter.target = 3
    weak var weakLink: CADisplayLink?
    do {
        let link = CADisplayLink { link in
            counter.tick()
            if counter.count >= 3 { link.invalidate() }
        }
        weakLink = link
        link.start(on: DispatchQueue(label: "test.displaylink.kept"))
    }
    #expect(counter.reached.wait(timeout: .now() + 10) == .success)
    var waited = 0.0
    while weakLink != nil, waited < 5 { Thread.sleep(forTimeInterval: 0.01); waited += 0.01 }
    #expect(weakLink == nil, "an invalidated link is freed")
    Thread.sleep(forTimeInterval: 0.1)
    #expect(counter.count == 3)
}

@Test func preferredFramesPerSecondSetsTheRange() {
    let link = CADisplayLink { _ in }
    link.preferredFramesPerSecond = 30
    #expect(link.preferredFrameRateRange == CAFrameRateRange(minimum: 0, maximum: 30, preferred: 30))
    #expect(link.preferredFramesPerSecond == 30)
    link.invalidate()
}

/// Unpausing ticks at once, but never sooner than one interval after the last tick: a 30 Hz
/// link paused after every tick and unpaused every 2 ms (what a render loop that sleeps when
/// idle does while other commits keep waking it) still ticks at most 30 times a second.
/// Before, each unpause ticked at once: 150-207 ticks in half a second.
@Test func wakingAPausedLinkOverAndOverKeepsItsRate() {
    let counter = TickCounter()
    let link = CADisplayLink { l in counter.tick(); l.isPaused = true }
    link.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 30, preferred: 30)
    link.start(on: DispatchQueue(label: "test.displaylink.waking"))
    let start = DispatchTime.now()
    while DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds < 500_000_000 {
        link.isPaused = false
        Thread.sleep(forTimeInterval: 0.002)
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    link.invalidate()
    // One tick per 1/30 s at most, plus the first at once; at least a few (it does tick).
    #expect(counter.count <= Int(elapsed * 30) + 2, "\(counter.count) ticks in \(elapsed) s")
    #expect(counter.count >= 3)
}
