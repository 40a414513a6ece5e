import Foundation
import Testing
@testable import QuartzCore

// The renderer draws presentation values: what presentation() reports is what the pixels show.

private let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
private let opaqueGreen: UInt32 = 0xFF00_FF00

/// A 200 × 20 root holding a 20 × 20 green square centred at x = 10 and a parent `holder`.
private func scene() -> (root: CALayer, holder: CALayer, square: CALayer) {
    let root = CALayer(), holder = CALayer(), square = CALayer()
    CATransaction.begin(); CATransaction.setDisableActions(true)
    root.bounds = CGRect(x: 0, y: 0, width: 200, height: 20)
    holder.frame = root.bounds
    square.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
    square.position = CGPoint(x: 10, y: 10)
    square.backgroundColor = green
    holder.addSublayer(square)
    root.addSublayer(holder)
    CATransaction.commit()
    return (root, holder, square)
}

private func row(_ root: CALayer, at t: CFTimeInterval, _ xs: [Int]) -> [Bool] {
    let renderer = CARenderer(width: 200, height: 20)
    renderer.threads = 1
    renderer.layer = root
    renderer.beginFrame(atTime: t); renderer.render(); renderer.endFrame()
    return xs.map { renderer.surface[$0, 10] == opaqueGreen }
}

@Test func layerRenderAtHalfTimeShowsTheLayerHalfWay() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let (root, _, square) = scene()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 10.0; move.toValue = 190.0; move.duration = 1
        square.add(move, forKey: "move")
        CATransaction.flush()
        // Half way the square spans x 90…110.
        #expect(row(root, at: 0.5, [89, 90, 109, 110]) == [false, true, true, false])
        clock.set(0.5)
        #expect(square.presentation()?.position.x == 100)
        CATransaction.flush()
    }
}

@Test func layerRenderOfAPausedSubtreeHoldsItsFrame() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let (root, holder, square) = scene()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 10.0; move.toValue = 190.0; move.duration = 1
        square.add(move, forKey: "move")
        CATransaction.flush()
        clock.set(0.25)
        let pausedTime = holder.convertTime(CACurrentMediaTime(), from: nil)
        holder.speed = 0
        holder.timeOffset = pausedTime
        CATransaction.flush()
        // Paused at 0.25: the square spans x 45…65 whatever the time.
        for t in [0.25, 0.75, 4.0] {
            #expect(row(root, at: t, [44, 45, 64, 65]) == [false, true, true, false], "t=\(t)")
        }
        #expect(square.animationKeys() == ["move"])
        CATransaction.flush()
    }
}
