import Foundation
import Testing
@testable import QuartzCore
@testable import Raster

// Kept drawing: between commits a renderer keeps what still subtrees (no animation below them)
// evaluated, emitted and prepared, and copies it into later frames. The frames must be the
// full redraw's pixel for pixel, with every kind of still layer, kept nodes whose inputs change
// each frame, commits in between, and targets that take turns.

private let size = (w: 180, h: 120)

private func spin(_ l: CALayer, duration: Double) {
    let a = CABasicAnimation(keyPath: "transform.rotation.z")
    a.fromValue = 0.0; a.toValue = 2 * Double.pi; a.duration = duration; a.repeatCount = .infinity
    l.add(a, forKey: "spin")
}

/// Still layers of every kind, a spinner, a moving parent with still children, and a 3D space.
private func scene() -> (root: CALayer, recolour: CALayer, moved: CALayer) {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: size.w, height: size.h)
    root.backgroundColor = CGColor(gray: 0.15, alpha: 1)
    var layers: [CALayer] = []

    let plain = CALayer()
    plain.frame = CGRect(x: 4, y: 4, width: 30, height: 20)
    plain.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 0.7)
    plain.cornerRadius = 5
    plain.borderWidth = 2
    plain.borderColor = CGColor(gray: 1, alpha: 1)
    layers.append(plain)

    let clipped = CALayer()
    clipped.frame = CGRect(x: 40, y: 4, width: 30, height: 24)
    clipped.backgroundColor = CGColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1)
    clipped.cornerRadius = 8
    clipped.masksToBounds = true
    let inner = CALayer()
    inner.frame = CGRect(x: -5, y: 10, width: 40, height: 30)
    inner.backgroundColor = CGColor(red: 1, green: 1, blue: 0.3, alpha: 0.8)
    clipped.addSublayer(inner)
    layers.append(clipped)

    let shape = CAShapeLayer()
    shape.frame = CGRect(x: 76, y: 2, width: 40, height: 30)
    shape.path = CGPath(ellipseIn: CGRect(x: 3, y: 3, width: 32, height: 24), transform: nil)
    shape.fillColor = CGColor(red: 0.3, green: 0.8, blue: 0.4, alpha: 0.6)
    shape.strokeColor = CGColor(gray: 0.95, alpha: 1)
    shape.lineWidth = 3
    shape.lineDashPattern = [5, 3]
    layers.append(shape)

    let gradient = CAGradientLayer()
    gradient.frame = CGRect(x: 122, y: 4, width: 50, height: 26)
    gradient.colors = [CGColor(red: 1, green: 0, blue: 0.5, alpha: 1), CGColor(red: 0, green: 0.4, blue: 1, alpha: 0.5)]
    gradient.cornerRadius = 6
    layers.append(gradient)

    let text = CATextLayer()
    text.frame = CGRect(x: 4, y: 34, width: 60, height: 24)
    text.string = "Kept"
    text.fontSize = 16
    text.foregroundColor = CGColor(gray: 1, alpha: 1)
    layers.append(text)

    let image = CALayer()
    image.frame = CGRect(x: 70, y: 36, width: 24, height: 24)
    var texels = [UInt32](repeating: 0, count: 8 * 8)
    for i in texels.indices { texels[i] = (i / 8 + i % 8) % 2 == 0 ? 0xFFFF_FFFF : 0xFF20_4080 }
    image.contents = try! CGImage(width: 8, height: 8, premultipliedBGRA: texels)
    layers.append(image)

    // Kinds that are not kept (an offscreen pass, the content cache, a replicator's budget),
    // drawn beside kept ones.
    let shadowed = CALayer()
    shadowed.frame = CGRect(x: 100, y: 38, width: 20, height: 16)
    shadowed.backgroundColor = CGColor(red: 0.9, green: 0.9, blue: 0.2, alpha: 1)
    shadowed.shadowOpacity = 0.8
    shadowed.shadowRadius = 2
    layers.append(shadowed)

    let group = CALayer()
    group.frame = CGRect(x: 126, y: 36, width: 24, height: 24)
    group.backgroundColor = CGColor(red: 0.5, green: 0.2, blue: 0.9, alpha: 1)
    group.borderWidth = 3
    group.borderColor = CGColor(gray: 1, alpha: 1)
    group.opacity = 0.6
    layers.append(group)

    let replicator = CAReplicatorLayer()
    replicator.frame = CGRect(x: 150, y: 34, width: 28, height: 28)
    replicator.instanceCount = 4
    replicator.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
    replicator.instanceColor = CGColor(red: 1, green: 0.8, blue: 0.6, alpha: 1)
    replicator.instanceAlphaOffset = -0.2
    let dot = CALayer()
    dot.frame = CGRect(x: 11, y: 1, width: 6, height: 6)
    dot.backgroundColor = CGColor(gray: 1, alpha: 1)
    replicator.addSublayer(dot)
    layers.append(replicator)

    // Intersecting still planes in one 3D space.
    let space = CALayer()
    space.frame = CGRect(x: 10, y: 64, width: 60, height: 50)
    var p = CATransform3DIdentity
    p.m34 = -1 / 100
    space.sublayerTransform = p
    for (i, angle) in [-0.8, 0.7].enumerated() {
        let plane = CALayer()
        plane.bounds = CGRect(x: 0, y: 0, width: 34, height: 26)
        plane.position = CGPoint(x: 30, y: 25)
        plane.backgroundColor = i == 0 ? CGColor(red: 0.2, green: 0.9, blue: 0.9, alpha: 0.7) : CGColor(red: 0.9, green: 0.4, blue: 0.1, alpha: 0.7)
        plane.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
        space.addSublayer(plane)
    }
    layers.append(space)

    // A spinner over still layers, and a parent that moves with still children: those children
    // are kept nodes whose matrix changes every frame.
    let spinner = CALayer()
    spinner.bounds = CGRect(x: 0, y: 0, width: 22, height: 22)
    spinner.position = CGPoint(x: 90, y: 88)
    spinner.cornerRadius = 4
    spinner.backgroundColor = CGColor(red: 0.1, green: 0.45, blue: 0.95, alpha: 0.9)
    spin(spinner, duration: 1)

    let mover = CALayer()
    mover.frame = CGRect(x: 120, y: 70, width: 40, height: 40)
    let child = CALayer()
    child.frame = CGRect(x: 4, y: 4, width: 20, height: 14)
    child.backgroundColor = CGColor(red: 0.6, green: 1, blue: 0.6, alpha: 1)
    child.cornerRadius = 3
    mover.addSublayer(child)
    let slide = CABasicAnimation(keyPath: "position.x")
    slide.fromValue = 120.0; slide.toValue = 150.0; slide.duration = 1.3; slide.autoreverses = true; slide.repeatCount = .infinity
    mover.add(slide, forKey: "slide")

    for l in layers { root.addSublayer(l) }
    root.addSublayer(spinner)
    root.addSublayer(mover)
    return (root, plain, shape)
}

