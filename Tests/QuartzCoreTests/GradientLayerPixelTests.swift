import Foundation
import Testing
@testable import QuartzCore

// CAGradientLayer drawn by the compositor: hand-computed pixels of axial, radial and conic
// gradients in the unit space of the bounds, the shape with rounded corners, the background
// below, and no banding.

private let white: UInt32 = 0xFFFF_FFFF
private let redRGB = (1.0, 0.0, 0.0), blueRGB = (0.0, 0.0, 1.0)

private func render(_ g: CAGradientLayer, w: Int = 100, h: Int = 100) -> CGImage {
    Golden.render(KindScene.root(w, h, holding: g), width: w, height: h)
}

@Test(.manualClock) func axialGradientRunsFromStartToEndPoint() {
    // Default points: top (t = 0) to bottom (t = 1); pixel row y has t = (y + 0.5) / 100.
    let image = render(KindScene.gradient([KindScene.red, KindScene.blue]))
    for y in [0, 25, 49, 50, 80, 99] {
        let expected = KindScene.mix(redRGB, blueRGB, (Double(y) + 0.5) / 100)
        for x in [0, 50, 99] { Golden.expectPixel(image, x, y, expected, tolerance: 1, "row \(y)") }
    }
    // Diagonal in unit space on a 200 × 100 layer: t = (u + v) / 2 with u = x/200, v = y/100, so
    // the top-right and bottom-left corners are both half way (the gradient stretches with the
    // bounds, as Apple's).
    let wide = render(KindScene.gradient([KindScene.red, KindScene.blue]) {
        $0.startPoint = .zero
        $0.endPoint = CGPoint(x: 1, y: 1)
    }, w: 200, h: 100)
    Golden.expectPixel(wide, 199, 0, KindScene.mix(redRGB, blueRGB, (199.5 / 200 + 0.5 / 100) / 2), tolerance: 1)
    Golden.expectPixel(wide, 0, 99, KindScene.mix(redRGB, blueRGB, (0.5 / 200 + 99.5 / 100) / 2), tolerance: 1)
    Golden.expectPixel(wide, 100, 50, KindScene.mix(redRGB, blueRGB, (100.5 / 200 + 50.5 / 100) / 2), tolerance: 1)
}

@Test(.manualClock) func locationsPlaceTheColours() {
    // Stops at 0.2 and 0.6: the first colour before 0.2, the last after 0.6.
    let image = render(KindScene.gradient([KindScene.red, KindScene.blue]) { $0.locations = [0.2, 0.6] })
    Golden.expectPixel(image, 50, 10, 0xFFFF_0000)
    Golden.expectPixel(image, 50, 80, 0xFF00_00FF)
    Golden.expectPixel(image, 50, 39, KindScene.mix(redRGB, blueRGB, (39.5 / 100 - 0.2) / 0.4), tolerance: 1)
}

@Test(.manualClock) func radialGradientFillsTheEllipseAroundTheStartPoint() {
    // Centre (0.5, 0.5), end (1, 1): the ellipse of radii 0.5 × 0.5 of the bounds.
    let square = render(KindScene.gradient([KindScene.red, KindScene.blue]) {
        $0.type = .radial
        $0.startPoint = CGPoint(x: 0.5, y: 0.5)
        $0.endPoint = CGPoint(x: 1, y: 1)
    })
    for x in [50, 60, 75, 90, 99] {
        let dx = Double(x) + 0.5 - 50, dy = 0.5
        Golden.expectPixel(square, x, 50, KindScene.mix(redRGB, blueRGB, (dx * dx + dy * dy).squareRoot() / 50), tolerance: 1, "x = \(x)")
    }
    Golden.expectPixel(square, 0, 0, 0xFF00_00FF, "beyond the ellipse: the last colour")
    // On a 200 × 100 layer the ellipse is 100 × 50 (radii): pixel (150, 50) is at t ≈ 0.505.
    let wide = render(KindScene.gradient([KindScene.red, KindScene.blue]) {
        $0.type = .radial
        $0.startPoint = CGPoint(x: 0.5, y: 0.5)
        $0.endPoint = CGPoint(x: 1, y: 1)
    }, w: 200, h: 100)
    let u = 50.5 / 100, v = 0.5 / 50
    Golden.expectPixel(wide, 150, 50, KindScene.mix(redRGB, blueRGB, (u * u + v * v).squareRoot()), tolerance: 1)
    Golden.expectPixel(wide, 100, 5, KindScene.mix(redRGB, blueRGB, 44.5 / 50), tolerance: 1)
}

