import Foundation
import Testing
@testable import QuartzCore
import StrataDemos

// CAReplicatorLayer drawn by the compositor: instance transforms about the replicator's centre,
// cumulative colour modulation, delayed instances, nesting, hit testing of the originals, and
// bad counts. Pixels computed by hand; goldens of the gallery items checked by eye.

private let black: UInt32 = 0xFF00_0000
private let white: UInt32 = 0xFFFF_FFFF

/// A black 100 × 60 root holding `replicator` (its frame the whole root).
private func scene(_ replicator: CAReplicatorLayer, width: CGFloat = 100, height: CGFloat = 60) -> CALayer {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
    root.position = CGPoint(x: width / 2, y: height / 2)   // so hit-test points are root points
    root.backgroundColor = CGColor(gray: 0, alpha: 1)
    replicator.frame = root.bounds
    root.addSublayer(replicator)
    return root
}

private func square(x: CGFloat, y: CGFloat, side: CGFloat = 10, color: CGColor = .white) -> CALayer {
    let l = CALayer()
    l.frame = CGRect(x: x, y: y, width: side, height: side)
    l.backgroundColor = color
    return l
}

@Test(.manualClock) func instancesAreTranslatedCumulatively() {
    let r = CAReplicatorLayer()
    r.addSublayer(square(x: 5, y: 5))
    r.instanceCount = 3
    r.instanceTransform = CATransform3DMakeTranslation(20, 10, 0)
    let image = Golden.render(scene(r), width: 100, height: 60)
    // Squares at (5…15, 5…15), (25…35, 15…25), (45…55, 25…35); nothing at a fourth place.
    Golden.expectPixel(image, 10, 10, white)
    Golden.expectPixel(image, 30, 20, white)
    Golden.expectPixel(image, 50, 30, white)
    Golden.expectPixel(image, 70, 40, black)
    Golden.expectPixel(image, 30, 10, black)
}

@Test(.manualClock) func instanceRotationIsAboutTheReplicatorsCentre() {
    // Centre (50, 30). A square centred 20 right of it, turned 90° per instance: 4 instances
    // put it right, below, left and above the centre.
    let r = CAReplicatorLayer()
    r.addSublayer(square(x: 65, y: 25))
    r.instanceCount = 4
    r.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
    let image = Golden.render(scene(r), width: 100, height: 60)
    Golden.expectPixel(image, 70, 30, white, "instance 0, right")
    Golden.expectPixel(image, 50, 50, white, "instance 1, below (+y turns towards +x… +90° maps +x to +y)")
    Golden.expectPixel(image, 30, 30, white, "instance 2, left")
    Golden.expectPixel(image, 50, 10, white, "instance 3, above")
    Golden.expectPixel(image, 50, 30, black, "centre")
}

@Test(.manualClock) func instanceColourAndOffsetsMultiplyEachInstance() {
    let r = CAReplicatorLayer()
    r.addSublayer(square(x: 5, y: 5))
    r.instanceCount = 3
    r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
    r.instanceColor = CGColor(red: 1, green: 0.5, blue: 0.5, alpha: 1)
    r.instanceRedOffset = -0.5
    r.instanceAlphaOffset = -0.25
    let image = Golden.render(scene(r), width: 100, height: 60)
    // Instance k's colour: (1 − k/2, ½, ½, 1 − k/4), multiplying white, over black.
    // k = 0: (255, 128, 128). k = 1: (½, ½, ½) at alpha ¾: 0.375·255 = 96 per channel.
    // k = 2: (0, ½, ½) at alpha ½: 0.25·255 = 64 for green and blue.
    Golden.expectPixel(image, 10, 10, 0xFFFF_8080, tolerance: 1)
    Golden.expectPixel(image, 30, 10, 0xFF60_6060, tolerance: 1)
    Golden.expectPixel(image, 50, 10, 0xFF00_4040, tolerance: 1)
}

