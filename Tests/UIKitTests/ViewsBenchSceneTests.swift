import StrataDemos
import Testing
import UIKit
import UIKitDemos

/// `strata bench --variant views` draws BENCHMARK.md's scene: at time 0 its 50 views look exactly
/// like the layer scene frozen at time 0 (same centres, turns, colours, alpha and corners), and
/// they move (the UIView blocks added repeating animations to every view).
@Suite struct ViewsBenchSceneTests {
    @MainActor private func render(_ root: CALayer, at t: CFTimeInterval) -> CGImage {
        let renderer = CARenderer(width: 1024, height: 768)
        renderer.layer = root
        renderer.beginFrame(atTime: t)
        renderer.render()
        renderer.endFrame()
        return renderer.makeImage()
    }

    /// Pixels whose channels differ by more than `tolerance`.
    private func differing(_ a: CGImage, _ b: CGImage, tolerance: Int) -> Int {
        var n = 0
        for y in stride(from: 0, to: 768, by: 2) {
            for x in stride(from: 0, to: 1024, by: 2) {
                let p = a.surface.row(y)[x], q = b.surface.row(y)[x]
                for shift in stride(from: 0, through: 24, by: 8) where abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)) > tolerance {
                    n += 1
                    break
                }
            }
        }
        return n
    }

    @Test @MainActor func atTimeZeroTheViewsAreTheLayerSceneAndThenTheyMove() {
        CAMediaClock.withManualClock(startingAt: 0) { clock in
            let views = ViewsBenchScene.make(count: 50)
            CATransaction.flush()
            #expect(views.sublayers?.count == 50)
            #expect(views.sublayers?.allSatisfy { ($0.animationKeys()?.count ?? 0) == 2 } == true)
            let layers = BenchmarkScene.makeStatic(variant: .twoD, layerCount: 50, time: 0)
            CATransaction.flush()
            let a = render(views, at: 0), b = render(layers, at: 0)
            // Tolerance 2: the views' matrices come from a CGAffineTransform rotation (rounding).
            #expect(differing(a, b, tolerance: 2) == 0)
            clock.set(1)
            let later = render(views, at: 1)
            #expect(differing(a, later, tolerance: 2) > 10_000, "the views moved in a second")
        }
    }
}
