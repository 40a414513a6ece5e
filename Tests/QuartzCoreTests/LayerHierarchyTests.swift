import Testing
@testable import QuartzCore

@Test func insertAndRemoveKeepOrder() {
    let p = CALayer(), a = CALayer(), b = CALayer(), c = CALayer(), d = CALayer()
    p.addSublayer(a)
    p.addSublayer(c)
    p.insertSublayer(b, above: a)
    p.insertSublayer(d, below: a)
    #expect(p.sublayers! == [d, a, b, c])
    p.insertSublayer(c, at: 0)
    #expect(p.sublayers! == [c, d, a, b])
    let e = CALayer()
    p.replaceSublayer(d, with: e)
    #expect(p.sublayers! == [c, e, a, b])
    #expect(d.superlayer == nil && e.superlayer === p)
    a.removeFromSuperlayer()
    #expect(p.sublayers! == [c, e, b])
    p.insertSublayer(a, at: 99)
    #expect(p.sublayers!.last === a)
}

@Test func addingALayerWithAParentMovesIt() {
    let p1 = CALayer(), p2 = CALayer(), x = CALayer()
    p1.addSublayer(x)
    p2.addSublayer(x)
    #expect(p1.sublayers == nil)
    #expect(p2.sublayers! == [x] && x.superlayer === p2)
}

@Test func cyclesAreRefused() {
    let a = CALayer(), b = CALayer(), c = CALayer()
    a.addSublayer(b)
    b.addSublayer(c)
    c.addSublayer(a)        // a is c's ancestor
    a.addSublayer(a)
    #expect(a.superlayer == nil && c.sublayers == nil && a.sublayers! == [b])
    c.mask = a
    #expect(c.mask == nil)
}

@Test func tenThousandLevelsDeep() {
    // Structure only: no implicit animations for 20,000 property changes.
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    defer { CATransaction.commit() }
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    var leaf = root
    for _ in 0..<10_000 {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        l.position = CGPoint(x: 5, y: 5)
        leaf.addSublayer(l)
        leaf = l
    }
    #expect(leaf.rootLayer === root)
    #expect(root.isAncestor(of: leaf))
    // Every level maps its centre onto its parent's centre: the leaf's (5, 5) is the root's (5, 5).
    let p = leaf.convert(CGPoint(x: 5, y: 5), to: root)
    #expect(abs(p.x - 5) < 1e-6 && abs(p.y - 5) < 1e-6)
    root.position = CGPoint(x: 5, y: 5)
    #expect(root.hitTest(CGPoint(x: 5, y: 5)) === leaf)
    leaf.addSublayer(root)  // a cycle through 10,000 levels is still found
    #expect(root.superlayer == nil)
    _ = LayerSnapshot.make(root)
}