@Test(.manualClock) func conicGradientTurnsFromTheStartToEndDirection() {
    // Centre (0.5, 0.5), zero direction towards (1, 0.5) (+x), turning towards +y (clockwise on
    // this y-down screen): t = angle / 2π.
    func expectConic(_ end: CGPoint, zero: Double) {
        let image = render(KindScene.gradient([KindScene.red, KindScene.blue]) {
            $0.type = .conic
            $0.startPoint = CGPoint(x: 0.5, y: 0.5)
            $0.endPoint = end
        })
        for (x, y) in [(75, 50), (50, 75), (25, 50), (50, 25), (80, 80)] {
            var a = atan2(Double(y) + 0.5 - 50, Double(x) + 0.5 - 50) - zero
            while a < 0 { a += 2 * .pi }
            Golden.expectPixel(image, x, y, KindScene.mix(redRGB, blueRGB, a / (2 * .pi)), tolerance: 1, "(\(x), \(y)) towards \(end)")
        }
    }
    expectConic(CGPoint(x: 1, y: 0.5), zero: 0)
    expectConic(CGPoint(x: 0.5, y: 0), zero: -.pi / 2)
}

@Test(.manualClock) func theGradientFillsTheRoundedShapeOverTheBackground() {
    // Two half-transparent reds over a blue background: 50 % red over blue everywhere inside;
    // outside the rounded corners the white root.
    let half = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
    let image = render(KindScene.gradient([half, half]) {
        $0.backgroundColor = KindScene.blue
        $0.cornerRadius = 30
    })
    Golden.expectPixel(image, 50, 50, 0xFF80_007F, tolerance: 1)
    Golden.expectPixel(image, 2, 2, white, "cut by the rounded corner")
    Golden.expectPixel(image, 50, 1, 0xFF80_007F, tolerance: 1)
    // Continuous corners cut the gradient too.
    let squircle = render(KindScene.gradient([half, half]) {
        $0.cornerRadius = 30
        $0.cornerCurve = .continuous
    })
    Golden.expectPixel(squircle, 2, 2, white)
    Golden.expectPixel(squircle, 50, 50, 0xFFFF_7F7F, tolerance: 1, "50 % red over white")
}

@Test(.manualClock) func aLongGradientOfCloseColoursHasNoStepOverOneLevel() {
    // 1024 px from grey 100 to grey 110: every step between neighbours is 0 or 1 level.
    let g = KindScene.gradient([CGColor(srgbRed: 100 / 255, green: 100 / 255, blue: 100 / 255, alpha: 1),
                                CGColor(srgbRed: 110 / 255, green: 110 / 255, blue: 110 / 255, alpha: 1)]) {
        $0.startPoint = CGPoint(x: 0, y: 0.5)
        $0.endPoint = CGPoint(x: 1, y: 0.5)
    }
    let image = render(g, w: 1024, h: 4)
    let row = (0..<1024).map { Int(Golden.pixel(image, $0, 2) >> 16 & 0xFF) }
    #expect(row.first == 100 && row.last == 110)
    let steps = zip(row, row.dropFirst()).map { $1 - $0 }
    #expect(steps.allSatisfy { $0 == 0 || $0 == 1 }, "steps \(Set(steps))")
    #expect(steps.filter { $0 == 1 }.count == 10)
}

@Test(.manualClock) func gradientLayersGolden() {
    // Checked by eye: axial (three colours, rounded), radial glow, conic wheel in a circle,
    // diagonal axial over a background with locations.
    let root = KindScene.build { () -> CALayer in
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 60)
        root.backgroundColor = KindScene.white
        let axial = KindScene.gradient([KindScene.red, KindScene.green, KindScene.blue]) {
            $0.frame = CGRect(x: 4, y: 4, width: 52, height: 52)
            $0.cornerRadius = 10
        }
        let radial = KindScene.gradient([KindScene.white, CGColor(red: 0.2, green: 0.5, blue: 1, alpha: 1),
                                         CGColor(red: 0, green: 0, blue: 0.3, alpha: 0)]) {
            $0.frame = CGRect(x: 64, y: 4, width: 52, height: 52)
            $0.type = .radial
            $0.startPoint = CGPoint(x: 0.4, y: 0.4)
            $0.endPoint = CGPoint(x: 1, y: 1)
            $0.backgroundColor = CGColor(gray: 0.1, alpha: 1)
        }
        let conic = KindScene.gradient([(1, 0, 0), (1, 1, 0), (0, 1, 0), (0, 1, 1), (0, 0, 1), (1, 0, 1), (1, 0, 0)]
            .map { CGColor(red: $0.0, green: $0.1, blue: $0.2, alpha: 1) }) {
            $0.frame = CGRect(x: 124, y: 4, width: 52, height: 52)
            $0.cornerRadius = 26
            $0.type = .conic
            $0.startPoint = CGPoint(x: 0.5, y: 0.5)
            $0.endPoint = CGPoint(x: 0.5, y: 0)
        }
        let diagonal = KindScene.gradient([CGColor(red: 1, green: 0.8, blue: 0, alpha: 1), CGColor(red: 1, green: 0, blue: 0.5, alpha: 0.2)]) {
            $0.frame = CGRect(x: 184, y: 4, width: 52, height: 52)
            $0.startPoint = .zero
            $0.endPoint = CGPoint(x: 1, y: 1)
            $0.locations = [0.3, 0.7]
            $0.backgroundColor = KindScene.blue
        }
        for l in [axial, radial, conic, diagonal] { root.addSublayer(l) }
        return root
    }
    Golden.check(Golden.render(root, width: 240, height: 60), named: "gradient-layers")
}
