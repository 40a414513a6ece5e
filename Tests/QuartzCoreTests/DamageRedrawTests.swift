import Foundation
import Testing
@testable import QuartzCore
import Raster

// Damage tracking: a renderer that redraws only the damaged rectangles shows exactly the
// pixels of one that redraws every frame in full, over seeded random animated scenes (layers
// moved, recoloured, rotated in 2D and 3D, faded, added, removed and re-stacked; shadows,
// masks, borders, group opacity, clipping, perspective planes that intersect; shape, gradient,
// text, replicator and emitter layers with their own animations), every frame,
// into one framebuffer and into two targets that take turns (a window's two SHM buffers).

private let size = (w: 160, h: 120)

/// A random colour, opaque or translucent.
private func color(_ g: inout SplitMix64) -> CGColor {
    CGColor(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.unit() < 0.5 ? 1 : 0.3 + 0.7 * g.unit())
}

/// One random leaf layer (sometimes with a sublayer of its own).
private func randomLayer(_ g: inout SplitMix64) -> CALayer {
    let l = CALayer()
    l.bounds = CGRect(x: 0, y: 0, width: 6 + 24 * g.unit(), height: 6 + 24 * g.unit())
    l.position = CGPoint(x: Double(size.w) * g.unit(), y: Double(size.h) * g.unit())
    l.backgroundColor = color(&g)
    if g.unit() < 0.4 { l.cornerRadius = 6 * g.unit() }
    if g.unit() < 0.3 { l.opacity = Float(0.3 + 0.6 * g.unit()) }
    if g.unit() < 0.2 { l.borderWidth = 1 + 3 * g.unit(); l.borderColor = color(&g) }
    if g.unit() < 0.15 {
        l.shadowOpacity = Float(0.4 + 0.6 * g.unit()); l.shadowRadius = 3 * g.unit()
        l.shadowOffset = CGSize(width: 4 * g.unit() - 2, height: 4 * g.unit())
    }
    if g.unit() < 0.3 {
        let child = CALayer()
        child.frame = CGRect(x: -4, y: 4, width: 14, height: 10)
        child.backgroundColor = color(&g)
        l.addSublayer(child)
        if g.unit() < 0.5 { l.masksToBounds = true }
    }
    if g.unit() < 0.1 {
        let m = CALayer()
        m.frame = CGRect(x: 2, y: 2, width: 14, height: 14)
        m.cornerRadius = 7
        m.backgroundColor = CGColor(gray: 0, alpha: 1)
        l.mask = m
    }
    if g.unit() < 0.2 { l.transform = CATransform3DMakeRotation(2 * .pi * g.unit(), 0, 0, 1) }
    return l
}

