import Testing
@testable import QuartzCore
import Raster

// `CARenderer.draw(_:into:)`: frames drawn into surfaces that take turns (a window's two
// shared-memory buffers) are the frames `render()` draws, and a frame with nothing new still
// brings a target holding an older frame up to date.

private func allPixels(_ s: Surface) -> [UInt32] {
    (0..<s.height).flatMap { y in (0..<s.width).map { x in s[x, y] } }
}

/// A translucent rounded square over a grey root; `animated` moves it along x over one second.
private func scene(animated: Bool) -> CALayer {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 64, height: 48)
    root.backgroundColor = CGColor(gray: 0.3, alpha: 1)
    let square = CALayer()
    square.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
    square.position = CGPoint(x: 20, y: 24)
    square.cornerRadius = 5
    square.opacity = 0.6
    square.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    root.addSublayer(square)
    CATransaction.commit()
    if animated {
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 10.0; move.toValue = 50.0; move.duration = 1
        square.add(move, forKey: "move")
    }
    CATransaction.flush()
    return root
}

@Test func framesDrawnIntoAlternatingTargetsAreTheRenderedFrames() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let root = scene(animated: true)
        let renderer = CARenderer(width: 64, height: 48)
        renderer.layer = root
        let reference = CARenderer(width: 64, height: 48)
        reference.layer = root
        let targets = [Surface(width: 64, height: 48), Surface(width: 64, height: 48)]
        for t in targets { t.clear(0xFFFF_00FF) }
        for (k, time) in [0.0, 0.25, 0.5, 0.75].enumerated() {
            clock.set(time)
            let target = targets[k % 2]
            renderer.draw(renderer.prepareFrame(atTime: time), into: target)
            reference.beginFrame(atTime: time); reference.render(); reference.endFrame()
            #expect(allPixels(target) == allPixels(reference.surface), "frame \(k)")
            #expect(renderer.lastFrameStatistics.didDraw)
        }
        // The square moved: the frames are not all the same.
        #expect(allPixels(targets[0]) != allPixels(targets[1]))
    }
}

@Test func anUnchangedFrameBringsAnOlderTargetUpToDate() {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let root = scene(animated: false)
        let renderer = CARenderer(width: 64, height: 48)
        renderer.layer = root
        let first = Surface(width: 64, height: 48), second = Surface(width: 64, height: 48)
        second.clear(0xFFFF_00FF)
        renderer.draw(renderer.prepareFrame(atTime: 0), into: first)
        // Nothing changed: the first target needs no work, the second gets the frame.
        renderer.draw(renderer.prepareFrame(atTime: 1), into: first)
        #expect(!renderer.lastFrameStatistics.didDraw)
        renderer.draw(renderer.prepareFrame(atTime: 2), into: second)
        #expect(renderer.lastFrameStatistics.didDraw)
        #expect(allPixels(second) == allPixels(first))
        // Hand-computed: orange (1, 0.5, 0) at 0.6 over grey 0.3 (77): R 153 + 31 = 184,
        // G 77 + 31 = 108, B 31 (0.4 × 77 = 30.8).
        #expect(second[20, 24] == 0xFFB8_6C1F)
        #expect(second[2, 2] == 0xFF4D_4D4D)
        renderer.draw(renderer.prepareFrame(atTime: 3), into: second)
        #expect(!renderer.lastFrameStatistics.didDraw)
    }
}

/// `makeImage()` shares the framebuffer (issue #25: at 16384² a render plus `makeImage()` held
/// two 1 GiB copies): the image's pixels are the framebuffer's memory until the renderer draws
/// again while the image lives, when the image gets a copy and keeps the frame it was made of;
/// a renderer freed first hands its memory to the image. Before, every image was a copy.
@Test func makeImageSharesTheFramebufferUntilTheNextFrame() {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let root = scene(animated: false)
        var renderer: CARenderer? = CARenderer(width: 64, height: 48)
        renderer!.layer = root
        renderer!.beginFrame(atTime: 0); renderer!.render(); renderer!.endFrame()
        let first = renderer!.makeImage()
        #expect(first.surface.pixels == renderer!.surface.pixels, "no copy")
        let before = allPixels(first.surface)
        #expect(first.surface[2, 2] == renderer!.surface[2, 2])
        // The next frame changes the square: the image keeps the first frame's pixels.
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.sublayers?[0].backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        CATransaction.commit()
        renderer!.beginFrame(atTime: 0); renderer!.render(); renderer!.endFrame()
        #expect(first.surface.pixels != renderer!.surface.pixels)
        #expect(allPixels(first.surface) == before)
        #expect(renderer!.surface[20, 24] != first.surface[20, 24], "the framebuffer shows the new frame")
        // An image outliving its renderer takes the memory over.
        let second = renderer!.makeImage()
        let secondPixels = allPixels(second.surface)
        let memory = second.surface.pixels
        renderer = nil
        #expect(second.surface.pixels == memory)
        #expect(allPixels(second.surface) == secondPixels)
    }
}

/// This process's resident memory in bytes (`VmRSS` of /proc/self/status), or nil.
private func residentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let kB = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return nil }
    return kB * 1024
}

/// The largest frame, 16384 × 16384 (1 GiB of pixels), and `makeImage()`: the image takes the
/// framebuffer's memory, so the resident set grows by far less than a frame across
/// `makeImage()` (a copy would add 1 GiB; issue #25 saw over 2 GB at this size). Other tests
/// running beside this one may add some memory: the bound is a quarter of a frame. Run alone,
/// the test process peaks at 1.04 GiB (1,092,236 kB maximum resident set): the frame and 43 MB.
@Test func makeImageOfTheLargestFrameAddsNoCopy() throws {
    try CAMediaClock.withManualClock(startingAt: 0) { _ in
        let side = 16384
        CATransaction.begin(); CATransaction.setDisableActions(true)
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        CATransaction.commit()
        let renderer = CARenderer(width: side, height: side)
        #expect(renderer.surface.width == side && renderer.surface.height == side)
        renderer.layer = root
        renderer.beginFrame(atTime: 0); renderer.render(); renderer.endFrame()
        let before = try #require(residentBytes())
        let image = renderer.makeImage()
        let after = try #require(residentBytes())
        #expect(after - before < side * side, "makeImage() added \(after - before) bytes")
        #expect(image.surface.pixels == renderer.surface.pixels, "no copy")
        #expect(image.surface[0, 0] == 0xFFFF_0000 && image.surface[side - 1, side - 1] == 0xFFFF_0000)
    }
}
