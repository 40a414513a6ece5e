import Testing
@testable import QuartzCore

/// `cornerCurve = .continuous` draws the squircle-like corner, `.circular` the quarter circle.
///
/// The expected coverages were computed by hand from the construction in `ContinuousCornerPath`
/// (corner radius 30: the curve leaves each edge 45.86 from the corner), by sampling each pixel
/// 64 × 64 times against the exact curve; blue over white shows coverage c as red = 255 (1 − c).
/// Raster flattens curves to chords within 0.1 px, inside a convex outline, so a path pixel
/// may be covered up to ~0.1 less than the exact curve: those checks allow red 3 below and
/// 26 above the exact value (the analytic circular fills allow ±3).
private enum CornerScene {
    static let white: UInt32 = 0xFFFF_FFFF
    static let blue: UInt32 = 0xFF00_00FF

    /// A 100 × 100 blue layer at (20, 20) on a white 140 × 140 root.
    static func render(_ curve: CALayerCornerCurve, radius: CGFloat = 30, borderWidth: CGFloat = 0) -> CGImage {
        let root = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.frame = CGRect(x: 0, y: 0, width: 140, height: 140)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let l = CALayer()
        l.frame = CGRect(x: 20, y: 20, width: 100, height: 100)
        l.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        l.cornerRadius = radius
        l.cornerCurve = curve
        if borderWidth > 0 {
            l.backgroundColor = nil
            l.borderWidth = borderWidth
            l.borderColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        }
        root.addSublayer(l)
        CATransaction.commit()
        return Golden.render(root, width: 140, height: 140)
    }

    /// The red channel of the layer-local pixel (x, y).
    static func red(_ image: CGImage, _ x: Int, _ y: Int) -> Int { Int(image.surface[20 + x, 20 + y] >> 16 & 0xFF) }

    /// Whether a path pixel's red matches the exact `expected` (see the tolerance above).
    static func pathRed(_ image: CGImage, _ x: Int, _ y: Int, is expected: Int) -> Bool {
        (-3...26).contains(red(image, x, y) - expected)
    }
}

@Test(.manualClock) func continuousCornerUncoversWhatTheCircularCornerCovers() {
    let continuous = CornerScene.render(.continuous), circular = CornerScene.render(.circular)
    // Local pixel (20, 1): the circle covers 45 % of it, the continuous curve none.
    #expect(continuous.surface[40, 21] == CornerScene.white)
    #expect(abs(CornerScene.red(circular, 20, 1) - 139) <= 3)
    // Local pixels (30, 0) and (32, 0) on the top edge, past the circle's 30: circular covers
    // them fully; the continuous curve has not reached the edge yet (33 % and 51 %).
    #expect(circular.surface[50, 20] == CornerScene.blue)
    #expect(circular.surface[52, 20] == CornerScene.blue)
    #expect(CornerScene.pathRed(continuous, 30, 0, is: 172))
    #expect(CornerScene.pathRed(continuous, 32, 0, is: 126))
    // Local pixel (19, 2): 42 % continuous, 99 % circular.
    #expect(CornerScene.pathRed(continuous, 19, 2, is: 148))
}

@Test(.manualClock) func continuousCornerLeavesTheEdgesStraightBeyondTheExpansion() {
    let image = CornerScene.render(.continuous)
    // 30 × 1.528665 = 45.86: from local x = 46 to 100 − 46 the top row is fully blue, the row
    // above it white; the same along the other three edges.
    for t in 46..<54 {
        for (x, y, ox, oy) in [(t, 0, t, -1), (99 - t, 99, 99 - t, 100), (0, t, -1, t), (99, 99 - t, 100, 99 - t)] {
            #expect(image.surface[20 + x, 20 + y] == CornerScene.blue, "inside (\(x), \(y))")
            #expect(image.surface[20 + ox, 20 + oy] == CornerScene.white, "outside (\(ox), \(oy))")
        }
    }
}