/// A renderer of the test's size drawing `root`.
private func renderer(_ root: CALayer, redrawsDamageOnly: Bool = true) -> CARenderer {
    let r = CARenderer(width: size.w, height: size.h)
    r.redrawsDamageOnly = redrawsDamageOnly
    r.layer = root
    return r
}

@Test func keptDrawingEqualsFullRedrawsAcrossFramesAndCommits() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let s = withoutActions { scene() }
        CATransaction.flush()
        let kept = renderer(s.root), full = renderer(s.root, redrawsDamageOnly: false), alternating = renderer(s.root)
        let targets = [Surface(width: size.w, height: size.h), Surface(width: size.w, height: size.h)]
        var keptFrames = 0
        for k in 0..<60 {
            if k == 30 {
                // A commit: every kept node belongs to the old tree; the next frame starts afresh.
                withoutActions {
                    s.recolour.backgroundColor = CGColor(red: 0.2, green: 1, blue: 0.2, alpha: 0.5)
                    s.moved.position = CGPoint(x: 100, y: 20)
                }
                CATransaction.flush()
            }
            let t = Double(k) / 30
            clock.set(t)
            for r in [kept, full] { r.beginFrame(atTime: t); r.render(); r.endFrame() }
            alternating.draw(alternating.prepareFrame(atTime: t), into: targets[k % 2])
            let stats = kept.lastFrameStatistics
            #expect(full.lastFrameStatistics.keptCommandCount == 0)
            if [0, 1, 30, 31].contains(k) {
                // A commit's first frame keeps nothing; its second keeps what it draws.
                #expect(stats.keptCommandCount == 0, "frame \(k): nothing is kept yet")
            } else if stats.keptCommandCount > 0 {
                keptFrames += 1
                #expect(stats.redrawnPixels < size.w * size.h / 2, "frame \(k): \(stats.redrawnPixels) pixels redrawn")
            }
            if let m = firstMismatch(kept.surface, full.surface) {
                Issue.record("frame \(k): pixel (\(m.x), \(m.y)) kept \(String(m.a, radix: 16)) full \(String(m.b, radix: 16))")
                return
            }
            if let m = firstMismatch(targets[k % 2], full.surface) {
                Issue.record("frame \(k), alternating target: pixel (\(m.x), \(m.y)) \(String(m.a, radix: 16)) full \(String(m.b, radix: 16))")
                return
            }
        }
        // Every frame from the third of each commit on copied kept commands.
        #expect(keptFrames == 56)
    }
}

