import Testing
import Raster
@testable import QuartzCore

// Offscreen work as render passes: preparing a frame only describes its passes (no pixel of
// any offscreen surface or of the framebuffer is touched), each pass comes after the passes
// that draw what it reads, and `draw` runs them with the band-parallel executor.

/// A 64 × 64 white root holding a 40 × 40 red layer at (12, 12) that is a group (opacity 0.5,
/// a blue 20 × 20 sublayer at its centre), masked to its left half (x < 32 on screen) and
/// casting a hard black shadow 10 px down.
private func groupMaskShadowScene() -> CALayer {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    defer { CATransaction.commit() }
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
    root.backgroundColor = CGColor.white
    let group = CALayer()
    group.frame = CGRect(x: 12, y: 12, width: 40, height: 40)
    group.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    group.opacity = 0.5
    let inner = CALayer()
    inner.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
    inner.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    group.addSublayer(inner)
    let mask = CALayer()
    mask.frame = CGRect(x: 0, y: 0, width: 20, height: 40)
    mask.backgroundColor = CGColor.black
    group.mask = mask
    group.shadowOpacity = 1
    group.shadowRadius = 0
    group.shadowOffset = CGSize(width: 0, height: 10)
    group.shadowColor = CGColor.black
    root.addSublayer(group)
    return root
}

/// The surfaces a pass draws: its target and, for a mask effect, the surface it multiplies.
private func written(_ pass: RenderPass) -> [Surface] {
    var out: [Surface] = []
    if case .offscreen(let s) = pass.target { out.append(s) }
    if case .applyAsMask(let owner) = pass.effect { out.append(owner) }
    return out
}

/// The surfaces a pass reads: textures of its paints, and the surface its load copies.
private func read(_ pass: RenderPass) -> [Surface] {
    var out: [Surface] = []
    if case .copy(let s) = pass.load { out.append(s) }
    for c in pass.commands {
        switch c.paint {
        case .texture(let s, _, _), .textureOverColor(let s, _, _, _), .alphaMask(let s, _, _), .tintedTexture(let s, _, _, _): out.append(s)
        case .solid, .gradient: break
        }
    }
    return out
}

/// Every surface a pass reads is drawn only by passes before it.
private func expectDependencyOrder(_ passes: [RenderPass], sourceLocation: SourceLocation = #_sourceLocation) {
    for (i, pass) in passes.enumerated() {
        for s in read(pass) {
            let writers = passes.indices.filter { j in written(passes[j]).contains { $0 === s } }
            #expect(writers.allSatisfy { $0 < i }, "pass \(i) reads a surface drawn by passes \(writers)",
                    sourceLocation: sourceLocation)
        }
    }
}

@Test(.manualClock) func preparingAFrameListsItsPassesWithoutTouchingAPixel() throws {
    let root = groupMaskShadowScene()
    let renderer = CARenderer(width: 64, height: 64)
    renderer.layer = root
    renderer.beginFrame(atTime: 0)
    let frame = renderer.prepareFrame(atTime: 0)
    let passes = frame.passes
    // The group's content, the mask (into a scratch surface, multiplied into the group), the
    // shadow (a copy of the masked group, blurred), then the framebuffer.
    try #require(passes.count == 4)
    guard case .offscreen(let group) = passes[0].target, case .keep = passes[0].load, passes[0].effect == nil,
          case .offscreen(let scratch) = passes[1].target, case .clear(0) = passes[1].load,
          case .applyAsMask(let masked) = passes[1].effect,
          case .offscreen(let shadow) = passes[2].target, case .copy(let copied) = passes[2].load,
          case .blur(let radius) = passes[2].effect,
          case .framebuffer = passes[3].target else {
        Issue.record("unexpected passes \(passes.map { "\($0.target) \($0.load) \(String(describing: $0.effect))" })")
        return
    }
    #expect(masked === group && copied === group && radius == 0)
    #expect(scratch !== group && shadow !== group)
    #expect(passes[3].commands.count == 3, "the root, then the shadow and the group from their textures: \(passes[3].commands.count)")
    expectDependencyOrder(passes)
    for s in [group, scratch, shadow, renderer.surface] {
        #expect(pixels(s).allSatisfy { $0 == 0 }, "nothing drawn while preparing")
    }

    renderer.draw(frame)
    renderer.endFrame()
    #expect(pixels(group).contains { $0 != 0 }, "drawing ran the offscreen passes")
    let image = renderer.makeImage()
    // The shadow alone: black at 128 over white, 255·127/255 = 127.
    Golden.expectPixel(image, 20, 56, 0xFF7F_7F7F, "shadow only")
    // Red at 128 over the shadow's grey 127: 128 + 127·127/255 ≈ 191, and 127·127/255 ≈ 63.
    Golden.expectPixel(image, 20, 30, 0xFFBF_3F3F, tolerance: 1, "group over its shadow")
    Golden.expectPixel(image, 28, 30, 0xFF3F_3FBF, tolerance: 1, "the blue sublayer, in the same group")
    Golden.expectPixel(image, 40, 30, 0xFFFF_FFFF, "masked away, the shadow with it")
}

