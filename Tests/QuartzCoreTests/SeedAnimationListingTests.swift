import Foundation
import Testing
@testable import QuartzCore

// The animation listings of seeds 000, 002 and 003, ported to Swift against CALayer and checked
// through presentation() on a manual clock. Expected values were computed independently (bisection
// on the timing Béziers, arc length by 200,000-step polyline) and are listed next to each check.

private func near(_ a: CGFloat?, _ b: CGFloat, _ tol: CGFloat = 1e-6) -> Bool { a.map { abs($0 - b) <= tol } ?? false }
private func near(_ a: CGPoint?, _ b: CGPoint, _ tol: CGFloat = 1e-6) -> Bool {
    a.map { abs($0.x - b.x) <= tol && abs($0.y - b.y) <= tol } ?? false
}
private func near(_ a: CGSize?, _ b: CGSize, _ tol: CGFloat = 1e-6) -> Bool {
    a.map { abs($0.width - b.width) <= tol && abs($0.height - b.height) <= tol } ?? false
}

private final class StopRecorder: CAAnimationDelegate, @unchecked Sendable {
    var stops: [Bool] = []
    var starts = 0
    func animationDidStart(_ anim: CAAnimation) { starts += 1 }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops.append(flag) }
}

/// Seed 000 "Pop-in animation": bounds.size keyframes 0 → overshoot → undershoot → target at key
/// times 0, 0.5, 0.9, 1 with easeOut / easeInEaseOut / easeInEaseOut, filled forwards and kept.
/// No duration is set, so it runs for the transaction's 0.25 s.
@Test func seedPopInKeyframesOvershootThenSettle() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let layer = CALayer()
        let targetSize = CGSize(width: 100, height: 50)
        let overshoot: CGFloat = 0.1   // POPINOVERSHOOTPERCENTAGE
        CATransaction.begin(); CATransaction.setDisableActions(true)
        layer.bounds = CGRect(origin: .zero, size: targetSize)
        CATransaction.commit()

        let boundsOvershootAnimation = CAKeyframeAnimation(keyPath: "bounds.size")
        let startingSize = CGSize.zero
        let overshootSize = CGSize(width: targetSize.width * (1 + overshoot), height: targetSize.height * (1 + overshoot))
        let undershootSize = CGSize(width: targetSize.width * (1 - overshoot), height: targetSize.height * (1 - overshoot))
        boundsOvershootAnimation.values = [NSValue(size: startingSize), NSValue(size: overshootSize),
                                           NSValue(size: undershootSize), NSValue(size: targetSize)]
        boundsOvershootAnimation.keyTimes = [NSNumber(value: Float(0)), NSNumber(value: Float(0.5)),
                                             NSNumber(value: Float(0.9)), NSNumber(value: Float(1))]
        boundsOvershootAnimation.timingFunctions = [CAMediaTimingFunction(name: .easeOut),
                                                    CAMediaTimingFunction(name: .easeInEaseOut),
                                                    CAMediaTimingFunction(name: .easeInEaseOut)]
        boundsOvershootAnimation.fillMode = .forwards
        boundsOvershootAnimation.isRemovedOnCompletion = false
        layer.add(boundsOvershootAnimation, forKey: "popIn")
        CATransaction.flush()
        #expect(layer.animation(forKey: "popIn")?.duration == 0.25)

        let rows: [(t: CFTimeInterval, size: CGSize)] = [
            (0, .zero),
            // key time 0.25 = half of segment 0 under easeOut: easeOut(0.5) = 0.684643187
            (0.0625, CGSize(width: 110 * 0.684643187, height: 55 * 0.684643187)),
            (0.125, overshootSize),                              // key time 0.5
            (0.175, CGSize(width: 100, height: 50)),             // key time 0.7: half way 110 → 90
            (0.225, undershootSize),                             // key time 0.9
            (0.25, targetSize),
            (1.0, targetSize),                                   // filled forwards, not removed
        ]
        for row in rows {
            clock.set(row.t)
            CATransaction.flush()
            let size = layer.presentation()?.bounds.size
            #expect(near(size, row.size, 1e-4), "t=\(row.t): \(String(describing: size))")
        }
        #expect(layer.animationKeys() == ["popIn"])
        #expect(layer.bounds.size == targetSize)   // the model never changed
    }
}