@Test(.manualClock) func continuousCornersAreSymmetric() {
    let image = CornerScene.render(.continuous)
    var worst = 0
    for y in 0..<100 {
        for x in 0..<100 {
            let p = image.surface[20 + x, 20 + y]
            for q in [image.surface[20 + 99 - x, 20 + y], image.surface[20 + x, 20 + 99 - y], image.surface[20 + y, 20 + x]] {
                worst = max(worst, Golden.channelDifference(p, q))
            }
        }
    }
    // Mirrored and transposed pixels agree within one level of rounding.
    #expect(worst <= 1)
    // And the corner is really there: the corner pixel itself is white.
    #expect(image.surface[20, 20] == CornerScene.white)
}

@Test(.manualClock) func continuousCornerAtHalfTheSideIsACircle() {
    // A radius of half the side leaves no room to smooth: Apple and Strata draw a circle.
    for radius: CGFloat in [50, 1000] {
        let continuous = CornerScene.render(.continuous, radius: radius), circular = CornerScene.render(.circular, radius: radius)
        var worst = 0, differing = 0
        for y in 0..<140 {
            for x in 0..<140 {
                let d = Golden.channelDifference(continuous.surface[x, y], circular.surface[x, y])
                worst = max(worst, d); differing += d > 3 ? 1 : 0
            }
        }
        // Only the 0.1 px chords of the flattened path separate them (≤ 0.1 coverage ≈ 26 levels,
        // measured 27 with rounding), on the outline's ring of ~π × 100 pixels and nowhere else.
        #expect(worst <= 28, "radius \(radius)")
        #expect(differing <= 400, "radius \(radius)")
    }
    // The same comparison tells radius-30 corners apart: far more and far larger differences.
    let continuous = CornerScene.render(.continuous), circular = CornerScene.render(.circular)
    var worst = 0
    for y in 0..<140 { for x in 0..<140 { worst = max(worst, Golden.channelDifference(continuous.surface[x, y], circular.surface[x, y])) } }
    #expect(worst > 200)
}

@Test(.manualClock) func continuousBorderIsARingWithContinuousCorners() {
    let image = CornerScene.render(.continuous, borderWidth: 6)
    #expect(image.surface[70, 70] == CornerScene.white)              // the hole
    #expect(image.surface[70, 22] == CornerScene.blue)               // the top edge's ring
    #expect(image.surface[70, 26] == CornerScene.white)              // just inside it
    #expect(image.surface[68, 20] == CornerScene.blue)               // straight beyond 45.86
    #expect(image.surface[40, 21] == CornerScene.white)              // as the filled corner
    #expect(CornerScene.pathRed(image, 30, 0, is: 172))
}

@Test(.manualClock) func continuousAndCircularCornersGolden() {
    let root = CALayer()
    CATransaction.begin(); CATransaction.setDisableActions(true)
    root.frame = CGRect(x: 0, y: 0, width: 260, height: 260)
    root.backgroundColor = CGColor(gray: 1, alpha: 1)
    for (i, curve) in [CALayerCornerCurve.continuous, .circular].enumerated() {
        let filled = CALayer()
        filled.frame = CGRect(x: 10 + 130 * i, y: 10, width: 110, height: 110)
        filled.backgroundColor = CGColor(red: 0.1, green: 0.45, blue: 0.95, alpha: 1)
        filled.cornerRadius = 34
        filled.cornerCurve = curve
        let ringed = CALayer()
        ringed.frame = CGRect(x: 10 + 130 * i, y: 140, width: 110, height: 110)
        ringed.backgroundColor = CGColor(red: 1, green: 0.8, blue: 0.2, alpha: 1)
        ringed.borderWidth = 8
        ringed.borderColor = CGColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
        ringed.cornerRadius = 34
        ringed.cornerCurve = curve
        root.addSublayer(filled); root.addSublayer(ringed)
    }
    CATransaction.commit()
    Golden.check(Golden.render(root, width: 260, height: 260), named: "corner-curves",
                 tolerance: Golden.Tolerance(maxChannelDifference: 2, minimumMatchingFraction: 1))
}

