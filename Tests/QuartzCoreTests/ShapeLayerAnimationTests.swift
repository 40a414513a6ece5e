import Foundation
import Testing
@testable import QuartzCore

// Every animatable CAShapeLayer property, animated linearly over 1 s from media time 0:
// presentation() at 0.5 s on the manual clock shows the half-way value, and a render at that
// time shows it in the pixels.

private let white: UInt32 = 0xFFFF_FFFF, red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF

/// Adds a linear 1 s animation of `key` from `from` to `to` to the shape of a 40 × 40 scene
/// and commits (begin time 0).
private func animated(_ shape: CAShapeLayer, _ key: String, _ from: Any, _ to: Any) -> CALayer {
    let root = KindScene.root(40, 40, holding: shape)
    let a = CABasicAnimation(keyPath: key)
    a.fromValue = from
    a.toValue = to
    a.duration = 1
    shape.add(a, forKey: key)
    CATransaction.flush()
    return root
}

private func at(_ t: CFTimeInterval, _ clock: CAMediaClock, _ root: CALayer) -> CGImage {
    clock.set(t)
    return Golden.render(root, width: 40, height: 40, time: t)
}

@Test func pathAnimatesPointByPointWhenTheElementsMatch() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let narrow = CGPath(rect: CGRect(x: 10, y: 10, width: 10, height: 20), transform: nil)
        let wide = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
        let shape = KindScene.shape(narrow)
        let root = animated(shape, "path", narrow, wide)
        let image = at(0.5, clock, root)
        #expect(shape.presentation()?.path == CGPath(rect: CGRect(x: 10, y: 10, width: 15, height: 20), transform: nil))
        Golden.expectPixel(image, 24, 20, red)
        Golden.expectPixel(image, 25, 20, white)
        #expect(shape.path == narrow)   // the model never moved
    }
}

@Test func pathJumpsHalfWayWhenTheElementsDiffer() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let square = CGPath(rect: CGRect(x: 10, y: 10, width: 10, height: 10), transform: nil)
        let oval = CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 30, height: 30), transform: nil)
        let shape = KindScene.shape(square)
        let root = animated(shape, "path", square, oval)
        clock.set(0.4)
        #expect(shape.presentation()?.path == square)
        Golden.expectPixel(at(0.4, clock, root), 30, 20, white)
        clock.set(0.6)
        #expect(shape.presentation()?.path == oval)
        Golden.expectPixel(at(0.6, clock, root), 30, 20, red)
    }
}

@Test func fillAndStrokeColorsAnimate() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        // A filled 20 × 40 rect and a vertical line at x = 30, both stroked 4 wide.
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 20, height: 40))
        p.move(to: CGPoint(x: 30, y: 0)); p.addLine(to: CGPoint(x: 30, y: 40))
        let shape = KindScene.shape(p, stroke: KindScene.red, width: 4)
        let root = animated(shape, "fillColor", KindScene.red, KindScene.blue)
        let stroke = CABasicAnimation(keyPath: "strokeColor")
        stroke.fromValue = KindScene.blue
        stroke.toValue = KindScene.red
        stroke.duration = 1
        shape.add(stroke, forKey: "stroke")
        CATransaction.flush()
        let image = at(0.5, clock, root)
        let fill = shape.presentation()?.fillColor?.rgba
        #expect(fill.map { abs($0.r - 0.5) < 1e-9 && abs($0.b - 0.5) < 1e-9 } == true)
        Golden.expectPixel(image, 10, 20, 0xFF80_0080, tolerance: 1, "fill half way red → blue")
        Golden.expectPixel(image, 30, 20, 0xFF80_0080, tolerance: 1, "stroke half way blue → red")
    }
}

@Test func lineWidthAnimates() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        // 2 → 10 wide: at 0.5 s 6 wide, y 17…23.
        let shape = KindScene.shape(KindScene.line(0, 40, y: 20), fill: nil, stroke: KindScene.blue, width: 2)
        let root = animated(shape, "lineWidth", 2.0, 10.0)
        Golden.expectPixel(at(0, clock, root), 20, 17, white)
        let image = at(0.5, clock, root)
        #expect(shape.presentation()?.lineWidth == 6)
        Golden.expectPixel(image, 20, 17, blue)
        Golden.expectPixel(image, 20, 16, white)
    }
}

@Test func miterLimitAnimatesFromBevelToMiter() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        // A 53° apex at (20, 10), 6 wide: the miter is 2.24 widths long, its tip at y ≈ 3.3; the
        // bevel cuts at y ≈ 8.7. Limit 1 → 3: bevelled at 0.25 s (1.5), mitred at 0.75 s (2.5).
        let v = CGMutablePath()
        v.move(to: CGPoint(x: 10, y: 30)); v.addLine(to: CGPoint(x: 20, y: 10)); v.addLine(to: CGPoint(x: 30, y: 30))
        let shape = KindScene.shape(v, fill: nil, stroke: KindScene.blue, width: 6)
        let root = animated(shape, "miterLimit", 1.0, 3.0)
        Golden.expectPixel(at(0.25, clock, root), 20, 5, white, "bevelled")
        #expect(shape.presentation()?.miterLimit == 1.5)
        Golden.expectPixel(at(0.75, clock, root), 20, 5, blue, tolerance: 8, "mitred")
        #expect(shape.presentation()?.miterLimit == 2.5)
    }
}

@Test func dashPhaseAnimates() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let shape = KindScene.shape(KindScene.line(0, 40, y: 20), fill: nil, stroke: KindScene.blue, width: 2) {
            $0.lineDashPattern = [4, 4]
        }
        let root = animated(shape, "lineDashPhase", 0.0, 4.0)
        let image = at(0.5, clock, root)
        #expect(shape.presentation()?.lineDashPhase == 2)
        // Phase 2: painted 0…2, 6…10, 14…18.
        for x in [1, 6, 9, 14] { Golden.expectPixel(image, x, 20, blue, "x = \(x)") }
        for x in [2, 5, 10] { Golden.expectPixel(image, x, 20, white, "x = \(x)") }
    }
}

@Test func strokeStartAndEndAnimate() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        // The line is 40 long: strokeEnd 1 → 0 is 0.5 (x = 20) half way; strokeStart 0 → 0.5 is 0.25 (x = 10).
        let shape = KindScene.shape(KindScene.line(0, 40, y: 20), fill: nil, stroke: KindScene.blue, width: 4)
        let root = animated(shape, "strokeEnd", 1.0, 0.0)
        let start = CABasicAnimation(keyPath: "strokeStart")
        start.fromValue = 0.0
        start.toValue = 0.5
        start.duration = 1
        shape.add(start, forKey: "start")
        CATransaction.flush()
        let image = at(0.5, clock, root)
        #expect(shape.presentation()?.strokeEnd == 0.5)
        #expect(shape.presentation()?.strokeStart == 0.25)
        Golden.expectPixel(image, 9, 20, white)
        Golden.expectPixel(image, 10, 20, blue)
        Golden.expectPixel(image, 19, 20, blue)
        Golden.expectPixel(image, 20, 20, white)
        // At the end both are removed: the whole line again.
        Golden.expectPixel(at(1.5, clock, root), 30, 20, blue)
    }
}