private func pixels(_ s: Surface) -> [UInt32] {
    (0..<s.height).flatMap { y in (0..<s.width).map { s[$0, y] } }
}

/// A translucent layer with a background and a border (one group, drawn from a cached
/// texture) and a second layer that moves between frames.
private func cachedContentScene() -> (root: CALayer, mover: CALayer) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    defer { CATransaction.commit() }
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 48, height: 48)
    root.backgroundColor = CGColor.white
    let cached = CALayer()
    cached.frame = CGRect(x: 4, y: 4, width: 30, height: 30)
    cached.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    cached.borderColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    cached.borderWidth = 4
    cached.opacity = 0.5
    root.addSublayer(cached)
    let mover = CALayer()
    mover.frame = CGRect(x: 36, y: 36, width: 8, height: 8)
    mover.backgroundColor = CGColor.black
    root.addSublayer(mover)
    return (root, mover)
}

@Test(.manualClock) func aCachedTextureFirstDrawnByAFrameNotYetDrawnIsListedAgainAndDrawnOnce() {
    let (root, mover) = cachedContentScene()
    let renderer = CARenderer(width: 48, height: 48)
    renderer.layer = root
    // Pipelined: frame 2 is prepared before frame 1 is drawn.
    renderer.beginFrame(atTime: 0)
    let frame1 = renderer.prepareFrame(atTime: 0)
    CATransaction.begin(); CATransaction.setDisableActions(true)
    mover.position = CGPoint(x: 10, y: 40)
    CATransaction.commit()
    let frame2 = renderer.prepareFrame(atTime: 0)
    let latched1 = frame1.passes.filter { $0.latch != nil }, latched2 = frame2.passes.filter { $0.latch != nil }
    #expect(latched1.count == 1 && latched2.count == 1, "the cached texture's pass, in both frames")
    #expect(latched1.first?.latch === latched2.first?.latch)
    #expect(renderer.contentCacheMisses == 1)
    renderer.draw(frame1)
    renderer.draw(frame2)
    renderer.endFrame()
    let pipelined = renderer.makeImage()
    let fresh = Golden.render(root, width: 48, height: 48)
    #expect(pixels(pipelined.surface) == pixels(fresh.surface))
    // Red at 128 over white inside the border: (255, 127, 127).
    Golden.expectPixel(pipelined, 19, 19, 0xFFFF_7F7F)

    // Once drawn, later frames read the texture without its pass.
    CATransaction.begin(); CATransaction.setDisableActions(true)
    mover.position = CGPoint(x: 40, y: 10)
    CATransaction.commit()
    renderer.beginFrame(atTime: 0)
    let frame3 = renderer.prepareFrame(atTime: 0)
    #expect(frame3.passes.count == 1, "only the framebuffer pass")
    renderer.draw(frame3)
    renderer.endFrame()
    #expect(renderer.contentCacheMisses == 1)
}