/// Seed 000 "Animation along a path": paced along one cubic from the current position to
/// (+100, −50), filled forwards and kept.
@Test func seedPathAnimationIsPacedAlongTheCurve() {
    CAMediaClock.withManualClock(startingAt: 5) { clock in
        let layer = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        layer.position = CGPoint(x: 50, y: 200)
        CATransaction.commit()

        let pathAnimation = CAKeyframeAnimation(keyPath: "position")
        pathAnimation.duration = 1.0
        pathAnimation.calculationMode = .paced
        let currentPosition = layer.position
        let endPoint = CGPoint(x: currentPosition.x + 100, y: currentPosition.y - 50)
        let curvedPath = CGMutablePath()
        curvedPath.move(to: currentPosition)
        curvedPath.addCurve(to: endPoint, control1: CGPoint(x: endPoint.x, y: currentPosition.y),
                            control2: CGPoint(x: endPoint.x, y: currentPosition.y))
        pathAnimation.path = curvedPath
        pathAnimation.fillMode = .forwards
        pathAnimation.isRemovedOnCompletion = false
        layer.add(pathAnimation, forKey: "animateMovementUsingPath")
        CATransaction.flush()

        // Points at 25/50/75 % of the arc length (136.354 long).
        let rows: [(t: CFTimeInterval, p: CGPoint, tol: CGFloat)] = [
            (5.0, CGPoint(x: 50, y: 200), 1e-9),
            (5.25, CGPoint(x: 84.0884, y: 199.8908), 0.25),
            (5.5, CGPoint(x: 118.1325, y: 198.4079), 0.25),
            (5.75, CGPoint(x: 146.9436, y: 183.7638), 0.25),
            (6.0, endPoint, 1e-9),
            (7.0, endPoint, 1e-9),
        ]
        for row in rows {
            clock.set(row.t)
            CATransaction.flush()
            let p = layer.presentation()?.position
            #expect(near(p, row.p, row.tol), "t=\(row.t): \(String(describing: p))")
        }
        #expect(layer.position == currentPosition)
        #expect(layer.animationKeys() == ["animateMovementUsingPath"])
    }
}

/// Seed 000 "Grouping animations": fade to 0.3, paced path and resize in a 0.7 s group, filled
/// forwards and kept; the group's delegate hears the end once, with `finished` true.
@Test func seedFadePathResizeGroupEndsHeldWithOneCallback() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let superlayer = CALayer()
        let imageLayer = CALayer()
        let imageFrame = CGRect(x: 0, y: 0, width: 80, height: 60)
        let viewOrigin = CGPoint(x: 10 + imageFrame.width / 2, y: 20 + imageFrame.height / 2)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        imageLayer.opacity = 1
        imageLayer.frame = imageFrame
        imageLayer.position = viewOrigin
        superlayer.addSublayer(imageLayer)
        CATransaction.commit()

        let fadeOutAnimation = CABasicAnimation(keyPath: "opacity")
        fadeOutAnimation.toValue = NSNumber(value: Float(0.3))
        fadeOutAnimation.fillMode = .forwards
        fadeOutAnimation.isRemovedOnCompletion = false
        let resizeAnimation = CABasicAnimation(keyPath: "bounds.size")
        let endSize = CGSize(width: 40, height: imageFrame.height * (40 / imageFrame.width))
        resizeAnimation.toValue = NSValue(size: endSize)
        resizeAnimation.fillMode = .forwards
        resizeAnimation.isRemovedOnCompletion = false
        let pathAnimation = CAKeyframeAnimation(keyPath: "position")
        pathAnimation.calculationMode = .paced
        pathAnimation.fillMode = .forwards
        pathAnimation.isRemovedOnCompletion = false
        let endPoint = CGPoint(x: 480 - 30, y: 40)
        let curvedPath = CGMutablePath()
        curvedPath.move(to: viewOrigin)
        curvedPath.addCurve(to: endPoint, control1: CGPoint(x: endPoint.x, y: viewOrigin.y),
                            control2: CGPoint(x: endPoint.x, y: viewOrigin.y))
        pathAnimation.path = curvedPath

        let group = CAAnimationGroup()
        group.fillMode = .forwards
        group.isRemovedOnCompletion = false
        group.animations = [fadeOutAnimation, pathAnimation, resizeAnimation]
        group.duration = 0.7
        let recorder = StopRecorder()
        group.delegate = recorder
        group.setValue(imageLayer, forKey: "imageViewBeingAnimated")
        imageLayer.add(group, forKey: "savingAnimation")
        CATransaction.flush()

        // Children without a duration span the group's 0.7 s: half way at 0.35 s.
        clock.set(0.35); CATransaction.flush()
        let mid = imageLayer.presentation()
        #expect(near(mid.map { CGFloat($0.opacity) }, 0.65, 1e-6))
        #expect(near(mid?.bounds.size, CGSize(width: 60, height: 45)))
        #expect(recorder.starts == 1 && recorder.stops.isEmpty)

        clock.set(0.7); CATransaction.flush()
        #expect(recorder.stops.isEmpty)           // the closed active interval ends at 0.7 inclusive
        clock.set(0.75); CATransaction.flush()
        #expect(recorder.stops == [true])
        for t in [0.75, 2.0] {
            clock.set(t); CATransaction.flush()
            let end = imageLayer.presentation()
            #expect(near(end.map { CGFloat($0.opacity) }, 0.3, 1e-6))
            #expect(near(end?.position, endPoint, 1e-9))
            #expect(near(end?.bounds.size, endSize))
        }
        #expect(recorder.stops == [true])
        #expect(imageLayer.animationKeys() == ["savingAnimation"])
        #expect(imageLayer.animation(forKey: "savingAnimation")?.value(forKey: "imageViewBeingAnimated") as? CALayer === imageLayer)
        #expect(imageLayer.opacity == 1 && imageLayer.position == viewOrigin)
    }
}

