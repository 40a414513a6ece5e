import Testing
import UIKit

/// A visible window (headless: no X server needed) on a manual media clock, as the tests of an
/// iOS app would use a window in the simulator.
@MainActor
func withVisibleWindow(size: CGSize = CGSize(width: 320, height: 480),
                       _ body: @MainActor (UIWindow, CAMediaClock) throws -> Void) rethrows {
    try CAMediaClock.withManualClock(startingAt: 100) { clock in
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.makeKeyAndVisible()
        defer { window.isHidden = true }
        try body(window, clock)
    }
}

/// Commits and delivers animation events at the clock's time (one turn of the run loop).
@MainActor
func turn(_ clock: CAMediaClock, advancingBy seconds: TimeInterval = 0) {
    clock.advance(by: seconds)
    CATransaction.flush()
}

/// Runs the main queue's pending blocks (what the next run-loop turn would run).
@MainActor
func drainMainQueue() async {
    await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async { c.resume() }
    }
}
