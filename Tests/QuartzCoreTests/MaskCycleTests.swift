import Testing
@testable import QuartzCore

// Mask links took no part in the cycle check: `l.mask = m; m.mask = l`, or a mask holding the
// masked layer or one of its ancestors, were accepted and the first commit spun forever. They
// are refused at the setter with a message, as sublayer cycles are; and a layer that becomes a
// mask leaves its superlayer or the layer it masked (and the other way round), as on Apple.

private func layer(_ name: String) -> CALayer {
    let l = CALayer()
    l.name = name
    l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    l.position = CGPoint(x: 5, y: 5)
    l.backgroundColor = CGColor.white
    return l
}

/// Commits and renders `root` (both must finish).
private func drawn(_ root: CALayer) -> CGImage {
    CATransaction.flush()
    return Golden.render(root, width: 12, height: 12)
}

@Test(.manualClock) func twoLayersCannotMaskEachOther() {
    let root = layer("root"), l = layer("l"), m = layer("m")
    root.addSublayer(l)
    let messages = StrataDiagnostics.capture {
        l.mask = m
        m.mask = l
    }
    #expect(messages.count == 1 && messages[0].contains("mask unchanged"), "\(messages)")
    #expect(l.mask === m && m.mask == nil && l.superlayer === root)
    _ = drawn(root)
}

@Test(.manualClock) func aMaskCannotHoldTheMaskedLayerOrItsAncestor() {
    let root = layer("root"), p = layer("p"), l = layer("l"), m = layer("m")
    root.addSublayer(p)
    p.addSublayer(l)
    m.addSublayer(p)            // p leaves root: m → p → l
    let messages = StrataDiagnostics.capture {
        l.mask = m              // m holds l's ancestor
        p.mask = m              // m holds p itself
    }
    #expect(messages.count == 2, "\(messages)")
    #expect(l.mask == nil && p.mask == nil && p.superlayer === m)
    _ = drawn(m)
}

@Test(.manualClock) func aMaskCannotAdoptTheLayerItMasksOrItsAncestors() {
    let root = layer("root"), p = layer("p"), l = layer("l"), m = layer("m"), inner = layer("inner")
    root.addSublayer(p)
    p.addSublayer(l)
    l.mask = m
    m.addSublayer(inner)
    let messages = StrataDiagnostics.capture {
        m.addSublayer(l)
        inner.addSublayer(p)
        m.sublayers = [inner, root]
        inner.mask = l
    }
    #expect(messages.count == 4, "\(messages)")
    #expect(l.superlayer === p && p.superlayer === root && m.sublayers?.count == 1 && inner.mask == nil)
    _ = drawn(root)
}

@Test(.manualClock) func aLayerBecomingAMaskLeavesItsSuperlayerOrItsOldOwner() {
    let root = layer("root"), a = layer("a"), b = layer("b"), m = layer("m")
    root.sublayers = [a, b, m]
    a.mask = m
    #expect(m.superlayer == nil && root.sublayers?.count == 2 && a.mask === m)
    b.mask = m
    #expect(a.mask == nil && b.mask === m)
    root.addSublayer(m)
    #expect(b.mask == nil && m.superlayer === root)
    b.mask = m
    #expect(b.mask === m && m.superlayer == nil)
    b.mask = m                  // the same mask again changes nothing
    #expect(b.mask === m)
    b.mask = nil
    #expect(b.mask == nil && m.superlayer == nil)
    _ = drawn(root)
}
