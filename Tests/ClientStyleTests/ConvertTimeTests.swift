// convertTime(_:from:) / convertTime(_:to:) go through every ancestor's beginTime, speed and
// timeOffset: t_local = (t_parent − beginTime) · speed + timeOffset, nil meaning global time.
import QuartzCore
import Testing

@Test func convertTimeThroughASpedUpAndAPausedAncestor() {
    let root = CALayer(), paused = CALayer(), leaf = CALayer(), fast = CALayer()
    root.addSublayer(paused)
    paused.addSublayer(leaf)
    root.addSublayer(fast)
    root.speed = 2
    root.beginTime = 1
    // Apple's pause recipe: speed 0, timeOffset = the time it was paused at.
    paused.speed = 0
    paused.timeOffset = 5
    leaf.speed = 0.5
    leaf.timeOffset = 1
    fast.speed = 3
    fast.beginTime = 4

    // Global 10 → root 18 → paused 5 (whatever the time) → leaf 3.5.
    #expect(root.convertTime(10, from: nil) == 18)
    #expect(leaf.convertTime(10, from: nil) == 3.5)
    #expect(leaf.convertTime(1000, from: nil) == 3.5)
    #expect(leaf.convertTime(18, from: root) == 3.5)
    // Global 10 → root 18 → fast (18 − 4) · 3 = 42; and back.
    #expect(fast.convertTime(10, from: nil) == 42)
    #expect(fast.convertTime(42, to: nil) == 10)
    #expect(root.convertTime(42, from: fast) == 18)
    #expect(fast.convertTime(18, from: root) == 42)
    #expect(root.convertTime(18, to: nil) == 10)
    // Between siblings' subtrees: fast's 42 is global 10, which the leaf sees as 3.5.
    #expect(fast.convertTime(42, to: leaf) == 3.5)
}

@Test func convertTimeToAPlainChildIsTheIdentity() {
    let layer = CALayer(), child = CALayer()
    layer.addSublayer(child)
    #expect(layer.convertTime(3, to: child) == 3)
    #expect(layer.convertTime(3, from: child) == 3)
    #expect(child.convertTime(3, from: layer) == 3)
    #expect(layer.convertTime(3, to: layer) == 3)
    // Whatever the parent's own clock does: the child's time is the parent's, exactly (a round
    // trip through global time gives 2.9999999999999996 with these values).
    layer.speed = 3.3
    layer.beginTime = 0.7
    layer.timeOffset = 0.1
    #expect(layer.convertTime(3, to: child) == 3)
    #expect(child.convertTime(3, to: layer) == 3)
}

@Test func convertTimeBetweenLayersUnderAPausedAncestor() {
    // Apple's pause recipe on the common ancestor must not lose the time between its
    // descendants: each level is t_local = (t_parent − beginTime) · speed + timeOffset.
    let root = CALayer(), paused = CALayer(), a = CALayer(), b = CALayer(), deep = CALayer()
    root.addSublayer(paused)
    paused.addSublayer(a)
    paused.addSublayer(b)
    b.addSublayer(deep)
    paused.speed = 0
    paused.timeOffset = 7
    a.speed = 2
    a.beginTime = 1          // a = (p − 1) · 2
    b.timeOffset = 10        // b = p + 10
    deep.speed = 4
    deep.beginTime = 2       // deep = (b − 2) · 4

    // Siblings: a 6 → p 4 → b 14.
    #expect(a.convertTime(6, to: b) == 14)
    #expect(b.convertTime(14, to: a) == 6)
    #expect(b.convertTime(6, from: a) == 14)
    // Descendant of a sibling: b 14 → deep 48; and back up to a.
    #expect(a.convertTime(6, to: deep) == 48)
    #expect(deep.convertTime(48, to: a) == 6)
    // Ancestor ↔ descendant inside the paused branch.
    #expect(paused.convertTime(4, to: deep) == 48)
    #expect(deep.convertTime(48, to: paused) == 4)
    // Through the pause itself (to the root or global time) every time is the paused moment.
    #expect(a.convertTime(1000, from: root) == 12)
    #expect(a.convertTime(-5, from: nil) == 12)
}

@Test func convertTimeBetweenTwoTreesGoesThroughGlobalTime() {
    let first = CALayer(), second = CALayer()
    first.speed = 2                 // first = 2g
    second.beginTime = 1            // second = g − 1
    #expect(first.convertTime(8, to: second) == 3)
    #expect(second.convertTime(3, to: first) == 8)
    #expect(first.convertTime(8, to: nil) == 4)
}

@Test func convertTimeWithHostileTimesNeverTraps() {
    let root = CALayer(), child = CALayer()
    root.addSublayer(child)
    root.speed = 0
    #expect(root.convertTime(.nan, to: child).isNaN)
    #expect(child.convertTime(.infinity, to: root) == .infinity)
    #expect(child.convertTime(3, from: nil) == 0)   // paused at timeOffset 0
    child.speed = 0
    #expect(child.convertTime(3, to: nil) == 0)     // a stopped clock maps to its begin time
}
