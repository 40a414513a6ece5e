import Foundation
import Raster
import Testing
@testable import QuartzCore
@testable import StrataApp

/// A window stand-in as the X server sees one: three buffers taken in turn (as the MIT-SHM
/// pool hands them out), and a screen that receives only the rectangles each present names.
/// Whatever a frame leaves out of its rectangles must already be right on the screen.
private final class TurnTakingOutput: FrameOutput, @unchecked Sendable {
    let buffers: [Surface]
    let screen: Surface
    private var next = 0
    private(set) var presentedPixels = 0

    init(width: Int, height: Int) {
        buffers = (0..<3).map { _ in Surface(width: width, height: height) }
        screen = Surface(width: width, height: height)
        // The screen starts as garbage: only what is presented may show.
        screen.clear(0xFF00_FF00)
    }

    func presentDamage(width: Int, height: Int, drawingWith draw: (Surface) -> [IntRect]?) -> Bool {
        let buffer = buffers[next]
        next = (next + 1) % buffers.count
        let rects = draw(buffer) ?? [IntRect(buffer)]
        for r in rects {
            screen.copy(r, from: buffer)
            presentedPixels += r.area
        }
        return true
    }

    func present(_ surface: Surface, damage: [IntRect]?) {
        for r in damage ?? [IntRect(surface)] {
            screen.copy(r, from: surface)
            presentedPixels += r.area
        }
    }
}

/// A ring of squares circling and turning (the benchmark's `2d` scene in small): every frame
/// damages most of the ring, never its middle.
private func ringScene(width: Int, height: Int) -> CALayer {
    Reference.withoutActions {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: CGFloat(width), height: CGFloat(height))
        root.backgroundColor = CGColor(gray: 0.12, alpha: 1)
        for i in 0..<16 {
            let square = CALayer()
            square.bounds = CGRect(x: 0, y: 0, width: 28, height: 28)
            square.cornerRadius = 5
            square.backgroundColor = CGColor(red: 0.9, green: CGFloat(i) / 16, blue: 0.3, alpha: 0.85)
            let a = Double(i) / 16 * 2 * .pi
            let path = CGMutablePath()
            path.addEllipse(in: CGRect(x: Double(width) / 2 - 110, y: Double(height) / 2 - 80, width: 220, height: 160))
            square.position = CGPoint(x: Double(width) / 2 + 110 * cos(a), y: Double(height) / 2 + 80 * sin(a))
            let orbit = CAKeyframeAnimation(keyPath: "position")
            orbit.path = path
            orbit.duration = 3 + Double(i % 4)
            orbit.timeOffset = Double(i) / 16 * orbit.duration
            orbit.repeatCount = .infinity
            square.add(orbit, forKey: "orbit")
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0
            spin.toValue = 2 * Double.pi
            spin.duration = 2 + Double(i % 3)
            spin.repeatCount = .infinity
            square.add(spin, forKey: "spin")
            root.addSublayer(square)
        }
        return root
    }
}

@Suite(.timeLimit(.minutes(3)))
struct FramePipelineDamageTests {
    /// Frames drawn into buffers that take turns, and presented as their damage only: the
    /// screen equals a full render of every frame, and the damage sent leaves the ring's
    /// middle out (to a tile: `DamageTiles`).
    @Test func theScreenEqualsAFullRenderWhenOnlyTheDamageIsPresented() throws {
        CAMediaClock.withManualClock(startingAt: 0) { _ in drawRing() }
    }

    private func drawRing() {
        let (w, h) = (320, 240)
        let root = ringScene(width: w, height: h)
        let reference = CARenderer(width: w, height: h)
        reference.redrawsDamageOnly = false
        reference.layer = ringScene(width: w, height: h)
        let renderer = CARenderer(width: w, height: h)
        renderer.layer = root
        CATransaction.flush()
        let output = TurnTakingOutput(width: w, height: h)
        let pipeline = FramePipeline(renderer: renderer, output: output)
        var sentAfterFirst = 0
        for k in 0..<24 {
            let t = Double(k) / 30
            let before = output.presentedPixels
            let shown = pipeline.show(at: t, preparingNextAt: k < 23 ? Double(k + 1) / 30 : nil, force: k == 0)
            #expect(shown.presented, "frame \(k)")
            if k > 0 { sentAfterFirst += output.presentedPixels - before }
            reference.beginFrame(atTime: shown.time)
            reference.render()
            reference.endFrame()
            var first: (Int, Int)?
            for y in 0..<h where first == nil {
                for x in 0..<w where output.screen[x, y] != reference.surface[x, y] { first = (x, y); break }
            }
            #expect(first == nil, "frame \(k) at t = \(shown.time): the screen differs at \(first.map { "\($0)" } ?? "")")
            if first != nil { break }
        }
        _ = pipeline.takeAhead()
        // Measured: 35.5 % of the window a frame; the few boxes a redraw takes would send 41 %.
        #expect(sentAfterFirst * 100 <= 23 * w * h * 38, "sent \(sentAfterFirst) px in 23 frames of \(w * h)")
    }
}