/// Seed 003: the card flip. Two groups (rotation.y and an autoreversing scale) eased
/// easeInEaseOut, filled forwards and kept; the top card's delegate hears the end.
@Test func seedCardFlipGroupsHoldTheFlippedState() {
    func flipAnimation(duration: CFTimeInterval, beginsOnTop: Bool, scaleFactor: CGFloat) -> CAAnimation {
        let flipAnimation = CABasicAnimation(keyPath: "transform.rotation.y")
        let startValue: CGFloat = beginsOnTop ? 0 : .pi
        let endValue: CGFloat = beginsOnTop ? -.pi : 0
        flipAnimation.fromValue = NSNumber(value: Double(startValue))
        flipAnimation.toValue = NSNumber(value: Double(endValue))
        let shrinkAnimation = CABasicAnimation(keyPath: "transform.scale")
        shrinkAnimation.toValue = NSNumber(value: Double(scaleFactor))
        shrinkAnimation.duration = duration * 0.5
        shrinkAnimation.autoreverses = true
        let animationGroup = CAAnimationGroup()
        animationGroup.animations = [flipAnimation, shrinkAnimation]
        animationGroup.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        animationGroup.duration = duration
        animationGroup.fillMode = .forwards
        animationGroup.isRemovedOnCompletion = false
        return animationGroup
    }
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let flipView = CALayer()
        let topLayer = CALayer(), bottomLayer = CALayer()
        for l in [topLayer, bottomLayer] {
            l.isDoubleSided = false
            l.frame = CGRect(x: 0, y: 0, width: 125, height: 125)
            l.position = CGPoint(x: 160, y: 240)
        }
        flipView.addSublayer(bottomLayer)
        flipView.addSublayer(topLayer)
        CATransaction.flush()

        let topAnimation = flipAnimation(duration: 1, beginsOnTop: true, scaleFactor: 0.8)
        let bottomAnimation = flipAnimation(duration: 1, beginsOnTop: false, scaleFactor: 0.8)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 1500
        let recorder = StopRecorder()
        topAnimation.delegate = recorder
        CATransaction.begin()
        CATransaction.setDisableActions(true)   // the seed's layers are UIView-backed: no implicit actions
        topLayer.transform = perspective
        bottomLayer.transform = perspective
        topLayer.add(topAnimation, forKey: "flip")
        bottomLayer.add(bottomAnimation, forKey: "flip")
        CATransaction.commit()

        // t = 0.25: easeInEaseOut(0.25) = 0.129161931 → rotation −0.129161931·π (top) and
        // π·(1 − 0.129161931) (bottom); scale child at 0.129161931 s of its 0.5 s pass.
        clock.set(0.25); CATransaction.flush()
        let e = 0.129161931
        let top = topLayer.presentation()!, bottom = bottomLayer.presentation()!
        #expect(near(top.value(forKeyPath: "transform.rotation.y") as? CGFloat, -e * .pi, 1e-6))
        #expect(near(top.value(forKeyPath: "transform.scale.x") as? CGFloat, 1 - 0.2 * (e / 0.5), 1e-6))
        // The bottom card is back-facing: its Euler angle reads as π − θ, so check the matrix.
        #expect(near(bottom.transform.m11 as CGFloat, CGFloat(cos(.pi * (1 - e))) * (1 - 0.2 * (e / 0.5)), 1e-6))
        // t = 0.5: edge-on, scale at its minimum 0.8.
        clock.set(0.5); CATransaction.flush()
        #expect(near(topLayer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat, 0.8, 1e-6))
        #expect(near(topLayer.presentation()?.transform.m11, 0, 1e-6))
        // After the end: top turned through −π (facing away), bottom facing us, both held.
        for t in [1.0, 1.5, 3.0] {
            clock.set(t); CATransaction.flush()
            let top = topLayer.presentation()!, bottom = bottomLayer.presentation()!
            #expect(near(top.transform.m11, -1, 1e-9) && near(top.transform.m33, -1, 1e-9))
            #expect(near(bottom.transform.m11, 1, 1e-9) && near(bottom.transform.m33, 1, 1e-9))
            #expect(near(bottom.transform.m34, -1 / 1500, 1e-12))
        }
        #expect(recorder.stops == [true])
        #expect(topLayer.animationKeys() == ["flip"] && bottomLayer.animationKeys() == ["flip"])
        #expect(topLayer.transform == perspective)
    }
}

