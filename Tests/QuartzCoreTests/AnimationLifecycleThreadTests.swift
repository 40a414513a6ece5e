import Foundation
import Synchronization
import Testing
@testable import QuartzCore

/// Counts delegate callbacks from any thread.
private final class CountingDelegate: NSObject, CAAnimationDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var _starts = 0, _stops = 0
    var starts: Int { lock.lock(); defer { lock.unlock() }; return _starts }
    var stops: Int { lock.lock(); defer { lock.unlock() }; return _stops }
    func animationDidStart(_ anim: CAAnimation) { lock.lock(); _starts += 1; lock.unlock() }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { lock.lock(); _stops += 1; lock.unlock() }
}

/// Threads flushing at once (each thread's `CATransaction.flush()` runs the animation
/// bookkeeping): every animation still starts once and stops once, and a transaction's
/// completion block runs once. ThreadSanitizer found the bookkeeping deciding this outside its
/// lock: every thread that had listed a finished animation delivered its stop (and left its
/// completion group again).
/// Ten rounds of 200 animations ended at once (one round alone showed it one time in three).
@Test(arguments: 0..<10) func concurrentFlushesDeliverEachAnimationsEventsOnce(_ round: Int) {
    let clock = CAMediaClock.manual(startingAt: 0)
    CAMediaClock.$current.withValue(clock) {
        let delegate = CountingDelegate()
        let completions = Mutex(0)
        CATransaction.begin()
        CATransaction.setCompletionBlock { completions.withLock { $0 += 1 } }
        let layer = CALayer()
        for i in 0..<200 {
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = 0; a.toValue = 1; a.duration = 1
            a.delegate = delegate
            layer.add(a, forKey: "fade \(i)")
        }
        CATransaction.commit()
        clock.set(5)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            CAMediaClock.$current.withValue(clock) { CATransaction.flush() }
        }
        CATransaction.flush()
        #expect(delegate.starts == 200)
        #expect(delegate.stops == 200)
        #expect(completions.withLock { $0 } == 1)
        #expect(layer.animationKeys() == nil)
    }
}
