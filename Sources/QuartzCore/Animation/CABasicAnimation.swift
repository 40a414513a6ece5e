/// A single-keyframe animation of a property from one value to another.
///
/// The six combinations of `fromValue`, `toValue` and `byValue` behave as Apple documents; a
/// missing start or end comes from the property's current value (its model value with earlier
/// animations applied). With `isAdditive`, a missing start or end is the zero of the value's type.
open class CABasicAnimation: CAPropertyAnimation {
    /// The value the animation starts from.
    open var fromValue: Any? { didSet { decodedFrom = DecodedValue(fromValue) } }
    /// The value the animation ends at.
    open var toValue: Any? { didSet { decodedTo = DecodedValue(toValue) } }
    /// The value the animation adds to its start value.
    open var byValue: Any?

    /// `fromValue` and `toValue` decoded when set, for evaluation (not at every sample).
    private var decodedFrom = DecodedValue(nil), decodedTo = DecodedValue(nil)

    /// A copy sharing no mutable state with the receiver.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone)
        if let c = copy as? CABasicAnimation {
            c.fromValue = fromValue
            c.toValue = toValue
            c.byValue = byValue
        }
        return copy
    }

    package override var valuesDescription: String {
        let named = [("from", fromValue), ("to", toValue), ("by", byValue)].compactMap { name, v in v.map { "\(name) \(type(of: $0))" } }
        return named.isEmpty ? "none" : named.joined(separator: ", ")
    }

    /// The start and end values after filling in missing ones from `current`.
    package func resolvedEndpoints(current: Any?) -> (from: Any?, to: Any?) {
        var current = current
        if isAdditive || valueFunction != nil {
            // Additive values add to the current value, so the missing end is "no change".
            current = ValueInterpolation.zero(like: fromValue ?? toValue ?? byValue ?? current)
        }
        switch (fromValue, toValue, byValue) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, ValueInterpolation.add(f, b))
        case (nil, let t?, let b?): return (ValueInterpolation.subtract(t, b), t)
        case (let f?, nil, nil): return (f, current)
        case (nil, let t?, nil): return (current, t)
        case (nil, nil, let b?): return (current, ValueInterpolation.add(current, b))
        case (nil, nil, nil): return (current, current)
        }
    }

    /// The fraction of the way from start to end at local time `t`.
    package func progress(atLocalTime t: CFTimeInterval, duration: CFTimeInterval) -> Double {
        easedFraction(atLocalTime: t, duration: duration)
    }

    package override func rawValue(atLocalTime t: CFTimeInterval, duration: CFTimeInterval,
                                   iteration: Int, current: Any?) -> Any? {
        let fraction = progress(atLocalTime: t, duration: duration)
        let template = (isAdditive || valueFunction != nil) ? nil : current
        let to: Any?
        var value: Any?
        if fromValue != nil, toValue != nil {
            to = toValue
            value = ValueInterpolation.interpolate(decodedFrom, decodedTo, fraction: fraction, like: template)
        } else {
            let ends = resolvedEndpoints(current: current)
            to = ends.to
            value = ValueInterpolation.interpolate(ends.from, ends.to, fraction: fraction, like: template)
        }
        if isCumulative, iteration > 0,
           let step = ValueInterpolation.scale(to, by: Double(iteration)),
           let sum = ValueInterpolation.add(value, step) {
            value = sum
        }
        return value
    }
}