/// Seed 000 "full rotations": transform.rotation.z to 2π, cumulative, repeated twice, eased out:
/// the layer spins twice (4π in total) and then returns to its model transform.
@Test func seedCumulativeRotationSpinsTwice() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let layer = CALayer()
        CATransaction.flush()
        let rotations = 1.0, duration = 1.0
        let rotationAnimation = CABasicAnimation(keyPath: "transform.rotation.z")
        rotationAnimation.toValue = NSNumber(value: Float(Double.pi * 2.0 * rotations))
        rotationAnimation.duration = duration
        rotationAnimation.isCumulative = true
        rotationAnimation.repeatCount = 2
        rotationAnimation.timingFunction = CAMediaTimingFunction(name: .easeOut)
        layer.add(rotationAnimation, forKey: "rotationAnimation")
        CATransaction.flush()

        // Unwrap the angle frame by frame at 60 fps: the total turn is 4π.
        var total = 0.0
        var last = 0.0
        for frame in 1...120 {
            clock.set(Double(frame) / 60)
            let m = layer.presentation()!.transform
            let angle = atan2(Double(m.m12), Double(m.m11))
            var delta = angle - last
            if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
            #expect(delta >= -1e-9, "frame \(frame) turned backwards")
            total += delta
            last = angle
        }
        #expect(abs(total - 4 * .pi) < 1e-4)
        // Mid second turn: 2π + 2π·easeOut(0.5) = 2π·1.684643187.
        clock.set(1.5)
        let angle = layer.presentation()!.value(forKeyPath: "transform.rotation.z") as? CGFloat
        let expected = remainder(2 * .pi * 1.684643187, 2 * .pi)
        #expect(near(angle, CGFloat(expected), 1e-5))
        clock.set(2.1); CATransaction.flush()
        #expect(layer.animationKeys() == nil)
        #expect(layer.presentation()!.transform == CATransform3DIdentity)
    }
}

/// Seed 002: a completion block declared before the implicit changes runs once they have all
/// finished, and may itself change the tree with actions disabled.
@Test func seedTransactionCompletionBlockRemovesTheLayer() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        // Test threads have no run loop: commit whatever an earlier test on this thread left in
        // an implicit transaction, so the completion block below belongs to a fresh one.
        CATransaction.flush()
        let parent = CALayer(), layer = CALayer()
        attachToRenderer(parent)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        parent.addSublayer(layer)
        layer.position = CGPoint(x: 10, y: 30)
        CATransaction.commit()

        var ran = 0
        CATransaction.setCompletionBlock {
            ran += 1
            CATransaction.setDisableActions(true)
            layer.removeFromSuperlayer()
        }
        layer.opacity = 0
        layer.position = CGPoint(x: 2000, y: layer.position.y)
        CATransaction.flush()
        #expect(layer.animationKeys() == ["opacity", "position"])

        clock.set(0.125); CATransaction.flush()
        #expect(near(layer.presentation()?.position.x, 1005, 1e-9))   // 10 + 1990 · 0.5 (linear: no timing set)
        #expect(ran == 0 && layer.superlayer === parent)
        clock.set(0.3); CATransaction.flush()
        #expect(ran == 1 && layer.superlayer == nil)
        clock.set(1); CATransaction.flush()
        #expect(ran == 1)
    }
}

/// Seed 002: an explicit animation added under the property's key replaces the implicit one the
/// model change started.
@Test func seedExplicitAnimationUnderThePropertyKeyReplacesTheImplicitOne() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let layer = CALayer()
        CATransaction.flush()
        let startPosition = CGPoint(x: 0, y: 0), toPosition = CGPoint(x: 0, y: 100)
        layer.position = toPosition
        let drop = CABasicAnimation(keyPath: "position.y")
        drop.fromValue = NSNumber(value: Double(startPosition.y))
        drop.toValue = NSNumber(value: Double(toPosition.y))
        drop.duration = 5
        layer.add(drop, forKey: "position")
        CATransaction.flush()
        #expect(layer.animationKeys() == ["position"])
        #expect(layer.animation(forKey: "position")?.duration == 5)
        clock.set(1); CATransaction.flush()
        #expect(near(layer.presentation()?.position.y, 20, 1e-9))
    }
}
