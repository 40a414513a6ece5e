/// An animation of one layer property, named by its key path.
open class CAPropertyAnimation: CAAnimation {
    /// The key path of the animated property, such as `"position"` or `"transform.rotation.z"`.
    open var keyPath: String?
    /// Whether the animation's value is added to the property's current value. Defaults to false.
    open var isAdditive: Bool = false
    /// Whether each repeat builds on the end value of the previous ones. Defaults to false.
    open var isCumulative: Bool = false
    /// A function that turns the animation's scalar or vector values into a `CATransform3D`.
    open var valueFunction: CAValueFunction?

    /// Creates an animation of the property at `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    /// A copy sharing no mutable state with the receiver.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone)
        if let c = copy as? CAPropertyAnimation {
            c.keyPath = keyPath
            c.isAdditive = isAdditive
            c.isCumulative = isCumulative
            c.valueFunction = valueFunction
        }
        return copy
    }

    /// The animation's value at local time `t` (0…duration, within one iteration) given the
    /// property's `current` value (its model value with earlier animations applied).
    ///
    /// Applies the timing function, cumulative repeats, `isAdditive` and `valueFunction`.
    /// Returns `current` when the animation's values cannot be interpreted.
    package func presentationValue(atLocalTime t: CFTimeInterval, iteration: Int = 0,
                                   duration: CFTimeInterval? = nil, current: Any?) -> Any? {
        interpretedValue(atLocalTime: t, iteration: iteration, duration: duration, current: current) ?? current
    }

    /// `presentationValue`, but nil when the animation's values cannot be interpreted.
    package func interpretedValue(atLocalTime t: CFTimeInterval, iteration: Int = 0,
                                  duration: CFTimeInterval? = nil, current: Any?) -> Any? {
        let d = duration ?? mediaTiming().effectiveDuration
        guard let raw = rawValue(atLocalTime: t, duration: d, iteration: iteration, current: current)
        else { return nil }
        var value = raw
        if let function = valueFunction {
            guard let transform = function.transform(for: raw) else { return nil }
            value = transform
        }
        if isAdditive {
            return ValueInterpolation.add(current, value) ?? value
        }
        return value
    }

    /// The animation's values, named for a diagnostic; subclasses with values override.
    package var valuesDescription: String { "none" }

    /// The un-additive value at local time `t`; `CABasicAnimation` and `CAKeyframeAnimation` override.
    package func rawValue(atLocalTime t: CFTimeInterval, duration: CFTimeInterval,
                          iteration: Int, current: Any?) -> Any? {
        nil
    }

    package override func apply(sample: MediaTiming.Sample, duration: CFTimeInterval,
                                get: (String) -> Any?, set: (String, Any?) -> Void) {
        guard let keyPath else { return }
        let current = get(keyPath)
        guard let value = interpretedValue(atLocalTime: sample.localTime, iteration: sample.iteration,
                                           duration: duration, current: current) else {
            // Values that do not interpolate for this property: say so (evaluation reports once).
            return set(keyPath, AnimationEvaluation.Uninterpretable(values: valuesDescription))
        }
        set(keyPath, value)
    }
}
