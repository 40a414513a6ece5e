import Testing
@testable import QuartzCore

// Expected values computed independently with python3: bisection (200 steps) on the Bézier
// x(s) with Float32-rounded control points, then y(s).
private let table: [(CAMediaTimingFunctionName, [Double])] = [
    (.linear, [0.25, 0.5, 0.75]),
    (.easeIn, [0.093464654, 0.315356819, 0.621861875]),
    (.easeOut, [0.378138138, 0.684643195, 0.906535353]),
    (.easeInEaseOut, [0.129161939, 0.500000019, 0.870838078]),
    (.default, [0.408510592, 0.802403388, 0.960458978]),
]

@Test func namedFunctionsAtQuarterHalfThreeQuarters() {
    for (name, expected) in table {
        let function = CAMediaTimingFunction(name: name)
        for (x, y) in zip([0.25, 0.5, 0.75], expected) {
            let value = function.evaluate(at: x)
            #expect(abs(value - y) < 1e-6, "\(name.rawValue) at \(x): \(value) ≠ \(y)")
        }
        #expect(function.evaluate(at: 0) == 0)
        #expect(function.evaluate(at: 1) == 1)
    }
}

@Test func controlPointsAreApples() {
    let expected: [(CAMediaTimingFunctionName, [Float])] = [
        (.linear, [0, 0, 1, 1]), (.easeIn, [0.42, 0, 1, 1]), (.easeOut, [0, 0, 0.58, 1]),
        (.easeInEaseOut, [0.42, 0, 0.58, 1]), (.default, [0.25, 0.1, 0.25, 1]),
    ]
    for (name, points) in expected {
        let f = CAMediaTimingFunction(name: name)
        var values: [Float] = [9, 9]
        f.getControlPoint(at: 0, values: &values)
        #expect(values == [0, 0])
        f.getControlPoint(at: 1, values: &values)
        #expect(values == [points[0], points[1]])
        f.getControlPoint(at: 2, values: &values)
        #expect(values == [points[2], points[3]])
        f.getControlPoint(at: 3, values: &values)
        #expect(values == [1, 1])
        values = [7, 7]
        f.getControlPoint(at: 4, values: &values)
        #expect(values == [7, 7])
    }
}

@Test func customFunctionWithOvershoot() {
    // (0.5, -0.5), (0.5, 1.5): x(0.5) = 0.375 + 0.125 = 0.5, y(0.5) = -0.1875 + 0.5625 + 0.125 = 0.5.
    let f = CAMediaTimingFunction(controlPoints: 0.5, -0.5, 0.5, 1.5)
    #expect(abs(f.evaluate(at: 0.5) - 0.5) < 1e-6)
    // Overshoot: y < 0 early on.
    #expect(f.evaluate(at: 0.05) < 0)
}

@Test func flatSlopeStillSolvesToOneMillionth() {
    // (1, 0), (0, 1): x(s) = 3s - 6s^2 + 4s^3 has zero slope at s = 0.5, where
    // x(0.5 + e) = 0.5 + 4e^3 and y(s) = 3s^2 - 2s^3. Newton stalls there; bisection must finish.
    let f = CAMediaTimingFunction(controlPoints: 1, 0, 0, 1)
    // Exactly at the vertical tangent, double rounding of x(s) (~1e-16) pins s only to
    // (1e-16 / 4)^(1/3) ≈ 3e-6, so y = 0.5 holds to 5e-6 there and to 1e-6 elsewhere.
    #expect(abs(f.evaluate(at: 0.5) - 0.5) < 5e-6)
    // e = 0.01: x = 0.500004, y(0.51) = 0.7803 - 0.265302 = 0.514998.
    #expect(abs(f.evaluate(at: 0.500004) - 0.514998) < 1e-6)
    // e = -0.1: x = 0.496, y(0.4) = 0.48 - 0.128 = 0.352.
    #expect(abs(f.evaluate(at: 0.496) - 0.352) < 1e-6)
}

@Test func nilTimingFunctionIsLinearAndInputIsClamped() {
    let none: CAMediaTimingFunction? = nil
    #expect(none.evaluate(at: 0.3) == 0.3)
    #expect(none.evaluate(at: 1.7) == 1)
    #expect(CAMediaTimingFunction(name: .easeIn).evaluate(at: -2) == 0)
    #expect(CAMediaTimingFunction(name: .easeIn).evaluate(at: .nan) == 0)
}

@Test func unknownNameIsLinear() {
    let f = CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: "bouncy"))
    #expect(f == CAMediaTimingFunction(controlPoints: 0, 0, 1, 1))
    #expect(f.evaluate(at: 0.25) == 0.25)
}
