import Testing
@testable import QuartzCore

private func close(_ a: Double?, _ b: Double, _ tol: Double = 1e-6) -> Bool { a.map { abs($0 - b) <= tol } ?? false }

// Expected values from an independent RK4 integration (python3, dt = 1e-5) of
// m x'' + c x' + k x = 0 with x(0) = 1, x'(0) = −v0; progress = 1 − x. Settling: the last time
// |x| > 0.001.
private struct Case {
    var mass: CGFloat, stiffness: CGFloat, damping: CGFloat, velocity: CGFloat
    var overdamp = false
    var progress: [(Double, Double)]
    var settling: Double
}

private let cases: [Case] = [
    Case(mass: 1, stiffness: 100, damping: 10, velocity: 0,
         progress: [(0.1, 0.340299847), (0.2, 0.849425635), (0.5, 1.074590567), (1.0, 1.002170117)], settling: 1.27016),
    Case(mass: 1, stiffness: 100, damping: 20, velocity: 0,
         progress: [(0.1, 0.264241118), (0.2, 0.59399415), (0.5, 0.959572318), (1.0, 0.999500601)], settling: 0.92334),
    Case(mass: 1, stiffness: 100, damping: 40, velocity: 0, overdamp: true,
         progress: [(0.1, 0.177736576), (0.2, 0.369639978), (0.5, 0.717828826), (1.0, 0.926095928)], settling: 2.60581),
    Case(mass: 1, stiffness: 100, damping: 10, velocity: 5,
         progress: [(0.1, 0.607053444), (0.2, 1.05906545), (0.5, 1.030619356), (1.0, 1.004862857)], settling: 1.21711),
    Case(mass: 2, stiffness: 300, damping: 8, velocity: 0,
         progress: [(0.1, 0.582963024), (0.2, 1.428166581), (0.5, 0.657383036), (1.0, 0.890576977)], settling: 3.42461),
]

@Test func springProgressAndSettlingMatchAnIndependentIntegration() {
    for c in cases {
        let s = CASpringAnimation(keyPath: "position.x")
        s.mass = c.mass; s.stiffness = c.stiffness; s.damping = c.damping
        s.initialVelocity = c.velocity; s.allowsOverdamping = c.overdamp
        for (t, p) in c.progress {
            #expect(close(s.progress(atLocalTime: t, duration: 1), p, 1e-6), "k=\(c.stiffness) c=\(c.damping) t=\(t)")
        }
        #expect(close(s.settlingDuration, c.settling, 2e-5), "settling \(s.settlingDuration) ≠ \(c.settling)")
    }
}

@Test func overdampingIsClampedToCriticalUnlessAllowed() {
    let s = CASpringAnimation()
    s.damping = 40
    // Critical (damping 20) values from the table above.
    #expect(close(s.progress(atLocalTime: 0.1, duration: 1), 0.264241118))
    #expect(close(s.settlingDuration, 0.92334, 2e-5))
}

@Test func springDefaultsAndValues() {
    let s = CASpringAnimation(keyPath: "position.x")
    #expect(s.mass == 1 && s.stiffness == 100 && s.damping == 10 && s.initialVelocity == 0 && !s.allowsOverdamping)
    s.fromValue = 0.0
    s.toValue = 100.0
    s.duration = s.settlingDuration
    // The timing function is ignored; the value overshoots past 100 at 0.5 s.
    s.timingFunction = CAMediaTimingFunction(name: .easeIn)
    let v = s.presentationValue(atLocalTime: 0.5, current: 0.0) as? Double
    #expect(close(v, 107.4590567, 1e-5))
}

@Test func perceptualDurationAndBounce() {
    // d = 0.5, bounce 0.2: stiffness (2π/0.5)² = 157.9136704, damping 4π·0.8/0.5 = 20.1061930.
    let s = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.2)
    #expect(close(Double(s.stiffness), 157.91367041742973, 1e-9))
    #expect(close(Double(s.damping), 20.106192982974676, 1e-9))
    #expect(close(s.perceptualDuration, 0.5, 1e-12))
    #expect(close(Double(s.bounce), 0.2, 1e-12))
    // Negative bounce overdamps: damping ratio 1/(1 + b) = 2 for b = −0.5.
    let o = CASpringAnimation(perceptualDuration: 0.5, bounce: -0.5)
    #expect(o.allowsOverdamping)
    #expect(close(Double(o.bounce), -0.5, 1e-12))
}

@Test func degenerateSpringsNeitherHangNorCrash() {
    let undamped = CASpringAnimation()
    undamped.damping = 0
    #expect(undamped.settlingDuration == .infinity)
    let massless = CASpringAnimation()
    massless.mass = 0
    #expect(massless.progress(atLocalTime: 0.1, duration: 1) == 1)
    #expect(massless.settlingDuration == 0)
    let nan = CASpringAnimation()
    nan.stiffness = .nan
    #expect(nan.settlingDuration == 0)
}
