import Foundation
import Testing
@testable import QuartzCore

// CAShapeLayer drawn by the compositor: hand-computed pixels of fills, strokes, trimming,
// dashes, fill rules, bounds clipping, masking by the shape, and a perspective plane.

private let white: UInt32 = 0xFFFF_FFFF, red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF, green: UInt32 = 0xFF00_FF00

private func render(_ layers: CALayer..., w: Int = 40, h: Int = 40) -> CGImage {
    let root = KindScene.build {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        root.position = CGPoint(x: Double(w) / 2, y: Double(h) / 2)
        root.backgroundColor = KindScene.white
        for l in layers {
            if l.bounds.isEmpty { l.bounds = root.bounds; l.position = root.position }
            root.addSublayer(l)
        }
        return root
    }
    return Golden.render(root, width: w, height: h)
}

@Test(.manualClock) func aFilledRectPathCoversExactlyItsPixels() {
    let image = render(KindScene.shape(CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 10), transform: nil)))
    Golden.expectPixel(image, 15, 15, red)
    Golden.expectPixel(image, 10, 10, red)
    Golden.expectPixel(image, 29, 19, red)
    Golden.expectPixel(image, 9, 15, white)
    Golden.expectPixel(image, 30, 15, white)
    Golden.expectPixel(image, 15, 20, white)
    Golden.expectPixel(image, 15, 9, white)
}

@Test(.manualClock) func aStrokedLineCoversItsWidth() {
    // (5, 20) → (35, 20), 4 wide, butt caps: x 5…35, y 18…22. No fill (a line has no inside anyway).
    let image = render(KindScene.shape(KindScene.line(5, 35, y: 20), fill: nil, stroke: KindScene.blue, width: 4))
    for (x, y) in [(5, 18), (20, 19), (34, 21), (20, 21)] { Golden.expectPixel(image, x, y, blue, "(\(x), \(y))") }
    for (x, y) in [(4, 20), (35, 20), (20, 17), (20, 22)] { Golden.expectPixel(image, x, y, white, "(\(x), \(y))") }
}

@Test(.manualClock) func strokeStartAndEndTrimTheLineByLength() {
    // The line is 30 long: strokeEnd 0.5 ends at x = 20; strokeStart 0.25 starts at 12.5 (pixel
    // 12 half covered: blue at 50 % over white).
    let image = render(KindScene.shape(KindScene.line(5, 35, y: 20), fill: nil, stroke: KindScene.blue, width: 4) {
        $0.strokeStart = 0.25
        $0.strokeEnd = 0.5
    })
    Golden.expectPixel(image, 19, 20, blue)
    Golden.expectPixel(image, 20, 20, white)
    Golden.expectPixel(image, 13, 20, blue)
    Golden.expectPixel(image, 11, 20, white)
    Golden.expectPixel(image, 12, 20, 0xFF80_80FF, tolerance: 1, "half covered")
}

@Test(.manualClock) func capsExtendOpenEnds() {
    let square = render(KindScene.shape(KindScene.line(5, 35, y: 20), fill: nil, stroke: KindScene.blue, width: 4) { $0.lineCap = .square })
    Golden.expectPixel(square, 3, 20, blue)     // 2 beyond the start
    Golden.expectPixel(square, 36, 20, blue)
    Golden.expectPixel(square, 2, 20, white)
    Golden.expectPixel(square, 37, 20, white)
    let round = render(KindScene.shape(KindScene.line(5, 35, y: 20), fill: nil, stroke: KindScene.blue, width: 4) { $0.lineCap = .round })
    Golden.expectPixel(round, 4, 19, blue, "inside the half disc")
    Golden.expectPixel(round, 3, 17, white, "outside the half disc's corner")
}

@Test(.manualClock) func dashesAndPhaseFollowTheLine() {
    // (0, 20) → (40, 20), 2 wide, [4, 4]: painted x 0…4, 8…12, … With phase 2: 0…2, 6…10, 14…18.
    let dashed = render(KindScene.shape(KindScene.line(0, 40, y: 20), fill: nil, stroke: KindScene.blue, width: 2) {
        $0.lineDashPattern = [4, 4]
    })
    for x in [0, 3, 8, 11, 32] { Golden.expectPixel(dashed, x, 20, blue, "x = \(x)") }
    for x in [4, 7, 12, 15] { Golden.expectPixel(dashed, x, 20, white, "x = \(x)") }
    let shifted = render(KindScene.shape(KindScene.line(0, 40, y: 20), fill: nil, stroke: KindScene.blue, width: 2) {
        $0.lineDashPattern = [4, 4]
        $0.lineDashPhase = 2
    })
    for x in [0, 1, 6, 9, 14] { Golden.expectPixel(shifted, x, 20, blue, "x = \(x)") }
    for x in [2, 5, 10, 13] { Golden.expectPixel(shifted, x, 20, white, "x = \(x)") }
}

