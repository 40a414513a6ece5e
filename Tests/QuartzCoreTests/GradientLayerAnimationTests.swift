import Foundation
import Testing
@testable import QuartzCore

// Every animatable CAGradientLayer property, animated linearly over 1 s from media time 0:
// presentation() at 0.5 s and a render at that time show the half-way value.

private let redRGB = (1.0, 0.0, 0.0), blueRGB = (0.0, 0.0, 1.0)

private func animated(_ g: CAGradientLayer, _ key: String, _ from: Any, _ to: Any) -> CALayer {
    let root = KindScene.root(100, 100, holding: g)
    let a = CABasicAnimation(keyPath: key)
    a.fromValue = from
    a.toValue = to
    a.duration = 1
    g.add(a, forKey: key)
    CATransaction.flush()
    return root
}

@Test func colorsAnimateColourByColour() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let g = KindScene.gradient([KindScene.red, KindScene.blue])
        let root = animated(g, "colors", [KindScene.red, KindScene.blue], [KindScene.blue, KindScene.red])
        clock.set(0.5)
        let colors = (g.presentation()?.colors as? [CGColor])?.map(\.rgba)
        #expect(colors?.count == 2)
        #expect(colors?.allSatisfy { abs($0.r - 0.5) < 1e-9 && $0.g == 0 && abs($0.b - 0.5) < 1e-9 } == true)
        let image = Golden.render(root, width: 100, height: 100, time: 0.5)
        for y in [0, 50, 99] { Golden.expectPixel(image, 50, y, 0xFF80_0080, tolerance: 1, "row \(y)") }
        // Arrays of different lengths jump half way.
        g.removeAllAnimations()
        let jump = CABasicAnimation(keyPath: "colors")
        jump.fromValue = [KindScene.red, KindScene.blue]
        jump.toValue = [KindScene.green]
        jump.duration = 1
        g.add(jump, forKey: "jump")
        CATransaction.flush()                      // begins now, at 0.5 s
        clock.set(0.9)
        #expect((g.presentation()?.colors as? [CGColor])?.count == 2)
        clock.set(1.1)
        #expect((g.presentation()?.colors as? [CGColor])?.count == 1)
    }
}

@Test func locationsAnimate() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        // [0, 1] → [0.5, 1]: [0.25, 1] half way. Row 62 has t = 0.625, half way between the stops.
        let g = KindScene.gradient([KindScene.red, KindScene.blue]) { $0.locations = [0, 1] }
        let root = animated(g, "locations", [0, 1] as [NSNumber], [0.5, 1] as [NSNumber])
        clock.set(0.5)
        #expect(g.presentation()?.locations == [0.25, 1])
        let image = Golden.render(root, width: 100, height: 100, time: 0.5)
        Golden.expectPixel(image, 50, 10, 0xFFFF_0000)
        Golden.expectPixel(image, 50, 62, KindScene.mix(redRGB, blueRGB, (62.5 / 100 - 0.25) / 0.75), tolerance: 1)
    }
}

@Test func startAndEndPointsAnimate() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        // start (0.5, 0) → (0.5, 0.5) and end (0.5, 1) → (0.5, 0.5): at 0.5 s, 0.25 … 0.75.
        let g = KindScene.gradient([KindScene.red, KindScene.blue])
        let root = animated(g, "startPoint", CGPoint(x: 0.5, y: 0), CGPoint(x: 0.5, y: 0.5))
        let end = CABasicAnimation(keyPath: "endPoint")
        end.fromValue = NSValue(point: CGPoint(x: 0.5, y: 1))
        end.toValue = NSValue(point: CGPoint(x: 0.5, y: 0.5))
        end.duration = 1
        g.add(end, forKey: "end")
        CATransaction.flush()
        clock.set(0.5)
        #expect(g.presentation()?.startPoint == CGPoint(x: 0.5, y: 0.25))
        #expect(g.presentation()?.endPoint == CGPoint(x: 0.5, y: 0.75))
        let image = Golden.render(root, width: 100, height: 100, time: 0.5)
        Golden.expectPixel(image, 50, 20, 0xFFFF_0000)
        Golden.expectPixel(image, 50, 80, 0xFF00_00FF)
        Golden.expectPixel(image, 50, 40, KindScene.mix(redRGB, blueRGB, (40.5 / 100 - 0.25) / 0.5), tolerance: 1)
    }
}
