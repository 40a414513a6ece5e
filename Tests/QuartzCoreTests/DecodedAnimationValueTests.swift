import Foundation
import Testing
@testable import QuartzCore

// An animation decodes its own values once, when they are set, not at every sample (fuzz seed
// 4440964: four threads evaluating `presentation()` of `colors` and `locations` animations
// spent a third of their time decoding the same `Any` values, arrays bridged through NSArray
// at each cast). The values it then gives are those of decoding at every sample.

/// Values of every kind `AnimatableValue` decodes, in the types apps give them in.
private func pairs() -> [(String, Any, Any)] { [
    ("colors", [CGColor(gray: 0.2, alpha: 1) as Any, CGColor(srgbRed: 1, green: 0, blue: 0.5, alpha: 0.5) as Any],
     [CGColor(gray: 0.9, alpha: 0.3) as Any, CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1) as Any]),
    ("colors", [CGColor(gray: 0.2, alpha: 1), CGColor(gray: 0.4, alpha: 1)], [CGColor(gray: 1, alpha: 1), CGColor(gray: 0, alpha: 0)]),
    ("locations", [NSNumber(value: 0), NSNumber(value: 0.25)], [NSNumber(value: 0.5), NSNumber(value: 1)]),
    ("locations", [0.0, 0.3] as [Double], [0.6, 1.0] as [Double]),
    ("locations", [CGFloat(0), CGFloat(0.3)], [CGFloat(0.6), CGFloat(1)]),
    ("locations", [0, 1] as [Int], [1, 2] as [Int]),
    ("locations", [] as [Any], [] as [Any]),
    ("backgroundColor", CGColor(gray: 0, alpha: 1), CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 0.25)),
    ("bounds", NSValue(rect: CGRect(x: 0, y: 0, width: 10, height: 20)), NSValue(rect: CGRect(x: 5, y: 5, width: 100, height: 40))),
    ("sublayerTransform", CATransform3DMakeScale(2, 2, 1), NSValue(caTransform3D: CATransform3DMakeRotation(1, 0, 0, 1))),
    ("shadowOffset", CGSize(width: 1, height: 2), CGSize(width: -4, height: 8)),
    ("opacity", NSNumber(value: 0.25), Float(0.75)),
    ("cornerRadius", "not a number", 4.0),
] }

/// Whether two evaluated values are the same value of the same type.
private func same(_ a: Any?, _ b: Any?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    guard type(of: a) == type(of: b) else { return false }
    switch (AnimatableValue.decode(a), AnimatableValue.decode(b)) {
    case let (x?, y?): return x.representation == y.representation && x.value.components == y.value.components
    case (nil, nil): return "\(a)" == "\(b)"
    default: return false
    }
}

@Test func basicAnimationsInterpolateTheirValuesDecodedWhenSet() {
    for (key, from, to) in pairs() {
        let a = CABasicAnimation(keyPath: key)
        a.fromValue = from
        a.toValue = to
        for u in stride(from: -0.25, through: 1.25, by: 0.125) {
            let cached = a.rawValue(atLocalTime: u, duration: 1, iteration: 0, current: nil)
            let decodedNow = ValueInterpolation.interpolate(from, to, fraction: a.progress(atLocalTime: u, duration: 1), like: nil)
            #expect(same(cached, decodedNow), "\(key) at \(u): \(String(describing: cached)) against \(String(describing: decodedNow))")
        }
    }
}

@Test func keyframeAnimationsDecodeTheirValuesWhenSet() throws {
    for (key, from, to) in pairs() {
        let k = CAKeyframeAnimation(keyPath: key)
        k.values = [from, to, from]
        // Decoded once, here, one decoding a value (nil for a value that is not animatable).
        #expect(k.decodedValues.count == 3)
        #expect(zip(k.decodedValues, [from, to, from]).allSatisfy { (d, v) in
            (d.decoded == nil) == (AnimatableValue.decode(v) == nil)
        }, "\(key)")
        for u in stride(from: 0.0, through: 1.0, by: 0.0625) {
            let cached = k.value(atFraction: u, current: nil)
            let (i, s) = CAKeyframeAnimation.locate(u, in: k.linearKeyTimes(count: 3))
            let decodedNow = ValueInterpolation.interpolate(k.values![i], k.values![i + 1], fraction: s, like: nil)
            #expect(same(cached, decodedNow), "\(key) at \(u)")
        }
        k.values = nil
        #expect(k.decodedValues.isEmpty)
        let copy = try #require(k.copy() as? CAKeyframeAnimation)
        #expect(copy.decodedValues.isEmpty)
    }
    // A copy (what `add(_:forKey:)` attaches) decodes its own.
    let k = CAKeyframeAnimation(keyPath: "locations")
    k.values = [[NSNumber(value: 0)], [NSNumber(value: 1)]]
    let copy = try #require(k.copy() as? CAKeyframeAnimation)
    #expect(copy.decodedValues.count == 2 && copy.decodedValues.allSatisfy { $0.decoded != nil })
}