/// One of the special layer kinds at a random place, animating a property of its own kind.
private func specialLayer(_ g: inout SplitMix64) -> CALayer {
    let frame = CGRect(x: Double(size.w - 40) * g.unit(), y: Double(size.h - 30) * g.unit(), width: 40, height: 30)
    switch Int(g.next() % 5) {
    case 0:
        let shape = CAShapeLayer()
        shape.frame = frame
        shape.path = CGPath(ellipseIn: CGRect(x: 4, y: 4, width: 30, height: 22), transform: nil)
        shape.fillColor = g.unit() < 0.5 ? nil : color(&g)
        shape.strokeColor = color(&g)
        shape.lineWidth = 3
        shape.lineDashPattern = g.unit() < 0.5 ? [4, 2] : nil
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0.1; draw.toValue = 1; draw.duration = 1.3; draw.repeatCount = .infinity
        shape.add(draw, forKey: "draw")
        return shape
    case 1:
        let gradient = CAGradientLayer()
        gradient.frame = frame
        gradient.colors = [color(&g), color(&g), color(&g)]
        gradient.type = [.axial, .radial, .conic][Int(g.next() % 3)]
        gradient.cornerRadius = 5
        let sweep = CABasicAnimation(keyPath: "locations")
        sweep.fromValue = [0.0, 0.1, 0.2].map { NSNumber(value: $0) }
        sweep.toValue = [0.8, 0.9, 1.0].map { NSNumber(value: $0) }
        sweep.duration = 0.9; sweep.repeatCount = .infinity
        gradient.add(sweep, forKey: "sweep")
        return gradient
    case 2:
        let text = CATextLayer()
        text.frame = frame
        text.string = "Ab"
        text.fontSize = 14 + 8 * g.unit()
        text.foregroundColor = color(&g)
        let fade = CABasicAnimation(keyPath: "fontSize")
        fade.fromValue = 10; fade.toValue = 20; fade.duration = 1.1; fade.autoreverses = true; fade.repeatCount = .infinity
        text.add(fade, forKey: "grow")
        return text
    case 3:
        let replicator = CAReplicatorLayer()
        replicator.frame = frame
        replicator.instanceCount = 4
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        replicator.instanceColor = color(&g)
        replicator.instanceAlphaOffset = -0.2
        let dot = CALayer()
        dot.frame = CGRect(x: 16, y: 2, width: 8, height: 8)
        dot.backgroundColor = CGColor(gray: 1, alpha: 1)
        replicator.addSublayer(dot)
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0; turn.toValue = 2 * Double.pi; turn.duration = 1.7; turn.repeatCount = .infinity
        replicator.add(turn, forKey: "turn")
        return replicator
    default:
        let emitter = CAEmitterLayer()
        emitter.frame = frame
        emitter.emitterPosition = CGPoint(x: 20, y: 15)
        emitter.seed = UInt32(g.next() % 1000)
        let cell = CAEmitterCell()
        cell.birthRate = 20
        cell.lifetime = 1
        cell.velocity = 20
        cell.emissionRange = .pi
        cell.contents = try! CGImage(width: 3, height: 3, premultipliedBGRA: [UInt32](repeating: 0xFFFF_FFFF, count: 9))
        cell.color = color(&g)
        emitter.emitterCells = [cell]
        return emitter
    }
}

/// A root with a flat group and a perspective group of planes rotated about y.
private func randomScene(_ g: inout SplitMix64) -> (root: CALayer, flat: CALayer, space: CALayer) {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: size.w, height: size.h)
    root.backgroundColor = g.unit() < 0.5 ? CGColor(gray: 0.2, alpha: 1) : nil
    let flat = CALayer()
    flat.frame = root.bounds
    root.addSublayer(flat)
    for _ in 0..<12 { flat.addSublayer(randomLayer(&g)) }
    for _ in 0..<2 { flat.addSublayer(specialLayer(&g)) }
    let space = CALayer()
    space.frame = CGRect(x: 20, y: 10, width: 60, height: 60)
    var p = CATransform3DIdentity
    p.m34 = -1 / 120
    space.sublayerTransform = p
    root.addSublayer(space)
    for _ in 0..<3 {
        let plane = CALayer()
        plane.bounds = CGRect(x: 0, y: 0, width: 30, height: 24)
        plane.position = CGPoint(x: 30, y: 30)
        plane.backgroundColor = color(&g)
        plane.transform = CATransform3DMakeRotation((g.unit() - 0.5) * 2.5, 0, 1, 0)
        space.addSublayer(plane)
    }
    return (root, flat, space)
}

