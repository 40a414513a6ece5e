/// The `CAMediaTiming` time maths as one pure value: parent time in, local time and phase out.
///
/// Layers and animations share it; the layer tree composes it down the tree by feeding each
/// object's local time to its children as their parent time. The model (Apple's header
/// `CAMediaTiming.h`, plus behaviour observed on Apple platforms):
///
/// - active time `a = (tp - beginTime) * speed`; the object is active for `0 ≤ a ≤ activeDuration` (closed, so a
///   group frozen at its end still shows the children ending with it)
///   (so a negative `speed` plays the interval backwards: it is active while `tp` lies in
///   `beginTime - activeDuration/|speed| … beginTime`);
/// - `timeOffset` shifts where playback starts without changing the active duration: the
///   iteration time is `(a + timeOffset)` wrapped into one iteration (an animation of duration 3
///   with offset 1 plays 1…3 then 0…1), so for a layer (infinite duration) local time is
///   `(tp - beginTime) * speed + timeOffset`, Apple's formula, and QA1673's pause recipe works;
/// - one iteration lasts `duration`, twice that with `autoreverses` (forwards then backwards);
///   `activeDuration` is `repeatDuration` if positive, else `repeatCount` iterations (0 means
///   1; fractional counts stop part way; `.infinity` and `.greatestFiniteMagnitude` never stop);
/// - outside the active duration the fill mode clamps active time to 0 (`.backwards`, `.both`)
///   or to `activeDuration` (`.forwards`, `.both`), else the object is inactive.
package struct MediaTiming: Sendable, Equatable {
    /// Whether the object has an effect at the sampled time.
    package enum Phase: Sendable, Equatable {
        /// Inside the active duration.
        case active
        /// Outside it, but held by the fill mode.
        case filled
        /// Outside it and not filled: the object has no effect (an animation is finished, or not started).
        case inactive
    }

    /// Where the sampled time lies relative to the active duration.
    package enum Position: Sendable, Equatable {
        case before, during, after
    }

    /// The result of sampling the timing at one parent time.
    package struct Sample: Sendable, Equatable {
        /// Whether the object has an effect.
        package var phase: Phase
        /// Before, during or after the active duration.
        package var position: Position
        /// Time within the current iteration, `0 … duration` (already reversed when autoreversing).
        package var localTime: CFTimeInterval
        /// The index of the current iteration (a forwards-and-back cycle counts as one).
        package var iteration: Int
        /// Whether the current iteration is playing its autoreversed half.
        package var isReversed: Bool
        /// `(tp - beginTime) * speed`, unclamped.
        package var activeTime: CFTimeInterval

        /// Whether the object contributes to the presentation at this time.
        package var isVisible: Bool { phase != .inactive }
    }

    /// Begin time in the parent's time space.
    package var beginTime: CFTimeInterval
    /// The effective duration of one pass (> 0); `.infinity` (or any value ≤ 0) means unbounded, as for layers.
    package var duration: CFTimeInterval
    /// Local time per unit of parent time; 0 pauses, negative runs backwards.
    package var speed: Float
    /// Added to active time before wrapping into an iteration.
    package var timeOffset: CFTimeInterval
    /// Iterations to play (0 means 1); may be fractional; `.infinity` never stops.
    package var repeatCount: Float
    /// Active duration when positive (overrides `repeatCount`).
    package var repeatDuration: CFTimeInterval
    /// Whether each iteration plays forwards then backwards.
    package var autoreverses: Bool
    /// What happens outside the active duration.
    package var fillMode: CAMediaTimingFillMode

    /// Timing from explicit values; `duration` must already be the effective one (see `init(_:defaultDuration:)`).
    package init(
        beginTime: CFTimeInterval = 0, duration: CFTimeInterval, speed: Float = 1,
        timeOffset: CFTimeInterval = 0, repeatCount: Float = 0, repeatDuration: CFTimeInterval = 0,
        autoreverses: Bool = false, fillMode: CAMediaTimingFillMode = .removed
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// The timing of `object`, with `defaultDuration` substituted when its duration is 0 (or invalid).
    ///
    /// Pass 0.25 (or the transaction's duration) for animations and `.infinity` for layers.
    package init(_ object: some CAMediaTiming, defaultDuration: CFTimeInterval) {
        let d = object.duration
        self.init(
            beginTime: object.beginTime,
            duration: (d > 0 && d.isFinite) ? d : defaultDuration,
            speed: object.speed, timeOffset: object.timeOffset,
            repeatCount: object.repeatCount, repeatDuration: object.repeatDuration,
            autoreverses: object.autoreverses, fillMode: object.fillMode)
    }

    /// The duration of one pass, `.infinity` when unbounded.
    package var effectiveDuration: CFTimeInterval {
        (duration > 0 && duration.isFinite) ? duration : .infinity
    }

    /// One iteration: a pass, or a pass forwards and one back with `autoreverses`.
    package var iterationDuration: CFTimeInterval {
        effectiveDuration * (autoreverses ? 2 : 1)
    }

    /// Whether `repeatCount` asks to repeat forever.
    package var repeatsForever: Bool {
        repeatCount == .infinity || repeatCount == .greatestFiniteMagnitude
    }

    /// How long the object is active, in its active time; `.infinity` if it never stops.
    package var activeDuration: CFTimeInterval {
        let cycle = iterationDuration
        if repeatDuration > 0 { return repeatDuration }
        if repeatsForever { return .infinity }
        let count = (repeatCount > 0 && repeatCount.isFinite) ? CFTimeInterval(repeatCount) : 1
        return cycle * count
    }

    /// The active time `(tp - beginTime) * speed`.
    package func activeTime(fromParent parentTime: CFTimeInterval) -> CFTimeInterval {
        let elapsed = parentTime - beginTime
        // speed 0 pauses: 0 even for an infinite elapsed time.
        return speed == 0 ? 0 : elapsed * CFTimeInterval(speed)
    }

    /// Apple's `t = (tp - beginTime) * speed + timeOffset`, unwrapped (a layer's `convertTime`).
    package func localTime(fromParent parentTime: CFTimeInterval) -> CFTimeInterval {
        activeTime(fromParent: parentTime) + timeOffset
    }

    /// The inverse of `localTime(fromParent:)`; with `speed` 0 every parent time maps to the
    /// same local time, so this returns `beginTime`.
    package func parentTime(fromLocal localTime: CFTimeInterval) -> CFTimeInterval {
        speed == 0 ? beginTime : (localTime - timeOffset) / CFTimeInterval(speed) + beginTime
    }

    /// Samples the timing at `parentTime`.
    package func sample(atParentTime parentTime: CFTimeInterval) -> Sample {
        let a = activeTime(fromParent: parentTime)
        guard !a.isNaN else {
            return Sample(phase: .inactive, position: .before, localTime: 0, iteration: 0,
                          isReversed: false, activeTime: a)
        }
        let end = activeDuration
        if a < 0 {
            var s = iterationTime(active: 0, endInclusive: false)
            s.position = .before
            s.phase = fillMode.fillsBackwards ? .filled : .inactive
            s.activeTime = a
            return s
        }
        if a > end {
            var s = iterationTime(active: end, endInclusive: true)
            s.position = .after
            s.phase = fillMode.fillsForwards ? .filled : .inactive
            s.activeTime = a
            return s
        }
        // The active interval is closed: at exactly its end the object shows its end value, so a
        // group frozen at its end still shows children that end with it (SMIL's freeze).
        var s = iterationTime(active: a, endInclusive: a == end)
        s.activeTime = a
        return s
    }

    /// Wraps active time (plus `timeOffset`) into one iteration. `endInclusive` makes an exact
    /// iteration boundary the end of the previous iteration rather than the start of the next.
    private func iterationTime(active a: CFTimeInterval, endInclusive: Bool) -> Sample {
        let d = effectiveDuration
        let cycle = iterationDuration
        let x = a + timeOffset
        guard cycle.isFinite, x.isFinite else {
            return Sample(phase: .active, position: .during, localTime: x.isFinite ? x : 0,
                          iteration: 0, isReversed: false, activeTime: a)
        }
        var n = (x / cycle).rounded(.down)
        var r = x - n * cycle
        // Snap rounding noise at iteration boundaries (e.g. 0.3 / 0.1).
        let eps = cycle * 1e-9
        if r >= cycle - eps { n += 1; r = 0 }
        if r <= eps { r = 0 }
        if endInclusive, r == 0, x > 0 { n -= 1; r = cycle }
        var local = r
        var reversed = false
        if autoreverses, r > d {
            local = cycle - r
            reversed = true
        }
        local = min(max(local, 0), d)
        let iteration = n.magnitude < CFTimeInterval(Int.max / 2) ? Int(n) : 0
        return Sample(phase: .active, position: .during, localTime: local, iteration: iteration,
                      isReversed: reversed, activeTime: a)
    }
}
