import Foundation
import Testing
@testable import QuartzCore

// One answer for "does this emitter change with time alone" (`LayerState.hasLiveParticles`),
// shared by the renderer's change check (a display link sleeps without it), the content cache
// and still subtrees. Apple: a cell's `birthRate` defaults to 0 and the layer's multiplies it,
// so an emitter with no cells, or a zero birth rate on the layer or on every cell, emits nothing.

private let white = try! CGImage(width: 3, height: 3, premultipliedBGRA: [UInt32](repeating: 0xFFFF_FFFF, count: 9))

/// A 40 × 40 black root holding a 40 × 40 emitter at its centre, set up by `configure`, committed.
private func scene(_ configure: (CAEmitterLayer) -> Void) -> (root: CALayer, renderer: CARenderer) {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
    root.backgroundColor = CGColor(gray: 0, alpha: 1)
    let emitter = CAEmitterLayer()
    emitter.frame = root.bounds
    emitter.emitterPosition = CGPoint(x: 20, y: 20)
    configure(emitter)
    root.addSublayer(emitter)
    let renderer = CARenderer(width: 40, height: 40)
    renderer.layer = root
    CATransaction.flush()
    return (root, renderer)
}

/// A cell that emits 40 white 3 × 3 particles a second, living 1 s, moving at 15 points/s.
private func liveCell() -> CAEmitterCell {
    let cell = CAEmitterCell()
    cell.birthRate = 40
    cell.lifetime = 1
    cell.velocity = 15
    cell.emissionRange = 2 * .pi
    cell.contents = white
    return cell
}

/// How many pixels of a frame (BGRA bytes over opaque black) show some particle.
private func lit(_ bytes: [UInt8]) -> Int { stride(from: 0, to: bytes.count, by: 4).filter { bytes[$0 + 2] > 0 }.count }

private func frame(_ renderer: CARenderer, at t: CFTimeInterval) -> [UInt8] {
    CAMediaClock.current.set(t)
    renderer.beginFrame(atTime: t); renderer.render(); renderer.endFrame()
    return Array(renderer.makeImage().dataProvider!.data!)
}

/// Emitters that draw no particle, now or later: after the first frame the renderer has no next
/// frame (the display link sleeps), draws nothing at a later time, and the committed subtree is
/// still. Before, any emitter counted as changing in `isStill`, and one with cells (of birth rate
/// 0 too) in the renderer's check and the content cache, so these kept a window drawing 60 times
/// a second.
@Test(.manualClock, arguments: ["no cells", "cell birth rate 0", "layer birth rate 0", "disabled cell",
                                "layer lifetime 0", "stopped cell clock"])
func anEmitterWithoutMovingParticlesLetsTheRendererIdle(_ configuration: String) throws {
    let (root, renderer) = scene { e in
        let cell = liveCell()
        switch configuration {
        case "no cells": return
        case "cell birth rate 0": cell.birthRate = 0
        case "layer birth rate 0": e.birthRate = 0
        case "disabled cell": cell.isEnabled = false
        case "layer lifetime 0": e.lifetime = 0
        default: cell.speed = 0; cell.timeOffset = 0.5   // particles of t = 0.5, standing still
        }
        let quiet = CAEmitterCell()   // Apple's default birth rate: 0
        quiet.lifetime = 1
        quiet.contents = white
        e.emitterCells = [cell, quiet]
    }
    let first = frame(renderer, at: 1)
    #expect(renderer.lastFrameStatistics.didDraw)
    #expect(renderer.nextFrameTime() == .infinity, "\(configuration)")
    let (tree, _) = try #require(CommittedTrees.snapshot(for: root))
    #expect(tree.isStill, "\(configuration)")
    let later = frame(renderer, at: 2)
    #expect(!renderer.lastFrameStatistics.didDraw, "\(configuration)")
    #expect(later == first)
    // The stopped clock still shows its particles (white over black); the others show none.
    #expect((lit(first) > 0) == (configuration == "stopped cell clock"), "\(configuration): \(lit(first)) lit")
}

/// A cell that emits for 0.5 s (`duration`) with particles living 1 s: the layer changes until
/// the last of them dies (t = 1.5), then the renderer idles. Before, it never idled.
@Test(.manualClock) func anEmitterWhoseCellsStoppedEmittingIdlesWhenTheLastParticleDies() throws {
    let (root, renderer) = scene { e in
        let cell = liveCell()
        cell.duration = 0.5
        e.emitterCells = [cell]
    }
    let (tree, _) = try #require(CommittedTrees.snapshot(for: root))
    #expect(!tree.isStill)
    let early = frame(renderer, at: 1.0)
    #expect(lit(early) > 0, "particles born before 0.5 s still live at 1 s")
    #expect(renderer.nextFrameTime() == 1.0)
    CAMediaClock.current.set(1.4)
    #expect(renderer.nextFrameTime() == 1.4)
    let gone = frame(renderer, at: 1.6)
    #expect(renderer.lastFrameStatistics.didDraw)
    #expect(lit(gone) == 0, "every particle died by 1.5 s")
    #expect(renderer.nextFrameTime() == .infinity)
    _ = frame(renderer, at: 3)
    #expect(!renderer.lastFrameStatistics.didDraw)
}

/// A live emitter redraws every frame with different pixels (particles move), keeps the next
/// frame at now, and is not a still subtree.
@Test(.manualClock) func aLiveEmitterRedrawsEveryFrame() throws {
    let (root, renderer) = scene { $0.emitterCells = [liveCell()] }
    let (tree, _) = try #require(CommittedTrees.snapshot(for: root))
    #expect(!tree.isStill)
    var previous = frame(renderer, at: 1)
    for t in [1.1, 1.2, 1.3] {
        let image = frame(renderer, at: t)
        #expect(renderer.lastFrameStatistics.didDraw, "at \(t)")
        #expect(image != previous, "at \(t)")
        #expect(renderer.nextFrameTime() == t)
        previous = image
    }
}