/// One random change to the scene (model values, actions disabled).
private func mutate(_ scene: (root: CALayer, flat: CALayer, space: CALayer), _ g: inout SplitMix64) {
    let kids = scene.flat.sublayers ?? []
    let planes = scene.space.sublayers ?? []
    switch Int(g.next() % 10) {
    case 0 where !kids.isEmpty:
        kids[Int(g.next() % UInt64(kids.count))].position = CGPoint(x: Double(size.w) * g.unit(), y: Double(size.h) * g.unit())
    case 1 where !kids.isEmpty:
        kids[Int(g.next() % UInt64(kids.count))].backgroundColor = color(&g)
    case 2 where !kids.isEmpty:
        kids[Int(g.next() % UInt64(kids.count))].removeFromSuperlayer()
    case 3:
        scene.flat.insertSublayer(randomLayer(&g), at: UInt32(g.next() % UInt64(kids.count + 1)))
    case 4 where kids.count > 1:
        // Re-stack: move a layer to another index.
        let l = kids[Int(g.next() % UInt64(kids.count))]
        l.removeFromSuperlayer()
        scene.flat.insertSublayer(l, at: UInt32(g.next() % UInt64(kids.count)))
    case 5 where !planes.isEmpty:
        planes[Int(g.next() % UInt64(planes.count))].transform = CATransform3DMakeRotation((g.unit() - 0.5) * 2.5, 0, 1, 0)
    case 6 where !kids.isEmpty:
        kids[Int(g.next() % UInt64(kids.count))].opacity = Float(g.unit())
    case 7 where !kids.isEmpty:
        kids[Int(g.next() % UInt64(kids.count))].zPosition = g.unit() < 0.5 ? 0 : 5
    case 8 where !kids.isEmpty:
        kids[Int(g.next() % UInt64(kids.count))].shadowOpacity = g.unit() < 0.5 ? 0 : 0.8
    default:
        break // a frame where only the running animations move things
    }
}

/// Adds a few animations (rotation, position) that run across the frames.
private func animate(_ scene: (root: CALayer, flat: CALayer, space: CALayer), _ g: inout SplitMix64) {
    for (i, l) in (scene.flat.sublayers ?? []).enumerated() where i == 0 {
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0.0; spin.toValue = 2 * Double.pi; spin.duration = 1 + 2 * g.unit(); spin.repeatCount = .infinity
        l.add(spin, forKey: "spin")
    }
    if let plane = scene.space.sublayers?.first {
        let turn = CABasicAnimation(keyPath: "transform.rotation.y")
        turn.fromValue = -1.2; turn.toValue = 1.2; turn.duration = 2; turn.autoreverses = true; turn.repeatCount = .infinity
        plane.add(turn, forKey: "turn")
    }
}

@Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
func damagedRedrawsEqualFullRedrawsEveryFrame(seed: UInt64) {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        var g = SplitMix64(seed: seed)
        let scene = withoutActions { randomScene(&g) }
        withoutActions { animate(scene, &g) }
        CATransaction.flush()
        let damaged = CARenderer(width: size.w, height: size.h)
        damaged.layer = scene.root
        let full = CARenderer(width: size.w, height: size.h)
        full.redrawsDamageOnly = false
        full.layer = scene.root
        // Frames also drawn into two targets that take turns, as a window's buffers.
        let alternating = CARenderer(width: size.w, height: size.h)
        alternating.layer = scene.root
        let targets = [Surface(width: size.w, height: size.h), Surface(width: size.w, height: size.h)]
        var partialFrames = 0
        for k in 0..<60 {
            withoutActions { for _ in 0..<Int(g.next() % 3) { mutate(scene, &g) } }
            CATransaction.flush()
            let t = Double(k) / 30
            clock.set(t)
            for r in [damaged, full] { r.beginFrame(atTime: t); r.render(); r.endFrame() }
            let target = targets[k % 2]
            alternating.draw(alternating.prepareFrame(atTime: t), into: target)
            if damaged.lastFrameStatistics.didDraw, damaged.lastFrameStatistics.redrawnPixels < size.w * size.h {
                partialFrames += 1
            }
            if let m = firstMismatch(damaged.surface, full.surface) {
                Issue.record("seed \(seed) frame \(k): pixel (\(m.x), \(m.y)) damaged \(String(m.a, radix: 16)) full \(String(m.b, radix: 16))")
                return
            }
            if let m = firstMismatch(target, full.surface) {
                Issue.record("seed \(seed) frame \(k), alternating target: pixel (\(m.x), \(m.y)) \(String(m.a, radix: 16)) full \(String(m.b, radix: 16))")
                return
            }
        }
        // The comparison means something only if frames were in fact redrawn in part.
        #expect(partialFrames >= 30, "seed \(seed): only \(partialFrames) partial frames")
    }
}