@Test func keptCommandsAreTheStillLayersAndNotTheUnkeptKinds() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let s = withoutActions { scene() }
        CATransaction.flush()
        let r = renderer(s.root)
        r.beginFrame(atTime: 0); r.render(); r.endFrame()
        clock.set(0.1)
        r.beginFrame(atTime: 0.1); r.render(); r.endFrame()
        let frame = r.prepareFrame(atTime: 0.2)
        r.draw(frame)
        let commands = frame.passes.last?.commands ?? []
        // Not kept: the root (a spinner below it), the spinner, the translucent group (a
        // content-cache texture) and the replicator's four tinted instances.
        let fresh = commands.filter { $0.retained == nil }
        #expect(fresh.count == 7, "\(fresh.count) fresh commands of \(commands.count)")
        // Kept: plain (background, border), clipped (2), shape (fill, dashed stroke), gradient,
        // text (one cached glyph mask per letter of "Kept": 4), image, the shadowed layer (its
        // shadow from the shadow cache as four bands around the middle its opaque background
        // hides, and the background), the two 3D planes, and the moving parent's child, drawn
        // afresh each frame (its matrix moves) and kept again; the other 20 were copied.
        #expect(commands.count - fresh.count == 21)
        #expect(r.lastFrameStatistics.keptCommandCount == 20)
    }
}

@Test func changingAKeptCommandDropsItsToken() {
    var c = FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 4, maxY: 4), localToDevice: .identity, paint: .solid(0xFF00_00FF))
    c.retained = RetainedCommand(for: c)
    let copy = c
    #expect(copy.retained === c.retained)
    #expect(copy.drawsSame(as: c))
    var tinted = c
    tinted.paint = .solid(0xFFFF_0000)
    #expect(tinted.retained == nil)
    #expect(!tinted.drawsSame(as: c))
    for change in [{ (x: inout FillCommand) in x.opacity = 0.5 }, { $0.clip = Clip(rect: IntRect(x0: 0, y0: 0, x1: 2, y1: 2)) },
                   { $0.localToDevice = .translation(1, 0) }, { $0.blendMode = .multiply }, { $0.antialias = false },
                   { $0.shape = RoundedRect(minX: 0, minY: 0, maxX: 5, maxY: 4) }] as [(inout FillCommand) -> Void] {
        var d = c
        change(&d)
        #expect(d.retained == nil)
        #expect(!d.drawsSame(as: c))
    }
}

@Test func aTreeCommittedEveryFrameKeepsNothing() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let s = withoutActions { scene() }
        CATransaction.flush()
        let r = renderer(s.root)
        for k in 0..<6 {
            // A model change every frame (as a game loop moving a layer): a new commit each time.
            withoutActions { s.moved.position = CGPoint(x: 100 + Double(k), y: 20) }
            CATransaction.flush()
            let t = Double(k) / 30
            clock.set(t)
            let frame = r.prepareFrame(atTime: t)
            r.draw(frame)
            // No token was made: keeping would cost work every frame and never pay.
            #expect(r.lastFrameStatistics.keptCommandCount == 0)
            #expect((frame.passes.last?.commands ?? []).allSatisfy { $0.retained == nil }, "frame \(k)")
        }
    }
}