@Test(.manualClock) func offsetsClampAtZeroAndOne() {
    let r = CAReplicatorLayer()
    r.addSublayer(square(x: 5, y: 5, color: CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)))
    r.instanceCount = 4
    r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
    r.instanceRedOffset = 0.6      // red: 1, 1.6→1, …
    r.instanceBlueOffset = -0.6    // blue: 1, 0.4, −0.2→0, …
    let image = Golden.render(scene(r), width: 100, height: 60)
    Golden.expectPixel(image, 10, 10, 0xFF80_8080, tolerance: 1)
    Golden.expectPixel(image, 30, 10, 0xFF80_8033, tolerance: 1)   // 0.5·0.4·255 = 51
    Golden.expectPixel(image, 50, 10, 0xFF80_8000, tolerance: 1)
    Golden.expectPixel(image, 70, 10, 0xFF80_8000, tolerance: 1)
}

@Test(.manualClock) func instanceColourTintsContentsImages() {
    // A white 2 × 2 image as contents: the tint reaches textures as well as solid colours.
    let image2 = try! CGImage(width: 2, height: 2, premultipliedBGRA: [UInt32](repeating: 0xFFFF_FFFF, count: 4))
    let l = CALayer()
    l.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
    l.contents = image2
    let r = CAReplicatorLayer()
    r.addSublayer(l)
    r.instanceColor = CGColor(red: 0, green: 1, blue: 0.2, alpha: 1)
    let image = Golden.render(scene(r), width: 100, height: 60)
    Golden.expectPixel(image, 10, 10, 0xFF00_FF33, tolerance: 1)
}

@Test(.manualClock) func nestedReplicatorsMultiplyCountsAndColours() {
    let inner = CAReplicatorLayer()
    inner.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
    inner.addSublayer(square(x: 5, y: 5))
    inner.instanceCount = 3
    inner.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
    inner.instanceColor = CGColor(red: 1, green: 1, blue: 0.5, alpha: 1)
    let outer = CAReplicatorLayer()
    outer.addSublayer(inner)
    outer.instanceCount = 2
    outer.instanceTransform = CATransform3DMakeTranslation(0, 20, 0)
    outer.instanceColor = CGColor(red: 0.5, green: 1, blue: 1, alpha: 1)
    let image = Golden.render(scene(outer), width: 100, height: 60)
    // 3 × 2 squares, each white × (1, 1, ½) × (½, 1, 1) = (128, 255, 128).
    for (x, y) in [(10, 10), (30, 10), (50, 10), (10, 30), (30, 30), (50, 30)] {
        Golden.expectPixel(image, x, y, 0xFF80_FF80, tolerance: 1, "square at (\(x), \(y))")
    }
    Golden.expectPixel(image, 70, 10, black)
    Golden.expectPixel(image, 10, 50, black)
}

@Test(.manualClock) func instanceDelayOffsetsEachInstancesAnimations() {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let r = CAReplicatorLayer()
        let s = square(x: 5, y: 5)
        r.addSublayer(s)
        r.instanceCount = 3
        r.instanceTransform = CATransform3DMakeTranslation(0, 20, 0)
        r.instanceDelay = 0.25
        let root = scene(r, width: 120, height: 60)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = CGFloat(10)
        move.toValue = CGFloat(110)
        move.duration = 1
        move.timingFunction = CAMediaTimingFunction(name: .linear)
        s.add(move, forKey: "move")
        CATransaction.flush()
        // At t = 0.5: instance 0 is at x = 60, instance 1 at t = 0.25 (x = 35), instance 2 at
        // t = 0 (x = 10). Each square spans x ± 5.
        let image = Golden.render(root, width: 120, height: 60, time: 0.5)
        Golden.expectPixel(image, 60, 10, white, "instance 0")
        Golden.expectPixel(image, 35, 30, white, "instance 1")
        Golden.expectPixel(image, 10, 50, white, "instance 2")
        Golden.expectPixel(image, 60, 30, black, "instance 1 is not where instance 0 is")
        Golden.expectPixel(image, 42, 30, black)
        Golden.expectPixel(image, 28, 30, black)
    }
}