@Test func aStillSceneWithOneSpinnerRedrawsOnlyAroundTheSpinner() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let (root, spinner) = withoutActions { () -> (CALayer, CALayer) in
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
            root.backgroundColor = CGColor(gray: 0.1, alpha: 1)
            for i in 0..<10 {
                let l = CALayer()
                l.frame = CGRect(x: 20 * i, y: 10, width: 15, height: 80)
                l.backgroundColor = CGColor(red: 0.1 * Double(i), green: 0.5, blue: 0.8, alpha: 0.7)
                root.addSublayer(l)
            }
            let spinner = CALayer()
            spinner.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            spinner.position = CGPoint(x: 150, y: 50)
            spinner.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            root.addSublayer(spinner)
            return (root, spinner)
        }
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0.0; spin.toValue = 2 * Double.pi; spin.duration = 1; spin.repeatCount = .infinity
        spinner.add(spin, forKey: "spin")
        CATransaction.flush()
        let renderer = CARenderer(width: 200, height: 100)
        renderer.layer = root
        renderer.beginFrame(atTime: 0); renderer.render(); renderer.endFrame()
        #expect(renderer.lastFrameStatistics.damage == [IntRect(x0: 0, y0: 0, x1: 200, y1: 100)])
        clock.set(0.1)
        renderer.beginFrame(atTime: 0.1); renderer.render(); renderer.endFrame()
        // The square turned 36°: its old and new device bounds, each ±1 px of anti-aliasing.
        // Old: [140, 160) grown by 1; new: half-diagonal 10·(cos 36° + sin 36°) = 13.97 → [136, 164].
        let damage = renderer.lastFrameStatistics.damage
        #expect(damage == [IntRect(x0: 135, y0: 35, x1: 165, y1: 65)], "\(damage)")
        #expect(renderer.lastFrameStatistics.redrawnPixels == 30 * 30)
    }
}

/// A window's two buffers take turns, so each holds the frame before last. The pixels that changed
/// in the frame between are copied from the other buffer, so a frame rasterises only its own
/// damage, as a single framebuffer does, and the pixels stay those of a full redraw.
@Test func twoTargetsTakingTurnsRasteriseOnlyEachFramesOwnDamage() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let (root, mover) = withoutActions { () -> (CALayer, CALayer) in
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
            root.backgroundColor = CGColor(gray: 0.1, alpha: 1)
            let mover = CALayer()
            mover.frame = CGRect(x: 0, y: 20, width: 20, height: 20)
            mover.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0.25, alpha: 0.75)
            root.addSublayer(mover)
            return (root, mover)
        }
        // 10 px a frame at 60 Hz, whole pixels: a frame's damage is about 30 × 20 (old ∪ new
        // bounds); two frames' damage, what a buffer two frames behind lacks, about 40 × 20.
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 10.0; slide.toValue = 610.0; slide.duration = 1
        mover.add(slide, forKey: "slide")
        CATransaction.flush()
        let window = CARenderer(width: 200, height: 100)
        window.layer = root
        let full = CARenderer(width: 200, height: 100)
        full.redrawsDamageOnly = false
        full.layer = root
        let buffers = [Surface(width: 200, height: 100), Surface(width: 200, height: 100)]
        for k in 0..<16 {
            let t = Double(k) / 60
            clock.set(t)
            window.draw(window.prepareFrame(atTime: t), into: buffers[k % 2])
            full.beginFrame(atTime: t); full.render(); full.endFrame()
            let stats = window.lastFrameStatistics
            if k >= 2 {
                #expect(stats.damage.reduce(0) { $0 + $1.area } < 40 * 20, "frame \(k): \(stats.damage)")
                #expect(stats.redrawnPixels == stats.damage.reduce(0) { $0 + $1.area }, "frame \(k): redrew \(stats.redrawnPixels)")
            }
            #expect(firstMismatch(buffers[k % 2], full.surface) == nil, "frame \(k)")
        }
        // A screenshot target catches up by copying, and matches too.
        let shot = Surface(width: 200, height: 100)
        window.drawLastFrame(into: shot)
        #expect(firstMismatch(shot, full.surface) == nil)
    }
}
