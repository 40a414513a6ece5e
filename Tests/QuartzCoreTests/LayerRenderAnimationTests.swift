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

/// Seed 003 rendered: the brown card faces us first; once the flip passes edge-on the brown card
/// is back-facing (hidden, `isDoubleSided = false`) and the green one shows, and stays.
@Test func layerRenderOfTheCardFlipSeedSwapsTheCards() {
    func flip(beginsOnTop: Bool) -> CAAnimation {
        let rotation = CABasicAnimation(keyPath: "transform.rotation.y")
        rotation.fromValue = NSNumber(value: beginsOnTop ? 0.0 : Double.pi)
        rotation.toValue = NSNumber(value: beginsOnTop ? -Double.pi : 0.0)
        let shrink = CABasicAnimation(keyPath: "transform.scale")
        shrink.toValue = NSNumber(value: 0.8)
        shrink.duration = 0.5
        shrink.autoreverses = true
        let group = CAAnimationGroup()
        group.animations = [rotation, shrink]
        group.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        group.duration = 1
        group.fillMode = .forwards
        group.isRemovedOnCompletion = false
        return group
    }
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let brown = CGColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
        let root = CALayer(), top = CALayer(), bottom = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        for (l, c) in [(bottom, green), (top, brown)] {
            l.isDoubleSided = false
            l.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            l.backgroundColor = c
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 1500
            l.transform = perspective
            root.addSublayer(l)
        }
        CATransaction.commit()
        CATransaction.begin()
        top.add(flip(beginsOnTop: true), forKey: "flip")
        bottom.add(flip(beginsOnTop: false), forKey: "flip")
        CATransaction.commit()
        let renderer = CARenderer(width: 200, height: 200)
        renderer.threads = 1
        renderer.layer = root
        func centre(at t: CFTimeInterval) -> UInt32 {
            renderer.beginFrame(atTime: t); renderer.render(); renderer.endFrame()
            return renderer.surface[100, 100]
        }
        #expect(centre(at: 0.25) == 0xFF99_6633)
        #expect(centre(at: 0.75) == opaqueGreen)
        #expect(centre(at: 5) == opaqueGreen)
        CATransaction.flush()
    }
}
