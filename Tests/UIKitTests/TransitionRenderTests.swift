import Testing
import UIKit

/// View transitions as drawn: a 200 × 200 red page turning to blue, rendered at 0.3 s of 1 s.
@Suite struct TransitionRenderTests {
    /// The pixels at `points` of the frame at 0.3 s of `options`' transition (BGRA bytes).
    @MainActor
    static func midTransition(_ options: UIView.AnimationOptions, at points: [(Int, Int)]) throws -> [[UInt8]] {
        try CAMediaClock.withManualClock(startingAt: 10) { clock in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            let renderer = CARenderer(width: 200, height: 200)
            renderer.layer = window.layer
            window.makeKeyAndVisible()
            defer { window.isHidden = true }
            let page = UIView(frame: window.bounds)
            page.backgroundColor = .red
            window.addSubview(page)
            CATransaction.flush()
            UIView.transition(with: page, duration: 1, options: [options, .curveLinear],
                              animations: { page.backgroundColor = .blue })
            CATransaction.flush()
            clock.advance(by: 0.3)
            renderer.beginFrame(atTime: CACurrentMediaTime())
            renderer.render()
            renderer.endFrame()
            let image = renderer.makeImage()
            let data = try #require(image.dataProvider?.data as Data?)
            return points.map { x, y in
                let i = y * image.bytesPerRow + x * 4
                return Array(data[i..<i + 4])
            }
        }
    }

    // The renderer's pixels are BGRA in memory.
    static func isRed(_ p: [UInt8]) -> Bool { p[2] == 255 && p[1] == 0 && p[0] == 0 && p[3] == 255 }
    static func isBlue(_ p: [UInt8]) -> Bool { p[2] == 0 && p[1] == 0 && p[0] == 255 && p[3] == 255 }

    @Test @MainActor func curlUpLiftsTheOldPageFromTheBottom() throws {
        let p = try Self.midTransition(.transitionCurlUp, at: [(100, 5), (100, 196)])
        #expect(Self.isRed(p[0]), "top still the old page: \(p[0])")
        #expect(Self.isBlue(p[1]), "bottom uncovered: \(p[1])")
    }

    @Test @MainActor func flipFromLeftTurnsThePageEdgeOnward() throws {
        // At 0.3 of a linear flip the old page has turned 54° about its vertical axis: narrower.
        let p = try Self.midTransition(.transitionFlipFromLeft, at: [(100, 100), (3, 100), (196, 100)])
        #expect(Self.isRed(p[0]))
        #expect(!Self.isRed(p[1]) || !Self.isRed(p[2]), "one side no longer covered: \(p[1]) \(p[2])")
    }

    @Test @MainActor func crossDissolveBlendsOldAndNew() throws {
        let p = try Self.midTransition(.transitionCrossDissolve, at: [(100, 100)])[0]
        // 30 % of the way (linear): the new blue at 0.3 over the old red at 0.7 on a clear
        // frame, premultiplied: B = 0.3·255 = 76.5, R = 0.7·0.7·255 = 125.0,
        // A = (0.3 + 0.7·0.7)·255 = 201.5; within 1.
        #expect(abs(Int(p[0]) - 77) <= 1 && p[1] == 0 && abs(Int(p[2]) - 125) <= 1 && abs(Int(p[3]) - 201) <= 1, "\(p)")
    }
}
