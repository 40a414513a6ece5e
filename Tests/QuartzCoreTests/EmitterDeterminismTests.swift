import Foundation
import Testing
@testable import QuartzCore
import StrataDemos

// The particle system is a pure function of (seed, layer time): hand-computed particle places,
// one jump equal to 438 frames, speed 0 freezing and timeOffset shifting exactly, the seed
// mattering, render modes, and the gallery's emitters as goldens (checked by eye).

private let red: UInt32 = 0xFFFF_0000
private let black: UInt32 = 0xFF00_0000

/// A white `side` × `side` image (particles are tinted by their cell's colour).
private func whiteImage(_ side: Int) -> CGImage {
    try! CGImage(width: side, height: side, premultipliedBGRA: [UInt32](repeating: 0xFFFF_FFFF, count: side * side))
}

/// A black `w` × `h` root with an emitter covering it.
private func scene(_ emitter: CAEmitterLayer, _ w: CGFloat = 100, _ h: CGFloat = 40) -> CALayer {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: w, height: h)
    root.backgroundColor = CGColor(gray: 0, alpha: 1)
    emitter.frame = root.bounds
    root.addSublayer(emitter)
    return root
}

/// One particle a second from (10, 20), moving right at 10 pt/s, living 10 s, a red 4-pt square.
private func steadyEmitter() -> CAEmitterLayer {
    let e = CAEmitterLayer()
    e.emitterPosition = CGPoint(x: 10, y: 20)
    let c = CAEmitterCell()
    c.birthRate = 1
    c.lifetime = 10
    c.velocity = 10
    c.contents = whiteImage(4)
    c.color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    e.emitterCells = [c]
    return e
}

@Test(.manualClock) func particlesAreWhereTheClosedFormPutsThem() {
    // At t = 2.5 particles n = 0, 1, 2 (born at 0, 1, 2 s) are 2.5, 1.5, 0.5 s old: centres
    // x = 35, 25, 15 on y = 20, each covering ±2.
    let image = Golden.render(scene(steadyEmitter()), width: 100, height: 40, time: 2.5)
    for x in [35, 25, 15] { Golden.expectPixel(image, x, 20, red, tolerance: 1, "particle at x = \(x)") }
    Golden.expectPixel(image, 30, 20, black)
    Golden.expectPixel(image, 45, 20, black, "no particle born before t = 0")
    Golden.expectPixel(image, 35, 25, black)
    let (particles, capped) = ParticleSimulation.particles(steadyEmitter().state.emitter!, at: 2.5)
    #expect(!capped)
    #expect(particles.map(\.position.x).sorted() == [15, 25, 35])
}

@Test(.manualClock) func accelerationScaleAndColourSpeedFollowTheirFormulas() {
    let e = CAEmitterLayer()
    let c = CAEmitterCell()
    c.birthRate = 1
    c.lifetime = 5
    c.velocity = 0
    c.yAcceleration = 4
    c.scaleSpeed = 0.5
    c.alphaSpeed = -0.1
    c.spin = 1
    c.contents = whiteImage(2)
    e.emitterCells = [c]
    // Particle 0 at t = 3: y = ½·4·9 = 18, scale 1 + 1.5 = 2.5, alpha 0.7, angle 3.
    let (p, _) = ParticleSimulation.particles(e.state.emitter!, at: 3)
    let first = p.first { $0.birth == 0 }
    #expect(first?.position == SIMD3(0, 18, 0))
    #expect(first?.scale == 2.5)
    #expect(abs((first?.color.w ?? 0) - 0.7) < 1e-6)
    #expect(first?.angle == 3)
}

@Test(.manualClock) func oneJumpEqualsFourHundredAndThirtyEightFrames() {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let jumped = Golden.render(scene(EmitterTestScenes.busy(), 64, 64), width: 64, height: 64, time: 7.3)
        let renderer = CARenderer(width: 64, height: 64)
        renderer.layer = scene(EmitterTestScenes.busy(), 64, 64)
        CATransaction.flush()
        for frame in 1...438 {
            renderer.beginFrame(atTime: Double(frame) / 60)
            renderer.render()
            renderer.endFrame()
        }
        let stepped = renderer.makeImage()
        var differing = 0
        for y in 0..<64 { for x in 0..<64 where Golden.pixel(jumped, x, y) != Golden.pixel(stepped, x, y) { differing += 1 } }
        #expect(differing == 0)
        // And something is there to compare.
        var lit = 0
        for y in 0..<64 { for x in 0..<64 where Golden.pixel(jumped, x, y) != black { lit += 1 } }
        #expect(lit > 100)
    }
}

