import Foundation
import Testing
@testable import QuartzCore

// A window sleeps while nothing can change with time. An animation frozen by its own `speed` 0
// at a `timeOffset` (how a paused or scrubbed UIViewPropertyAnimator shows its views) shows one
// value for ever: a bottom-sheet app's idle window prepared 60 frames a second (3 % of a core)
// while its header animator stayed paused at the end.

/// A 20 × 20 root with a 10 × 10 layer whose opacity is animated 1 → 0 over 1 s by `configure`.
private func scene(_ configure: (CABasicAnimation) -> Void) -> (root: CALayer, renderer: CARenderer) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
    root.backgroundColor = CGColor(gray: 0, alpha: 1)
    let layer = CALayer()
    layer.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
    layer.backgroundColor = CGColor(gray: 1, alpha: 1)
    root.addSublayer(layer)
    CATransaction.commit()
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 1
    fade.toValue = 0
    fade.duration = 1
    fade.fillMode = .both
    fade.isRemovedOnCompletion = false
    configure(fade)
    layer.add(fade, forKey: "fade")
    let renderer = CARenderer(width: 20, height: 20)
    renderer.layer = root
    CATransaction.flush()
    return (root, renderer)
}

/// Frozen at 0.25 s of its 1 s: no next frame, and a frame an hour later draws nothing new.
@Test(.manualClock) func anAnimationFrozenByItsOwnSpeedLetsTheRendererSleep() {
    let (root, renderer) = scene { $0.speed = 0; $0.timeOffset = 0.25 }
    CAMediaClock.current.set(2)
    renderer.beginFrame(atTime: 2); renderer.render(); renderer.endFrame()
    #expect(renderer.nextFrameTime() == .infinity)
    #expect(abs((root.sublayers?[0].presentation()?.opacity ?? -1) - 0.75) < 1e-6)
    CAMediaClock.current.set(3600)
    renderer.beginFrame(atTime: 3600); renderer.render(); renderer.endFrame()
    #expect(!renderer.lastFrameStatistics.didDraw)
    #expect(abs((root.sublayers?[0].presentation()?.opacity ?? -1) - 0.75) < 1e-6)
}

/// The same animation running (speed 1) wants the next frame now until it ends.
@Test(.manualClock) func aRunningAnimationKeepsTheRendererAwakeUntilItEnds() {
    let (_, renderer) = scene { _ in }
    CAMediaClock.current.set(0.5)
    #expect(renderer.nextFrameTime() == 0.5)
}
