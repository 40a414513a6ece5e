/// The abstract superclass of Core Animation's animations: timing, pacing, delegate.
///
/// Differs from Apple: key-value coding on Linux's `NSObject` does not exist, so
/// `setValue(_:forKey:)`/`value(forKey:)` here store arbitrary extra values (as Apple's animations
/// do for keys that are not properties) but do not reach the declared properties.
open class CAAnimation: NSObject, NSSecureCoding, CAMediaTiming, CAAction, NSCopying {
    /// The duration an animation with `duration` 0 runs for when no transaction supplies one.
    package static let defaultDuration: CFTimeInterval = 0.25

    /// Creates an animation with Apple's defaults.
    public override init() {
        super.init()
    }

    /// Makes the copy `copy(with:)` returns, through the dynamic type's `init()`.
    ///
    /// Strata addition: Swift on Linux can only call a `required` initializer on a class object,
    /// and a required `init()` would break Apple's spelling `override init()` in subclasses. A
    /// required convenience initializer is inherited by every subclass that declares no designated
    /// initializer or overrides both `init()` and `init?(coder:)`, as Apple-style subclasses do.
    public required convenience init(_strataCopyOf animation: CAAnimation) {
        self.init()
    }

    /// An animation decoded from an archive made by `encode(with:)`.
    public required init?(coder: NSCoder) {
        super.init()
        decodeAnimation(from: coder)
    }

    /// Archives the animation's timing and attributes (not its delegate).
    open func encode(with coder: NSCoder) { encodeAnimation(with: coder) }

    /// Animations support secure coding.
    open class var supportsSecureCoding: Bool { true }

    // MARK: CAMediaTiming

    /// The begin time in the layer's time space; 0 means "when added" (the layer sets it).
    open var beginTime: CFTimeInterval = 0
    /// The duration of one pass; 0 means the transaction's duration (0.25 s by default).
    open var duration: CFTimeInterval = 0
    /// How fast the animation's time runs relative to its layer's. Defaults to 1.
    open var speed: Float = 1
    /// An offset into the animation's active time. Defaults to 0.
    open var timeOffset: CFTimeInterval = 0
    /// The number of repeats; may be fractional; `.infinity` repeats forever. Defaults to 0 (once).
    open var repeatCount: Float = 0
    /// How long to repeat for. Defaults to 0 (use `repeatCount`).
    open var repeatDuration: CFTimeInterval = 0
    /// Whether each pass plays backwards after playing forwards. Defaults to false.
    open var autoreverses: Bool = false
    /// What the animation shows outside its active duration. Defaults to `.removed`.
    open var fillMode: CAMediaTimingFillMode = .removed

    // MARK: Animation attributes

    /// The pacing of the animation; `nil` means linear.
    open var timingFunction: CAMediaTimingFunction?
    /// The delegate, retained strongly, as on Apple.
    open var delegate: (any CAAnimationDelegate)?
    /// Whether the layer removes the animation once it has finished. Defaults to true.
    open var isRemovedOnCompletion: Bool = true

    /// Extra values set with `setValue(_:forKey:)`.
    package var extraValues: [String: Any] = [:]
    /// Its one report of a value it could not apply (each copy reports for itself).
    package let evaluationDiagnostic = DiagnosticOnce()