@Test(.manualClock) func fillRulesDecideTheHole() {
    // Two clockwise squares, one inside the other: non-zero fills both, even-odd leaves a hole.
    let p = CGMutablePath()
    p.addRect(CGRect(x: 5, y: 5, width: 30, height: 30))
    p.addRect(CGRect(x: 15, y: 15, width: 10, height: 10))
    let nonZero = render(KindScene.shape(p))
    let evenOdd = render(KindScene.shape(p) { $0.fillRule = .evenOdd })
    Golden.expectPixel(nonZero, 20, 20, red)
    Golden.expectPixel(evenOdd, 20, 20, white)
    Golden.expectPixel(evenOdd, 10, 20, red)
}

@Test(.manualClock) func theShapeIsClippedToBoundsOnlyWithMasksToBounds() {
    // A 20 × 20 layer at (10, 10) whose path reaches 5 beyond each side.
    func layer(_ masks: Bool) -> CAShapeLayer {
        KindScene.shape(CGPath(rect: CGRect(x: -5, y: -5, width: 30, height: 30), transform: nil)) {
            $0.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            $0.masksToBounds = masks
        }
    }
    let free = render(layer(false)), clipped = render(layer(true))
    Golden.expectPixel(free, 7, 7, red)
    Golden.expectPixel(free, 32, 32, red)
    Golden.expectPixel(clipped, 7, 7, white)
    Golden.expectPixel(clipped, 32, 32, white)
    Golden.expectPixel(clipped, 12, 12, red)
}

@Test(.manualClock) func aShapeMaskMasksByItsAntialiasedCoverage() {
    // A green layer masked by a shape whose rect starts half way into pixel 10.
    let masked = KindScene.build { () -> CALayer in
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        l.backgroundColor = KindScene.green
        let m = CAShapeLayer()
        m.frame = l.bounds
        m.path = CGPath(rect: CGRect(x: 10.5, y: 10, width: 19.5, height: 20), transform: nil)
        m.fillColor = KindScene.blue   // only its coverage counts
        l.mask = m
        return l
    }
    let image = render(masked)
    Golden.expectPixel(image, 20, 20, green)
    Golden.expectPixel(image, 5, 20, white)
    Golden.expectPixel(image, 35, 20, white)
    Golden.expectPixel(image, 10, 20, 0xFF80_FF80, tolerance: 1, "half covered: green at 50 % over white")
}

/// A shape mask whose frame is never set (zero bounds, the usual iOS code: only `path` is
/// given) masks by its path, which draws outside its bounds: a banner with such a mask showed
/// nothing (the group was cut to the mask's empty frame).
@Test(.manualClock) func aShapeMaskWithoutAFrameMasksByItsPath() {
    let masked = KindScene.build { () -> CALayer in
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        l.backgroundColor = KindScene.green
        let m = CAShapeLayer()
        m.path = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 30), transform: nil)
        l.mask = m
        return l
    }
    let image = render(masked)
    Golden.expectPixel(image, 10, 10, green, "inside the path")
    Golden.expectPixel(image, 10, 25, green, "inside the path, far from the mask's empty frame")
    Golden.expectPixel(image, 30, 10, white, "right of the path")
    Golden.expectPixel(image, 10, 35, white, "below the path")
}

