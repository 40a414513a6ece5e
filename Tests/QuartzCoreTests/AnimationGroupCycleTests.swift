import Testing
@testable import QuartzCore

// A CAAnimationGroup containing itself (directly or through a nested group) overflowed the
// stack when added (its copy recursed without end). It is refused with a message.

@Test(.manualClock) func groupContainingItselfIsRefused() {
    let layer = CALayer()
    let direct = CAAnimationGroup()
    direct.animations = [CABasicAnimation(keyPath: "opacity"), direct]
    let outer = CAAnimationGroup(), inner = CAAnimationGroup()
    inner.animations = [outer]
    outer.animations = [CABasicAnimation(keyPath: "opacity"), inner]
    let messages = StrataDiagnostics.capture {
        layer.add(direct, forKey: "direct")
        layer.add(outer, forKey: "nested")
    }
    #expect(messages.count == 2 && messages.allSatisfy { $0.contains("contains itself") }, "\(messages)")
    #expect(layer.animationKeys() == nil)
    direct.animations = nil   // break the cycles so the groups can be freed
    outer.animations = nil
}

@Test(.manualClock) func groupSharingAChildGroupTwiceIsAccepted() {
    let layer = CALayer()
    let shared = CAAnimationGroup()
    shared.animations = [CABasicAnimation(keyPath: "opacity")]
    let group = CAAnimationGroup()
    group.animations = [shared, shared]
    let messages = StrataDiagnostics.capture { layer.add(group, forKey: "g") }
    #expect(messages.isEmpty && layer.animationKeys() == ["g"])
}