@Test(.manualClock) func speedZeroFreezesAndTimeOffsetShifts() {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let reference = Golden.render(scene(EmitterTestScenes.busy(), 64, 64), width: 64, height: 64, time: 2)
        let frozen = EmitterTestScenes.busy()
        frozen.speed = 0
        frozen.timeOffset = 2
        let root = scene(frozen, 64, 64)
        let a = Golden.render(root, width: 64, height: 64, time: 1)
        let b = Golden.render(root, width: 64, height: 64, time: 9)
        for y in 0..<64 {
            for x in 0..<64 {
                #expect(Golden.pixel(a, x, y) == Golden.pixel(b, x, y))
                #expect(Golden.pixel(a, x, y) == Golden.pixel(reference, x, y))
            }
        }
        // Half speed: at t = 4 the layer's time is 2.
        let slow = EmitterTestScenes.busy()
        slow.speed = 0.5
        let c = Golden.render(scene(slow, 64, 64), width: 64, height: 64, time: 4)
        var differing = 0
        for y in 0..<64 { for x in 0..<64 where Golden.pixel(c, x, y) != Golden.pixel(reference, x, y) { differing += 1 } }
        #expect(differing == 0)
    }
}

@Test func theSeedChoosesTheRandomRanges() {
    let a = EmitterTestScenes.busy(), b = EmitterTestScenes.busy()
    b.seed = 99
    let pa = ParticleSimulation.particles(a.state.emitter!, at: 3).particles
    let pb = ParticleSimulation.particles(b.state.emitter!, at: 3).particles
    let pa2 = ParticleSimulation.particles(EmitterTestScenes.busy().state.emitter!, at: 3).particles
    #expect(pa == pa2)
    #expect(!pa.isEmpty && !pb.isEmpty)
    #expect(pa != pb)
}

