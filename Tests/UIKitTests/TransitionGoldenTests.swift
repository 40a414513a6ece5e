import Testing
import UIKit

/// Goldens of UIKit's view transitions as an iOS programmer writes them (looked at by eye when
/// made), on a manual clock, each with hand-computed pixels: a 160 × 120 card in a black
/// 240 × 180 window, red with a white square at its top left before, blue with a yellow disc at
/// its top right after. Linear curves, 1 s, so time t is progress t.
@Suite struct TransitionGoldenTests {
    static let size = CGSize(width: 240, height: 180)
    static let black: UInt32 = 0xFF00_0000, red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF

    /// The scene: the card's container (clear) and its two faces, the back one not yet shown.
    @MainActor
    struct Scene {
        let container = UIView(frame: CGRect(x: 40, y: 30, width: 160, height: 120))
        let front = UIView(frame: CGRect(x: 0, y: 0, width: 160, height: 120))
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 160, height: 120))

        init(in window: UIWindow, backInContainer: Bool) {
            front.backgroundColor = .red
            let square = UIView(frame: CGRect(x: 12, y: 12, width: 30, height: 30))
            square.backgroundColor = .white
            front.addSubview(square)
            back.backgroundColor = .blue
            let disc = UIView(frame: CGRect(x: 108, y: 12, width: 40, height: 40))
            disc.backgroundColor = .yellow
            disc.layer.cornerRadius = 20
            back.addSubview(disc)
            window.addSubview(container)
            container.addSubview(front)
            if backInContainer {
                back.isHidden = true
                container.addSubview(back)
            }
        }
    }

    /// Builds the scene in a window, runs `start` (which begins the transition), and renders the
    /// frames at `times` seconds after it.
    @MainActor
    static func frames(at times: [Double], backInContainer: Bool = true, _ start: (Scene) -> Void) -> [CGImage] {
        CAMediaClock.withManualClock(startingAt: 10) { clock in
            let window = UIWindow(frame: CGRect(origin: .zero, size: size))
            window.backgroundColor = .black
            window.makeKeyAndVisible()
            defer { window.isHidden = true }
            let renderer = CARenderer(width: Int(size.width), height: Int(size.height))
            renderer.layer = window.layer
            let scene = Scene(in: window, backInContainer: backInContainer)
            CATransaction.flush()
            start(scene)
            CATransaction.flush()
            var elapsed = 0.0
            return times.map { t in
                clock.advance(by: t - elapsed)
                elapsed = t
                renderer.beginFrame(atTime: CACurrentMediaTime())
                renderer.render()
                renderer.endFrame()
                return renderer.makeImage()
            }
        }
    }

    static func hex(_ p: UInt32) -> String { String(p, radix: 16) }

    @Test @MainActor func flipFromLeftBetweenTwoViews() {
        let images = Self.frames(at: [0.25, 0.5, 0.75], backInContainer: false) { s in
            UIView.transition(from: s.front, to: s.back, duration: 1, options: [.transitionFlipFromLeft, .curveLinear])
        }
        for (image, name) in zip(images, ["flip-left-025", "flip-left-050", "flip-left-075"]) {
            UIKitGolden.check(image, named: name)
        }
        // At 0.25 the old card has turned 45° about its vertical axis, left side towards the eye,
        // which is twice the card's width (320) in front: its left edge at
        // 120 − 56.57/(1 − 56.57/320) = 51.28, its right edge at 120 + 56.57/(1 + 56.57/320) = 168.07.
        let q = [50, 53, 120, 166, 170].map { pixel(images[0], $0, 120) }
        #expect(q == [Self.black, Self.red, Self.red, Self.red, Self.black], "\(q.map(Self.hex))")
        // Half way the card is edge-on: nothing of it covers the middle of its row.
        #expect([60, 100, 140, 180].map { pixel(images[1], $0, 120) } == Array(repeating: Self.black, count: 4))
        // At 0.75 the new (blue) card shows, turned −45°, right side forward: 71.93 … 188.72.
        let t = [70, 74, 120, 187, 190].map { pixel(images[2], $0, 120) }
        #expect(t == [Self.black, Self.blue, Self.blue, Self.blue, Self.black], "\(t.map(Self.hex))")
    }

    @Test @MainActor func curlUpWithAnimationsBlock() {
        let images = Self.frames(at: [0.25, 0.5, 0.75]) { s in
            UIView.transition(with: s.container, duration: 1, options: [.transitionCurlUp, .curveLinear], animations: {
                s.front.isHidden = true
                s.back.isHidden = false
            })
        }
        for (image, name) in zip(images, ["curl-up-025", "curl-up-050", "curl-up-075"]) {
            UIKitGolden.check(image, named: name)
        }
        // The page lifts from the bottom: the top stays the old red page (beside its white
        // square) until late, the bottom left corner shows the new blue one early.
        #expect(pixel(images[0], 120, 40) == Self.red)
        #expect(pixel(images[0], 44, 146) == Self.blue)
        #expect(pixel(images[2], 60, 146) == Self.blue)
    }

    @Test @MainActor func cubeThroughACATransitionOnTheViewsLayer() {
        let images = Self.frames(at: [0.25, 0.5]) { s in
            let transition = CATransition()
            transition.type = CATransitionType(rawValue: "cube")
            transition.subtype = .fromRight
            transition.duration = 1
            transition.timingFunction = CAMediaTimingFunction(name: .linear)
            s.container.layer.add(transition, forKey: kCATransition)
            s.front.isHidden = true
            s.back.isHidden = false
        }
        UIKitGolden.check(images[0], named: "cube-right-025")
        UIKitGolden.check(images[1], named: "cube-right-050")
        // Half way both faces are turned 45°, the edge between them at the middle: the old red
        // face on the left, the new blue one on the right.
        #expect(pixel(images[1], 100, 90) == Self.red)
        #expect(pixel(images[1], 140, 90) == Self.blue)
    }

    @Test @MainActor func crossDissolve() {
        let images = Self.frames(at: [0.5]) { s in
            UIView.transition(with: s.container, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: {
                s.front.isHidden = true
                s.back.isHidden = false
            })
        }
        UIKitGolden.check(images[0], named: "cross-dissolve-050")
        // The new blue at 0.5 over the old red at 0.5 over black: R = 0.5·0.5·255 = 63.75,
        // B = 0.5·255 = 127.5; within 1.
        let p = pixel(images[0], 120, 120)
        let (r, g, b) = (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF))
        #expect(p >> 24 == 0xFF && abs(r - 64) <= 1 && g == 0 && abs(b - 128) <= 1, "\(Self.hex(p))")
    }
}