/// A scene whose frame needs every kind of offscreen pass: group opacity, a mask chain three
/// deep, shadows from the layer's alpha (blurred) and from a path, cached content, and a
/// group inside a mask.
private func everyOffscreenPassScene() -> CALayer {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    defer { CATransaction.commit() }
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 150, height: 110)
    root.backgroundColor = CGColor(gray: 0.9, alpha: 1)
    let group = CALayer()
    group.frame = CGRect(x: 10, y: 10, width: 70, height: 60)
    group.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
    group.cornerRadius = 9
    group.opacity = 0.7
    group.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
    group.shadowOpacity = 0.8
    group.shadowRadius = 5
    group.shadowOffset = CGSize(width: 4, height: 6)
    let child = CALayer()
    child.frame = CGRect(x: 20, y: 15, width: 40, height: 30)
    child.backgroundColor = CGColor(red: 0.1, green: 0.4, blue: 0.9, alpha: 0.8)
    group.addSublayer(child)
    var owner = group
    for i in 0..<3 {
        let mask = CALayer()
        mask.frame = CGRect(x: CGFloat(i * 6), y: CGFloat(i * 4), width: 64 - CGFloat(i * 8), height: 56 - CGFloat(i * 6))
        mask.backgroundColor = CGColor(gray: 0, alpha: 0.9)
        mask.cornerRadius = 12
        if i == 2 {
            // A group inside the chain: drawn whole, with its own pass.
            let part = CALayer()
            part.frame = CGRect(x: 5, y: 5, width: 20, height: 20)
            part.backgroundColor = CGColor.black
            mask.addSublayer(part)
            mask.opacity = 0.6
        }
        owner.mask = mask
        owner = mask
    }
    root.addSublayer(group)
    let pathShadow = CALayer()
    pathShadow.frame = CGRect(x: 95, y: 15, width: 40, height: 30)
    pathShadow.backgroundColor = CGColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 1)
    pathShadow.shadowOpacity = 1
    pathShadow.shadowRadius = 3
    pathShadow.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 30), transform: nil)
    root.addSublayer(pathShadow)
    let cached = CALayer()
    cached.frame = CGRect(x: 90, y: 60, width: 45, height: 35)
    cached.backgroundColor = CGColor(red: 0.5, green: 0.2, blue: 0.8, alpha: 1)
    cached.borderColor = CGColor(gray: 0.1, alpha: 1)
    cached.borderWidth = 3
    cached.cornerRadius = 6
    cached.opacity = 0.6
    cached.transform = CATransform3DMakeRotation(-0.2, 0, 0, 1)
    root.addSublayer(cached)
    return root
}

@Test(.manualClock) func offscreenPassesGiveTheSamePixelsWithOneAndTwoThreads() throws {
    let root = everyOffscreenPassScene()
    let renderer = CARenderer(width: 150, height: 110)
    renderer.layer = root
    renderer.beginFrame(atTime: 0)
    let passes = renderer.prepareFrame(atTime: 0).passes
    renderer.endFrame()
    expectDependencyOrder(passes)
    let offscreen = passes.filter { if case .offscreen = $0.target { return true } else { return false } }
    // (The ellipse's shadow path is a mask from the shadow cache, with no pass of its own.)
    #expect(offscreen.count >= 7, "\(offscreen.count) offscreen passes")
    #expect(passes.contains { if case .blur(let r) = $0.effect { return r > 0 } else { return false } })
    #expect(passes.contains { $0.latch != nil })

    let one = Golden.render(root, width: 150, height: 110, threads: 1)
    let two = Golden.render(root, width: 150, height: 110, threads: 2)
    let differing = zip(pixels(one.surface), pixels(two.surface)).filter { $0 != $1 }.count
    #expect(differing == 0, "\(differing) pixels differ between 1 and 2 threads")
    #expect(Set(pixels(one.surface)).count > 50, "a busy picture")
}
