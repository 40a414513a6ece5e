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
