/// The interpolation engine for every animatable type, working on Apple's untyped `Any` values.
///
/// Transforms interpolate by decomposition (`CATransform3D.interpolated`, Apple's shortest
/// rotation); "adding" transform `b` to `a` applies `b` first, in `a`'s local space
/// (`b · a` in row-vector order), and scaling by an integer n repeats a transform n times.
/// Colors interpolate component-wise in sRGB with alpha; paths point-wise when they have the
/// same elements.
///
/// Results take the type of `template` (usually the property's current value) when it is the
/// same kind of value, else the type of the first operand, so `NSNumber` key frames animating a
/// `Float` property come back as `Float`.
package enum ValueInterpolation {
    /// `from + (to - from) * fraction`; values that cannot be interpolated switch at fraction 0.5.
    ///
    /// The fraction is not clamped: springs and overshooting timing functions extrapolate.
    package static func interpolate(_ from: Any?, _ to: Any?, fraction: Double, like template: Any? = nil) -> Any? {
        interpolate(DecodedValue(from), DecodedValue(to), fraction: fraction, like: template)
    }

    /// `interpolate` of values decoded beforehand.
    package static func interpolate(_ from: DecodedValue, _ to: DecodedValue, fraction: Double, like template: Any? = nil) -> Any? {
        guard let (a, repA) = from.decoded, let (b, _) = to.decoded, a.isCompatible(with: b)
        else { return fraction < 0.5 ? from.raw : to.raw }
        if case .transform(let ta) = a, case .transform(let tb) = b {
            return CATransform3D.interpolated(from: ta, to: tb, fraction: fraction)
        }
        let ca = a.components, cb = b.components
        var out = ca
        for i in out.indices { out[i] = ca[i] + (cb[i] - ca[i]) * fraction }
        return a.withComponents(out).encoded(as: representation(like: template, value: a, fallback: repA))
    }

    /// `value` converted to the type of `template` when both are the same kind of value, else `value`.
    package static func retyped(_ value: Any?, like template: Any?) -> Any? {
        guard let (v, rep) = AnimatableValue.decode(value) else { return value }
        return v.encoded(as: representation(like: template, value: v, fallback: rep))
    }

    /// `a + b`, typed like `a`; nil when they cannot be added.
    package static func add(_ a: Any?, _ b: Any?) -> Any? {
        if let (ta, tb) = transforms(a, b) { return tb.concatenating(ta) }  // b first, then a
        return combine(a, b) { $0 + $1 }
    }

    /// `a - b`, typed like `a`; nil when they cannot be subtracted.
    package static func subtract(_ a: Any?, _ b: Any?) -> Any? {
        // The c with add(c, b) == a: b · c = a, so c = b⁻¹ · a.
        if let (ta, tb) = transforms(a, b) { return tb.inverse()?.concatenating(ta) }
        return combine(a, b) { $0 - $1 }
    }

    private static func transforms(_ a: Any?, _ b: Any?) -> (CATransform3D, CATransform3D)? {
        guard let ta = a as? CATransform3D, let tb = b as? CATransform3D else { return nil }
        return (ta, tb)
    }

    /// `a * factor`, typed like `a`; nil when `a` cannot be scaled.
    package static func scale(_ a: Any?, by factor: Double) -> Any? {
        guard let (v, rep) = AnimatableValue.decode(a) else { return nil }
        if case .transform(let t) = v {
            guard factor.isFinite, factor == factor.rounded(), abs(factor) <= 1024 else { return nil }
            guard let base = factor < 0 ? t.inverse() : t else { return nil }
            var result = CATransform3DIdentity
            for _ in 0..<Int(abs(factor)) { result = result.concatenating(base) }
            return result
        }
        return v.withComponents(v.components.map { $0 * factor }).encoded(as: rep)
    }

    /// The zero of `a`'s type (the identity for `add`), or nil.
    package static func zero(like a: Any?) -> Any? {
        guard let (v, rep) = AnimatableValue.decode(a) else { return nil }
        return v.zero.encoded(as: rep)
    }

    /// The Euclidean distance between two values of the same kind (for paced key frames), or nil.
    package static func distance(_ a: Any?, _ b: Any?) -> Double? {
        guard let (x, _) = AnimatableValue.decode(a), let (y, _) = AnimatableValue.decode(b),
              x.isCompatible(with: y)
        else { return nil }
        let cx = x.components, cy = y.components
        var sum = 0.0
        for i in cx.indices { sum += (cy[i] - cx[i]) * (cy[i] - cx[i]) }
        return sum.squareRoot()
    }

    /// Whether `a` and `b` are values this engine can do arithmetic on together.
    package static func areCompatible(_ a: Any?, _ b: Any?) -> Bool {
        guard let x = AnimatableValue(a), let y = AnimatableValue(b) else { return false }
        return x.isCompatible(with: y)
    }

    private static func combine(_ a: Any?, _ b: Any?, _ op: (Double, Double) -> Double) -> Any? {
        guard let (x, rep) = AnimatableValue.decode(a), let (y, _) = AnimatableValue.decode(b),
              x.isCompatible(with: y)
        else { return nil }

        let cx = x.components, cy = y.components
        var out = cx
        for i in out.indices { out[i] = op(cx[i], cy[i]) }
        return x.withComponents(out).encoded(as: rep)
    }

    private static func representation(like template: Any?, value: AnimatableValue,
                                       fallback: AnimatableValue.Representation) -> AnimatableValue.Representation {
        if let (t, rep) = AnimatableValue.decode(template), t.isCompatible(with: value) { return rep }
        // No model value to take the type from (a custom property not set yet): Apple
        // interpolates numbers as doubles, so `fromValue = 0`, `toValue = 1` give fractions, as an
        // NSNumber; rounding to the endpoints' Int turned such an animation into a jump at half way.
        if fallback == .int { return .nsNumber }
        return fallback
    }
}
