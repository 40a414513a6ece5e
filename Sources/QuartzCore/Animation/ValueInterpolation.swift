/// The interpolation engine for every animatable type, working on Apple's untyped `Any` values.
///
/// Results take the type of `template` (usually the property's current value) when it is the
/// same kind of value, else the type of the first operand, so `NSNumber` key frames animating a
/// `Float` property come back as `Float`.
package enum ValueInterpolation {
    /// `from + (to - from) * fraction`; values that cannot be interpolated switch at fraction 0.5.
    ///
    /// The fraction is not clamped: springs and overshooting timing functions extrapolate.
    package static func interpolate(_ from: Any?, _ to: Any?, fraction: Double, like template: Any? = nil) -> Any? {
        guard let (a, repA) = AnimatableValue.decode(from), let (b, _) = AnimatableValue.decode(to),
              a.isCompatible(with: b)
        else { return fraction < 0.5 ? from : to }
        let ca = a.components, cb = b.components
        var out = ca
        for i in out.indices { out[i] = ca[i] + (cb[i] - ca[i]) * fraction }
        return a.withComponents(out).encoded(as: representation(like: template, value: a, fallback: repA))
    }

    /// `a + b`, typed like `a`; nil when they cannot be added.
    package static func add(_ a: Any?, _ b: Any?) -> Any? {
        combine(a, b) { $0 + $1 }
    }

    /// `a - b`, typed like `a`; nil when they cannot be subtracted.
    package static func subtract(_ a: Any?, _ b: Any?) -> Any? {
        combine(a, b) { $0 - $1 }
    }

    /// `a * factor`, typed like `a`; nil when `a` cannot be scaled.
    package static func scale(_ a: Any?, by factor: Double) -> Any? {
        guard let (v, rep) = AnimatableValue.decode(a) else { return nil }
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
        return fallback
    }
}
