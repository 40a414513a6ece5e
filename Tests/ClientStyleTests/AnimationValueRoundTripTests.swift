// An animation added to a layer is copied, and its values come back as they were set.
import QuartzCore
import Testing

@Test func addedAnimationIsACopyWithTheValuesAsSet() throws {
    let layer = CALayer()
    let move = CABasicAnimation(keyPath: "position")
    move.fromValue = CGPoint(x: 0, y: 0)
    move.toValue = NSValue(cgPoint: CGPoint(x: 10, y: 20))
    move.byValue = nil
    layer.add(move, forKey: "move")
    let added = try #require(layer.animation(forKey: "move") as? CABasicAnimation)
    #expect(added !== move)
    #expect(added.fromValue as? CGPoint == CGPoint(x: 0, y: 0))
    #expect(added.toValue as? CGPoint == CGPoint(x: 10, y: 20))
    #expect(added.toValue is NSValue)
    // Changing the original afterwards does not touch the layer's copy.
    move.toValue = CGPoint(x: 99, y: 99)
    #expect(added.toValue as? CGPoint == CGPoint(x: 10, y: 20))

    let spin = CAKeyframeAnimation(keyPath: "transform")
    spin.values = [CATransform3DIdentity, NSValue(caTransform3D: CATransform3DMakeRotation(1, 0, 0, 1))]
    layer.add(spin, forKey: "spin")
    let spinCopy = try #require(layer.animation(forKey: "spin") as? CAKeyframeAnimation)
    #expect(spinCopy.values?.count == 2)
    #expect(spinCopy.values?[1] as? CATransform3D == CATransform3DMakeRotation(1, 0, 0, 1))
    #expect(spinCopy.values?[0] as? CATransform3D == CATransform3DIdentity)
}

@Test func boxedTransformValuesAnimate() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let layer = CALayer()
        let grow = CABasicAnimation(keyPath: "transform")
        grow.fromValue = NSValue(caTransform3D: CATransform3DMakeScale(1, 1, 1))
        grow.toValue = NSValue(caTransform3D: CATransform3DMakeScale(3, 3, 1))
        grow.duration = 1
        layer.add(grow, forKey: "grow")
        CATransaction.flush()
        clock.set(0.5)
        #expect(layer.presentation()?.transform.m11 == 2)
    }
}

@Test func animationPropertiesByKeyValueCoding() {
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.duration = 2
    fade.toValue = 0.5
    fade.setValue(3, forKey: "repeatCount")
    #expect(fade.repeatCount == 3)
    #expect(fade.value(forKey: "duration") as? Double == 2)
    #expect(fade.value(forKey: "duration") as? NSNumber == NSNumber(value: 2.0))
    #expect(fade.value(forKey: "keyPath") as? String == "opacity")
    #expect(fade.value(forKey: "toValue") as? Double == 0.5)
    #expect(fade.value(forKey: "removedOnCompletion") as? Bool == true)
    fade.setValue("tag", forKey: "name")
    #expect(fade.value(forKey: "name") as? String == "tag")
    #expect(CABasicAnimation.defaultValue(forKey: "speed") as? Float == 1)
}