@Test(.manualClock) func hitTestingSeesOnlyTheOriginals() {
    let r = CAReplicatorLayer()
    let s = square(x: 5, y: 5)
    r.addSublayer(s)
    r.instanceCount = 3
    r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
    let root = scene(r)
    #expect(root.hitTest(CGPoint(x: 10, y: 10)) === s)
    #expect(root.hitTest(CGPoint(x: 30, y: 10)) === r)   // an instance: the replicator's bounds
    #expect(r.sublayers?.count == 1)
}

@Test(.manualClock) func zeroAndNegativeInstanceCountsDrawNoInstances() {
    for count in [0, -3] {
        let r = CAReplicatorLayer()
        r.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        r.addSublayer(square(x: 5, y: 5))
        r.instanceCount = count
        let image = Golden.render(scene(r), width: 100, height: 60)
        Golden.expectPixel(image, 10, 10, 0xFF00_00FF, "count \(count): the replicator's own background only")
    }
}

@Test(.manualClock) func aMillionInstancesAreCappedWithAMessage() {
    let r = CAReplicatorLayer()
    r.addSublayer(square(x: 0, y: 0, side: 1))
    let messages = StrataDiagnostics.capture { r.instanceCount = 1_000_000 }
    #expect(messages.count == 1)
    r.instanceTransform = CATransform3DMakeTranslation(0.025, 0, 0)   // 4,096 × 0.025 = 102.4 pt
    let started = Date()
    let image = Golden.render(scene(r, width: 120, height: 20), width: 120, height: 20)
    #expect(Date().timeIntervalSince(started) < 60)
    // The instances drawn (4,096 of them) reach x ≈ 103, not 25,000 pt.
    Golden.expectPixel(image, 50, 0, white, tolerance: 2)
    Golden.expectPixel(image, 100, 0, white, tolerance: 2)
    Golden.expectPixel(image, 106, 0, black)
}

@Test(.manualClock) func preservesDepthJoinsInstancesToTheParentsSpace() {
    // A replicator turned 90° about y flattens its instances to a line (nothing shows); with
    // preservesDepth its instances keep their own planes, and an instance turned back by
    // −90° about y faces the viewer again.
    func render(_ preserves: Bool) -> CGImage {
        let r = CAReplicatorLayer()
        r.addSublayer(square(x: 45, y: 25))
        r.instanceCount = 2
        r.instanceTransform = CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)
        r.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        r.preservesDepth = preserves
        return Golden.render(scene(r), width: 100, height: 60)
    }
    Golden.expectPixel(render(false), 50, 30, black)
    Golden.expectPixel(render(true), 50, 30, white)
}

@Test(.manualClock) func replicatorGalleryGoldens() {
    Golden.checkGalleryItem("replicator spinner", at: 0.5, named: "replicator-spinner")
    Golden.checkGalleryItem("replicator bars", at: 0.3, named: "replicator-bars")
}

@Test(.manualClock) func thousandsOfInstancesIn3DAreDrawnInBoundedTime() {
    // 4,096 planes each turned a little more about x share one 3D space: too many to split
    // pairwise, so they are painted by depth; the frame still comes, with the squares in it.
    let r = CAReplicatorLayer()
    r.addSublayer(square(x: 45, y: 25))
    r.instanceCount = 4_096
    r.instanceTransform = CATransform3DMakeRotation(2 * .pi / 4_096, 1, 0, 0)
    let started = Date()
    let image = Golden.render(scene(r), width: 100, height: 60)
    #expect(Date().timeIntervalSince(started) < 60)
    Golden.expectPixel(image, 50, 30, white)
    Golden.expectPixel(image, 20, 30, black)
}
