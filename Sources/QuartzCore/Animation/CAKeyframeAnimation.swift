/// An animation through a sequence of values (keyframes), or along a path.
///
/// Differs from Apple: invalid `keyTimes` (wrong count, not increasing, outside 0…1) are
/// ignored and the keyframes spaced evenly, rather than giving undefined results; `.cubic`
/// uses uniform Kochanek–Bartels tangents (not adjusted for uneven key times) and duplicates the
/// end keyframes for the end tangents.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values.
    open var values: [Any]? { didSet { decodedValues = values?.map(DecodedValue.init) ?? [] } }
    /// `values` decoded when set, for evaluation (not at every sample).
    package private(set) var decodedValues: [DecodedValue] = []
    /// A path to move along; when set, `values` is ignored. Every point but a move-to ends one
    /// keyframe segment (lines, curves and the line a close draws back to its subpath's start).
    ///
    /// Differs from Apple: a close that draws nothing (the subpath already ends at its start, as
    /// in an ellipse) adds no zero-length segment.
    open var path: CGPath?
    /// The fraction of the duration (0…1) at which each keyframe is reached; nil spaces them evenly.
    open var keyTimes: [NSNumber]?
    /// The pacing of each segment between keyframes (n - 1 functions for n keyframes).
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are computed. Defaults to `.linear`.
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// Kochanek–Bartels tension per keyframe for `.cubic` (0 = Catmull–Rom, 1 = tight).
    open var tensionValues: [NSNumber]?
    /// Kochanek–Bartels continuity per keyframe for `.cubic` (0 = smooth, ±1 = corners).
    open var continuityValues: [NSNumber]?
    /// Kochanek–Bartels bias per keyframe for `.cubic` (−1…1: which side the curve leans to).
    open var biasValues: [NSNumber]?
    /// Whether an object moving along the keyframes turns to the direction of travel.
    open var rotationMode: CAAnimationRotationMode?

    /// A copy sharing no mutable state with the receiver.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone)
        if let c = copy as? CAKeyframeAnimation {
            c.values = values
            c.keyTimes = keyTimes
            c.timingFunctions = timingFunctions
            c.calculationMode = calculationMode
            c.tensionValues = tensionValues
            c.continuityValues = continuityValues
            c.biasValues = biasValues
            c.rotationMode = rotationMode
            c.path = path?.copy()
        }
        return copy
    }

    package override func rawValue(atLocalTime t: CFTimeInterval, duration: CFTimeInterval,
                                   iteration: Int, current: Any?) -> Any? {
        keyframeRawValue(atLocalTime: t, duration: duration, iteration: iteration, current: current)
    }

    package override var valuesDescription: String {
        guard let values, !values.isEmpty else { return path == nil ? "none" : "a path" }
        return "\(values.count) values of " + Set(values.map { "\(type(of: $0))" }).sorted().joined(separator: ", ")
    }

    package override func apply(sample: MediaTiming.Sample, duration: CFTimeInterval,
                                get: (String) -> Any?, set: (String, Any?) -> Void) {
        super.apply(sample: sample, duration: duration, get: get, set: set)
        applyRotation(sample: sample, duration: duration, get: get, set: set)
    }
}