    /// The default value of a property, or nil if there is none.
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "speed": return NSNumber(value: Float(1))
        case "removedOnCompletion", "isRemovedOnCompletion": return NSNumber(value: true)
        case "beginTime", "duration", "timeOffset", "repeatDuration": return NSNumber(value: 0.0)
        case "repeatCount": return NSNumber(value: Float(0))
        case "autoreverses": return NSNumber(value: false)
        case "fillMode": return CAMediaTimingFillMode.removed.rawValue
        default: return nil
        }
    }

    /// Whether the value for `key` is archived; always true.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// Sets a property by Apple's key (`"duration"`, `"toValue"`…; a value of the wrong type is
    /// reported and ignored), or stores an arbitrary value under `key` (copied with the animation).
    open func setValue(_ value: Any?, forKey key: String) {
        if propertyValue(forKey: key) != nil {
            if !setPropertyValue(value, forKey: key) {
                StrataDiagnostics.report("CAAnimation.setValue: \(value.map { "\(Swift.type(of: $0))" } ?? "nil") is not a valid value for \(key); ignored")
            }
            return
        }
        extraValues[key] = value
    }

    /// A property by Apple's key, boxed as Apple hands it out (`NSNumber` for numbers, `NSValue`
    /// for geometry), or the value stored under `key`, else `defaultValue(forKey:)`.
    open func value(forKey key: String) -> Any? {
        if let property = propertyValue(forKey: key) { return KVCBoxing.box(property) }
        return extraValues[key] ?? type(of: self).defaultValue(forKey: key)
    }

    // MARK: NSCopying

    /// A copy that shares no mutable state with the receiver (the delegate is shared, as on Apple).
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init(_strataCopyOf: self)
        copy.beginTime = beginTime
        copy.duration = duration
        copy.speed = speed
        copy.timeOffset = timeOffset
        copy.repeatCount = repeatCount
        copy.repeatDuration = repeatDuration
        copy.autoreverses = autoreverses
        copy.fillMode = fillMode
        copy.timingFunction = timingFunction
        copy.delegate = delegate
        copy.isRemovedOnCompletion = isRemovedOnCompletion
        copy.extraValues = extraValues
        return copy
    }

    // MARK: CAAction

    /// Adds the animation to `anObject` under `event`, when that object is a layer.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? any CAAnimationTarget)?.add(self, forKey: event)
    }

    // MARK: Evaluation (for the layer code)

    /// The animation's timing with `defaultDuration` standing in for a zero `duration`.
    package func mediaTiming(defaultDuration: CFTimeInterval = CAAnimation.defaultDuration) -> MediaTiming {
        MediaTiming(self, defaultDuration: defaultDuration > 0 ? defaultDuration : CAAnimation.defaultDuration)
    }

    /// Whether the animation has run to the end of its active duration at `parentTime`.
    package func isFinished(atParentTime parentTime: CFTimeInterval,
                            defaultDuration: CFTimeInterval = CAAnimation.defaultDuration) -> Bool {
        mediaTiming(defaultDuration: defaultDuration).sample(atParentTime: parentTime).position == .after
    }

    /// Whether the animation's active duration has begun at `parentTime` (for `animationDidStart`).
    package func hasStarted(atParentTime parentTime: CFTimeInterval,
                            defaultDuration: CFTimeInterval = CAAnimation.defaultDuration) -> Bool {
        mediaTiming(defaultDuration: defaultDuration).sample(atParentTime: parentTime).position != .before
    }

    /// Applies the animation's effect at `parentTime` (the layer's local time) to a set of
    /// animatable properties read through `get` and written through `set`, keyed by key path.
    ///
    /// Nothing is written when the animation is inactive (not started or finished and not filled).
    /// Property animations write their key path; groups apply their children in order. The base
    /// class (and `CATransition`, which the renderer handles) writes nothing.
    package func apply(atParentTime parentTime: CFTimeInterval,
                       defaultDuration: CFTimeInterval = CAAnimation.defaultDuration,
                       get: (String) -> Any?, set: (String, Any?) -> Void) {
        let timing = mediaTiming(defaultDuration: defaultDuration)
        let sample = timing.sample(atParentTime: parentTime)
        guard sample.isVisible else { return }
        apply(sample: sample, duration: timing.effectiveDuration, get: get, set: set)
    }

    /// Applies the animation at an already-sampled time; subclasses override.
    package func apply(sample: MediaTiming.Sample, duration: CFTimeInterval,
                       get: (String) -> Any?, set: (String, Any?) -> Void) {}

    /// The eased fraction of one pass at local time `t` (0…duration) through `timingFunction`.
    package func easedFraction(atLocalTime t: CFTimeInterval, duration: CFTimeInterval) -> Double {
        Self.easedFraction(atLocalTime: t, duration: duration, timingFunction)
    }

    /// `easedFraction` for a given timing function (nil: linear); 0 for an unbounded duration.
    package static func easedFraction(atLocalTime t: CFTimeInterval, duration: CFTimeInterval,
                                      _ function: CAMediaTimingFunction?) -> Double {
        guard duration > 0, duration.isFinite else { return 0 }
        return function.evaluate(at: t / duration)
    }
}
