/// The timing of a layer or an animation: a hierarchical, SMIL-like time model.
///
/// To convert a parent time `tp` to the object's active local time:
/// `t = (tp - beginTime) * speed + timeOffset` (see `MediaTiming`).
public protocol CAMediaTiming: AnyObject {
    /// The begin time, in the parent's time space. Defaults to 0.
    var beginTime: CFTimeInterval { get set }
    /// The basic duration of one iteration. Defaults to 0 (for animations: 0.25 s, or the
    /// transaction's duration when added to a layer).
    var duration: CFTimeInterval { get set }
    /// How fast local time runs relative to parent time. Defaults to 1.
    var speed: Float { get set }
    /// An offset added to active local time. Defaults to 0.
    var timeOffset: CFTimeInterval { get set }
    /// How many times the object repeats; may be fractional; `.infinity` repeats forever.
    var repeatCount: Float { get set }
    /// How long the object repeats for, in local time. Defaults to 0 (use `repeatCount`).
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each iteration plays backwards after playing forwards.
    var autoreverses: Bool { get set }
    /// What the object shows outside its active duration. Defaults to `.removed`.
    var fillMode: CAMediaTimingFillMode { get set }
}