@Test func emitterShapesPlaceBirthsOnTheirShapes() {
    func births(_ shape: CAEmitterLayerEmitterShape, _ mode: CAEmitterLayerEmitterMode) -> [SIMD3<Double>] {
        let e = CAEmitterLayer()
        e.emitterPosition = CGPoint(x: 50, y: 50)
        e.emitterSize = CGSize(width: 20, height: 10)
        e.emitterDepth = 6
        e.emitterShape = shape
        e.emitterMode = mode
        let c = CAEmitterCell()
        c.birthRate = 100
        c.lifetime = 1
        e.emitterCells = [c]
        return ParticleSimulation.particles(e.state.emitter!, at: 0.999).particles.map(\.position)
    }
    for p in births(.point, .volume) { #expect(p == SIMD3(50, 50, 0)) }
    for p in births(.line, .volume) { #expect(p.y == 50 && abs(p.x - 50) <= 10) }
    for p in births(.rectangle, .volume) { #expect(abs(p.x - 50) <= 10 && abs(p.y - 50) <= 5 && p.z == 0) }
    for p in births(.rectangle, .outline) { #expect(abs(abs(p.x - 50) - 10) < 1e-9 || abs(abs(p.y - 50) - 5) < 1e-9) }
    for p in births(.circle, .outline) { #expect(abs((p.x - 50) * (p.x - 50) + (p.y - 50) * (p.y - 50) - 100) < 1e-6) }
    for p in births(.circle, .volume) { #expect((p.x - 50) * (p.x - 50) + (p.y - 50) * (p.y - 50) <= 100 + 1e-9) }
    for p in births(.sphere, .surface) {
        let d = p - SIMD3(50, 50, 0)
        #expect(abs((d * d).sum() - 100) < 1e-6)
    }
    for p in births(.cuboid, .volume) { #expect(abs(p.x - 50) <= 10 && abs(p.y - 50) <= 5 && abs(p.z) <= 3) }
    for p in births(.cuboid, .points) { #expect(abs(p.x - 50) == 10 && abs(p.y - 50) == 5 && abs(p.z) == 3) }
    #expect(births(.circle, .volume).count == 100)
}

@Test(.manualClock) func aCellWithoutContentsDrawsNothing() {
    let e = steadyEmitter()
    e.emitterCells?.first?.contents = nil
    e.emitterCells = e.emitterCells    // the layer reads its cells when they are set
    let image = Golden.render(scene(e), width: 100, height: 40, time: 2.5)
    Golden.expectPixel(image, 35, 20, black)
}

/// An emitter at (20, 20) birthing one still 4 × 4 white particle a second (10 s lives), cell
/// finished by `cell`, drawn with `mode` at t = 1.5: two particles overlap at (20, 20).
private func renderStillParticles(_ mode: CAEmitterLayerRenderMode, cell: (CAEmitterCell) -> Void) -> CGImage {
    let e = CAEmitterLayer()
    e.emitterPosition = CGPoint(x: 20, y: 20)
    e.renderMode = mode
    let c = CAEmitterCell()
    c.birthRate = 1
    c.lifetime = 10
    c.contents = whiteImage(4)
    cell(c)
    e.emitterCells = [c]
    return Golden.render(scene(e), width: 100, height: 40, time: 1.5)
}

@Test(.manualClock) func additiveRenderModeAddsOverlappingParticles() {
    // Two particles at the same place (velocity 0), each (100, 0, 0) at full alpha: source-over
    // shows one; plusLighter adds their colours.
    func render(_ mode: CAEmitterLayerRenderMode) -> CGImage {
        renderStillParticles(mode) { $0.color = CGColor(red: 100.0 / 255, green: 0, blue: 0, alpha: 1) }
    }
    Golden.expectPixel(render(.unordered), 20, 20, 0xFF64_0000, tolerance: 1)
    Golden.expectPixel(render(.additive), 20, 20, 0xFFC8_0000, tolerance: 1)
}

@Test func subcellsAreEmittedFromTheirParentsPath() {
    // Parents: one a second from (10, 20) moving right at 10 pt/s. Each emits a still child
    // twice a second of its age, living 1 s. At t = 2.5 the live children (age < 1) were born
    // at parent ages 1.5 + {0.5, 1} … : parent 0 (age 2.5) → children at x = 30, 35; parent 1
    // (age 1.5) → 20, 25; parent 2 (age 0.5) → 10, 15.
    let e = CAEmitterLayer()
    e.emitterPosition = CGPoint(x: 10, y: 20)
    let parent = CAEmitterCell()
    parent.birthRate = 1
    parent.lifetime = 10
    parent.velocity = 10
    let child = CAEmitterCell()
    child.birthRate = 2
    child.lifetime = 1
    parent.emitterCells = [child]
    e.emitterCells = [parent]
    let all = ParticleSimulation.particles(e.state.emitter!, at: 2.5).particles
    #expect(all.filter { $0.cell == 0 }.map(\.position.x).sorted() == [15, 25, 35])
    #expect(all.filter { $0.cell == 1 }.map(\.position.x).sorted() == [10, 15, 20, 25, 30, 35])
    // A child outlives its parent: with parents living 1 s, parent 0 (dead at t = 1) still
    // has its child born at its age 1 (x = 20) alive at t = 1.5, beside parent 1's two
    // (parent 1 starts at x = 10 at t = 1; its children born at its ages 0 and 0.5: x = 10, 15).
    parent.lifetime = 1
    e.emitterCells = [parent]
    let later = ParticleSimulation.particles(e.state.emitter!, at: 1.5).particles
    #expect(later.filter { $0.cell == 1 }.map(\.position.x).sorted() == [10, 15, 20])
}

@Test(.manualClock) func oldestFirstAndOldestLastOrderOverlappingParticles() {
    // Particles 0 (age 1.5) and 1 (age 0.5) at one place; colour (0, 0, 1) changing by
    // (+½, 0, −½) a second: the older is (0.75, 0, 0.25), the newer (0.25, 0, 0.75).
    func render(_ mode: CAEmitterLayerRenderMode) -> CGImage {
        renderStillParticles(mode) { c in
            c.color = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            c.redSpeed = 0.5
            c.blueSpeed = -0.5
        }
    }
    Golden.expectPixel(render(.oldestFirst), 20, 20, 0xFF40_00BF, tolerance: 1, "the newest on top")
    Golden.expectPixel(render(.oldestLast), 20, 20, 0xFFBF_0040, tolerance: 1, "the oldest on top")
}

@Test(.manualClock) func emitterGalleryGoldens() {
    Golden.checkGalleryItem("confetti", at: 2.5, named: "confetti")
    Golden.checkGalleryItem("fire", at: 2.0, named: "fire")
}

/// Emitters shared by the determinism tests.
enum EmitterTestScenes {
    /// Two cells with every random range used, spinning, accelerating and fading, on a circle.
    static func busy() -> CAEmitterLayer {
        let e = CAEmitterLayer()
        e.emitterPosition = CGPoint(x: 32, y: 32)
        e.emitterSize = CGSize(width: 20, height: 20)
        e.emitterShape = .circle
        e.seed = 5
        let a = CAEmitterCell()
        a.birthRate = 12
        a.lifetime = 3
        a.lifetimeRange = 1
        a.velocity = 12
        a.velocityRange = 8
        a.emissionRange = 2 * .pi
        a.yAcceleration = 3
        a.spin = 2
        a.spinRange = 3
        a.scale = 1
        a.scaleRange = 0.5
        a.scaleSpeed = -0.1
        a.color = CGColor(red: 1, green: 0.6, blue: 0.2, alpha: 1)
        a.redRange = 0.3
        a.alphaSpeed = -0.2
        a.contents = whiteImage(5)
        let b = CAEmitterCell()
        b.birthRate = 5
        b.lifetime = 4
        b.velocity = 6
        b.emissionLongitude = -.pi / 2
        b.emissionRange = 1
        b.contents = whiteImage(3)
        b.color = CGColor(red: 0.2, green: 0.8, blue: 1, alpha: 0.8)
        e.emitterCells = [a, b]
        return e
    }
}