@Test(.manualClock) func aFilledPathInAPerspectivePlaneCoversWhatItsBackgroundWould() {
    // The same rect as a shape's path and as a plain layer's background, in the same tilted plane
    // inside a CATransformLayer with perspective: both go through one projective map, so only
    // edge pixels may differ (the path's and the analytic rect's anti-aliasing), by little.
    func scene(shape: Bool) -> CGImage {
        let holder = KindScene.build { () -> CALayer in
            let t = CATransformLayer()
            t.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
            var p = CATransform3DIdentity
            p.m34 = -1 / 200
            t.sublayerTransform = p
            let plane: CALayer
            if shape {
                plane = KindScene.shape(CGPath(rect: CGRect(x: 10, y: 10, width: 60, height: 60), transform: nil))
                plane.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
            } else {
                plane = CALayer()
                plane.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
                let inner = CALayer()
                inner.frame = CGRect(x: 10, y: 10, width: 60, height: 60)
                inner.backgroundColor = KindScene.red
                plane.addSublayer(inner)
            }
            plane.position = CGPoint(x: 60, y: 60)
            plane.transform = CATransform3DMakeRotation(.pi / 3, 1, 1, 0)
            t.addSublayer(plane)
            return t
        }
        return render(holder, w: 120, h: 120)
    }
    let a = scene(shape: true), b = scene(shape: false)
    var differing = 0, worst = 0, filled = 0
    for y in 0..<120 {
        for x in 0..<120 {
            let d = Golden.channelDifference(Golden.pixel(a, x, y), Golden.pixel(b, x, y))
            worst = max(worst, d)
            if d > 8 { differing += 1 }
            if Golden.pixel(a, x, y) == red { filled += 1 }
        }
    }
    #expect(filled > 1500, "the tilted square shows (\(filled) pixels)")
    #expect(differing <= 40 && worst <= 64, "\(differing) pixels differ by more than 8 levels, worst \(worst)")
    Golden.check(a, named: "shape-perspective")
}

@Test(.manualClock) func shapeLayersGolden() {
    // Checked by eye: a filled and stroked star (round joins), a dashed circle, a progress ring at
    // 0.7 with round caps, an even-odd ring, a bevel-joined zigzag, a square-capped line.
    func star(_ c: CGPoint, _ r0: CGFloat, _ r1: CGFloat) -> CGPath {
        let p = CGMutablePath()
        for j in 0..<10 {
            let phi = -CGFloat.pi / 2 + CGFloat(j) * .pi / 5, r = j % 2 == 0 ? r0 : r1
            let v = CGPoint(x: c.x + r * cos(phi), y: c.y + r * sin(phi))
            if j == 0 { p.move(to: v) } else { p.addLine(to: v) }
        }
        p.closeSubpath()
        return p
    }
    let orange = CGColor(red: 0.98, green: 0.6, blue: 0.1, alpha: 1), dark = CGColor(red: 0.2, green: 0.1, blue: 0, alpha: 1)
    let layers: [CALayer] = [
        KindScene.shape(star(CGPoint(x: 40, y: 40), 32, 13), fill: orange, stroke: dark, width: 3) { $0.lineJoin = .round },
        KindScene.shape(CGPath(ellipseIn: CGRect(x: 90, y: 10, width: 60, height: 60), transform: nil),
                        fill: CGColor(red: 0.2, green: 0.6, blue: 1, alpha: 0.3), stroke: KindScene.blue, width: 3) {
            $0.lineDashPattern = [8, 4]
        },
        KindScene.shape({ let p = CGMutablePath()
                          p.addArc(center: CGPoint(x: 200, y: 40), radius: 26, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: false)
                          return p }(), fill: nil, stroke: KindScene.green, width: 8) {
            $0.lineCap = .round
            $0.strokeEnd = 0.7
        },
        KindScene.shape({ let p = CGMutablePath()
                          p.addEllipse(in: CGRect(x: 10, y: 85, width: 60, height: 30))
                          p.addEllipse(in: CGRect(x: 25, y: 92, width: 30, height: 16))
                          return p }(), fill: KindScene.red) { $0.fillRule = .evenOdd },
        KindScene.shape({ let p = CGMutablePath()
                          p.move(to: CGPoint(x: 90, y: 110))
                          for k in 1...6 { p.addLine(to: CGPoint(x: 90 + 10 * k, y: k % 2 == 0 ? 110 : 88)) }
                          return p }(), fill: nil, stroke: dark, width: 5) { $0.lineJoin = .bevel },
        KindScene.shape(KindScene.line(175, 225, y: 100), fill: nil, stroke: KindScene.red, width: 10) { $0.lineCap = .square },
    ]
    let root = KindScene.build { () -> CALayer in
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 120)
        root.backgroundColor = KindScene.white
        for l in layers { l.frame = root.bounds; root.addSublayer(l) }
        return root
    }
    Golden.check(Golden.render(root, width: 240, height: 120), named: "shape-layers")
}
