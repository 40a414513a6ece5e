// Apple makes implicit animations only for layers in a tree attached to something that draws,
// and only once they have been committed there.
import QuartzCore
import Testing

@Test func standaloneLayerGetsNoImplicitAnimationButAnswersTheDefaultAction() {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let layer = CALayer()
        layer.opacity = 0
        #expect(layer.animationKeys() == nil)
        CATransaction.flush()
        layer.opacity = 0.5
        CATransaction.flush()
        #expect(layer.animationKeys() == nil)
        #expect(layer.presentation()?.opacity == 0.5)
        // The action lookup itself is unchanged.
        let action = layer.action(forKey: "opacity") as? CABasicAnimation
        #expect(action?.keyPath == "opacity")
    }
}

@Test func attachedAndCommittedLayersAnimateImplicitly() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let root = CALayer(), child = CALayer()
        root.addSublayer(child)
        let renderer = CARenderer(width: 4, height: 4)
        renderer.layer = root
        // Not yet committed in the attached tree: no animation.
        child.opacity = 0.5
        #expect(child.animationKeys() == nil)
        CATransaction.flush()
        child.opacity = 0
        CATransaction.flush()
        #expect(child.animationKeys() == ["opacity"])
        clock.set(0.125)
        #expect(child.presentation()?.opacity == 0.25)   // linear default 0.25 s from 0.5 to 0
        // A layer joining the attached tree animates only after its first commit there.
        let late = CALayer()
        root.addSublayer(late)
        late.opacity = 0.5
        #expect(late.animationKeys() == nil)
        CATransaction.flush()
        late.opacity = 0
        #expect(late.animationKeys() == ["opacity"])
        // Detached again: no more implicit animations.
        renderer.layer = nil
        CATransaction.flush()
        child.position = CGPoint(x: 5, y: 5)
        #expect(child.animation(forKey: "position") == nil)
        withExtendedLifetime(renderer) {}
    }
}

@Test func aTreeCommittedBeforeItIsAttachedAnimatesAtOnce() {
    // A window commits its tree, then hands it to its renderer: no further commit is needed.
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let root = CALayer(), child = CALayer()
        CATransaction.begin()
        root.addSublayer(child)
        CATransaction.commit()
        let renderer = CARenderer(width: 2, height: 2)
        renderer.layer = root
        child.opacity = 0
        #expect(child.animationKeys() == ["opacity"])
        withExtendedLifetime(renderer) {}
    }
}
