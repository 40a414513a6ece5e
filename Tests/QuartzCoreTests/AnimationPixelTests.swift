import Foundation
import Testing
@testable import QuartzCore
import StrataDemos

// The renderer draws the presentation state at the frame's time: animations move pixels.
// Each test runs on its own manual media clock, so the times are exact.

@Test(.manualClock) func linearPositionAnimationIsHalfWayAtHalfTime() {
    CAMediaClock.withManualClock(startingAt: 100) { clock in
        let root = CALayer()
        let square = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(x: 0, y: 0, width: 320, height: 120)
        root.backgroundColor = CGColor.white
        square.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        square.position = CGPoint(x: 40, y: 60)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(square)
        CATransaction.commit()

        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = NSValue(point: CGPoint(x: 40, y: 60))
        move.toValue = NSValue(point: CGPoint(x: 240, y: 60))
        move.duration = 1
        move.timingFunction = CAMediaTimingFunction(name: .linear)
        square.add(move, forKey: "move")
        CATransaction.flush()                                   // begin time = now = 100
        #expect(square.animation(forKey: "move")?.beginTime == 100)

        // t = begin + 0.5: centre at x = 40 + 0.5·200 = 140, so the square covers x 120…160.
        let image = Golden.render(root, width: 320, height: 120, time: 100.5)
        let red: UInt32 = 0xFFFF_0000, white: UInt32 = 0xFFFF_FFFF
        Golden.expectPixel(image, 140, 60, red, "centre half way")
        Golden.expectPixel(image, 121, 60, red, "left edge at 120")
        Golden.expectPixel(image, 118, 60, white, "left of it")
        Golden.expectPixel(image, 158, 60, red, "right edge at 160")
        Golden.expectPixel(image, 162, 60, white, "right of it")
        Golden.expectPixel(image, 40, 60, white, "the start is empty")
        Golden.expectPixel(image, 240, 60, white, "the end is not reached")
        #expect(square.position == CGPoint(x: 40, y: 60))       // the model never moved
        _ = clock
    }
}

@Test(.manualClock, arguments: BenchmarkScene.Variant.allCases)
func benchmarkAnimationsMatchTheStaticSceneAtTheSameTime(variant: BenchmarkScene.Variant) {
    // 12 layers (cheap in debug) at scene time 1.7 s: the keyframed ellipse (360 chords,
    // error < 0.02 px) and the rotation must put every layer where the closed form does.
    CAMediaClock.withManualClock(startingAt: 50) { _ in
        let t = 1.7
        let animated = BenchmarkScene.make(variant: variant, layerCount: 12, beginTime: 50)
        let frozen = BenchmarkScene.makeStatic(variant: variant, layerCount: 12, time: t)
        let a = Golden.render(animated, width: 1024, height: 768, time: 50 + t)
        let b = Golden.render(frozen, width: 1024, height: 768, time: 50 + t)
        var differing = 0, worst = 0
        for y in 0..<768 {
            for x in 0..<1024 {
                let d = Golden.channelDifference(Golden.pixel(a, x, y), Golden.pixel(b, x, y))
                worst = max(worst, d)
                if d > 3 { differing += 1 }
            }
        }
        #expect(differing <= 1024 * 768 / 200, "\(differing) pixels differ (worst \(worst))")
        // And they are not trivially equal: the layers moved away from their t = 0 places.
        let start = Golden.render(BenchmarkScene.makeStatic(variant: variant, layerCount: 12, time: 0),
                                  width: 1024, height: 768)
        var moved = 0
        for y in stride(from: 0, to: 768, by: 4) {
            for x in stride(from: 0, to: 1024, by: 4) where Golden.pixel(start, x, y) != Golden.pixel(b, x, y) { moved += 1 }
        }
        #expect(moved > 1000)
    }
}

@Test(.manualClock) func benchmarkLayerPositionsFollowTheEllipse() {
    // Layer 3 of 12: phase π/2, lap 9 s. At t = 0: (512, 384 + 280).
    let p0 = BenchmarkScene.position(index: 3, count: 12, time: 0)
    #expect(abs(p0.x - 512) < 1e-9 && abs(p0.y - 664) < 1e-9)
    // At t = 9/4 s a quarter lap later: angle π → (112, 384).
    let p1 = BenchmarkScene.position(index: 3, count: 12, time: 2.25)
    #expect(abs(p1.x - 112) < 1e-9 && abs(p1.y - 384) < 1e-9)
    #expect(BenchmarkScene.turnDuration(index: 7, variant: .twoD) == 6)
    #expect(BenchmarkScene.turnDuration(index: 7, variant: .threeD) == 6)
    #expect(BenchmarkScene.lapDuration(index: 13) == 12)
}

@Test(.manualClock) func cardFlipShowsTheFrontTurningThenTheBack() {
    CAMediaClock.withManualClock(startingAt: 10) { _ in
        let root = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(x: 0, y: 0, width: 320, height: 480)
        root.backgroundColor = CGColor(red: 0x10 / 255.0, green: 0x14 / 255.0, blue: 0x30 / 255.0, alpha: 1)
        let card = CardFlip(viewSize: root.bounds.size)
        root.addSublayer(card.flipView)
        card.flip()
        CATransaction.commit()
        CATransaction.flush()
        // The children span the 1 s group, warped by ease-in-ease-out (0.42, 0, 0.58, 1).
        // At 0.2 s the eased fraction is 0.082: the front has turned by 0.082·π ≈ 15°, still
        // facing us; the back (at π − 15°) faces away and is culled.
        let early = Golden.render(root, width: 320, height: 480, time: 10.2)
        Golden.check(early, named: "card-flip-0.2")
        Golden.expectPixel(early, 160, 240, 0xFF99_6633, "brown front")
        // 125·cos 15° ≈ 121 px wide (perspective adds a little on the near side).
        var width = 0
        for x in 0..<320 where Golden.pixel(early, x, 240) == 0xFF99_6633 { width += 1 }
        #expect(width >= 116 && width <= 124, "front width \(width)")
        // At 0.6 s the eased fraction is 0.66 > 0.5: the front is past edge-on and culled, the
        // back has turned to face us. After the group (1 s, filling forwards) the back stays.
        let late = Golden.render(root, width: 320, height: 480, time: 10.6)
        Golden.expectPixel(late, 160, 240, 0xFF00_FF00, "green back")
        let after = Golden.render(root, width: 320, height: 480, time: 11.5)
        Golden.expectPixel(after, 160, 240, 0xFF00_FF00, "stays flipped")
        Golden.expectPixel(after, 160 - 58, 240, 0xFF00_FF00, "face-on again: full width")
    }
}
