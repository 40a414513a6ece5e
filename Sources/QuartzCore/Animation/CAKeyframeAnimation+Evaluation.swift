/// Keyframe evaluation: segment lookup, the four calculation modes, cumulative repeats.
extension CAKeyframeAnimation {
    /// The keyframe value at local time `t` including cumulative repeats (before `isAdditive`).
    func keyframeRawValue(atLocalTime t: CFTimeInterval, duration: CFTimeInterval,
                          iteration: Int, current: Any?) -> Any? {
        let u = easedFraction(atLocalTime: t, duration: duration)
        guard var value = value(atFraction: u, current: current) else { return nil }
        if isCumulative, iteration > 0, let last = keyframes.last,
           let step = ValueInterpolation.scale(last, by: Double(iteration)),
           let sum = ValueInterpolation.add(value, step) {
            value = sum
        }
        return value
    }

    /// The keyframes in use: the path's points when there is a path, else `values`.
    package var keyframes: [Any] {
        if let points = pathKeyframePoints() { return points }
        return values ?? []
    }

    /// The value at eased fraction `u` (0…1) of one pass, typed like `current` where possible.
    package func value(atFraction u: Double, current: Any?) -> Any? {
        if let pathValue = pathValue(atFraction: u, current: current) { return pathValue }
        guard let values, !values.isEmpty else { return nil }
        if values.count == 1 {
            return ValueInterpolation.retyped(values[0], like: current)
        }
        switch calculationMode {
        case .discrete:
            let times = discreteKeyTimes(count: values.count)
            var index = 0
            for i in 0..<values.count where times[i] <= u { index = i }
            if u >= 1 { index = values.count - 1 }
            return ValueInterpolation.retyped(values[index], like: current)
        case .paced:
            let (i, s) = Self.locate(u, in: pacedKeyTimes(values))
            return ValueInterpolation.interpolate(values[i], values[i + 1], fraction: s, like: current)
        case .cubic, .cubicPaced:
            guard let spline = KeyframeSpline(values: values, tension: tensionValues,
                                              continuity: continuityValues, bias: biasValues)
            else { fallthrough }
            let (i, s): (Int, Double)
            if calculationMode == .cubicPaced {
                (i, s) = spline.arcLengthParameter(atFraction: u)
            } else {
                let located = Self.locate(u, in: linearKeyTimes(count: values.count))
                (i, s) = (located.0, segmentTiming(located.0, located.1))
            }
            let point = spline.point(segment: i, s: s)
            guard let (kind, representation) = AnimatableValue.decode(values[i]) else { return nil }
            return ValueInterpolation.retyped(kind.withComponents(point).encoded(as: representation), like: current)
        default:
            let (i, s) = Self.locate(u, in: linearKeyTimes(count: values.count))
            let decoded = decodedValues
            guard decoded.count == values.count else {
                return ValueInterpolation.interpolate(values[i], values[i + 1], fraction: segmentTiming(i, s), like: current)
            }
            return ValueInterpolation.interpolate(decoded[i], decoded[i + 1], fraction: segmentTiming(i, s), like: current)
        }
    }

    /// The direction of travel in radians at eased fraction `u`, for `rotationMode`; nil when
    /// there is no rotation mode or the keyframes are not points.
    package func rotationAngle(atFraction u: Double) -> Double? {
        guard let rotationMode else { return nil }
        var angle: Double?
        if let pathAngle = pathTangentAngle(atFraction: u) {
            angle = pathAngle
        } else if let values, values.count >= 2,
                  case .point = AnimatableValue(values[0]) {
            var direction: [Double]?
            switch calculationMode {
            case .cubic, .cubicPaced:
                if let spline = KeyframeSpline(values: values, tension: tensionValues,
                                               continuity: continuityValues, bias: biasValues) {
                    let (i, s) = calculationMode == .cubicPaced
                        ? spline.arcLengthParameter(atFraction: u)
                        : Self.locate(u, in: linearKeyTimes(count: values.count))
                    direction = spline.derivative(segment: i, s: s)
                }
            default:
                let times = calculationMode == .paced ? pacedKeyTimes(values) : linearKeyTimes(count: values.count)
                let (i, _) = Self.locate(u, in: times)
                if let a = AnimatableValue(values[i])?.components, let b = AnimatableValue(values[i + 1])?.components,
                   a.count == 2, b.count == 2 {
                    direction = [b[0] - a[0], b[1] - a[1]]
                }
            }
            if let d = direction, d.count == 2, d[0] != 0 || d[1] != 0 { angle = atan2(d[1], d[0]) }
        }
        guard let angle else { return nil }
        return rotationMode == .rotateAutoReverse ? angle + .pi : angle
    }

    /// Writes the rotation that `rotationMode` adds, after the keyframe value has been applied.
    func applyRotation(sample: MediaTiming.Sample, duration: CFTimeInterval,
                       get: (String) -> Any?, set: (String, Any?) -> Void) {
        let u = easedFraction(atLocalTime: sample.localTime, duration: duration)
        if let angle = rotationAngle(atFraction: u) {
            // Apple turns the layer on top of its transform; the layer code maps this key path
            // to a z rotation composed with the current transform.
            let base = AnimatableValue(get("transform.rotation.z")).flatMap { v -> Double? in
                if case .number(let n) = v { return n } else { return nil }
            } ?? 0
            set("transform.rotation.z", base + angle)
        }
    }

    // MARK: Key times

    /// Applies segment `i`'s timing function (if any) to the in-segment fraction `s`.
    func segmentTiming(_ i: Int, _ s: Double) -> Double {
        guard let functions = timingFunctions, i < functions.count else { return s }
        return functions[i].evaluate(at: s)
    }

    /// Valid `keyTimes` of `count` entries, else nil.
    func validKeyTimes(count: Int) -> [Double]? {
        guard let keyTimes, keyTimes.count == count else { return nil }
        let times = keyTimes.map(\.doubleValue)
        for (i, t) in times.enumerated() {
            guard t.isFinite, t >= 0, t <= 1 else { return nil }
            if i > 0, t < times[i - 1] { return nil }
        }
        return times
    }

    /// Key times for `.linear` and `.cubic`: `keyTimes` if valid, else evenly spaced.
    func linearKeyTimes(count: Int) -> [Double] {
        validKeyTimes(count: count) ?? Self.evenKeyTimes(count: count)
    }

    /// Start times of each of `count` discrete values (n + 1 key times, or n, or evenly i / n).
    func discreteKeyTimes(count: Int) -> [Double] {
        if let times = validKeyTimes(count: count + 1) { return Array(times.prefix(count)) }
        if let times = validKeyTimes(count: count) { return times }
        return (0..<count).map { Double($0) / Double(count) }
    }

    /// Key times proportional to the distance travelled between keyframes.
    func pacedKeyTimes(_ frames: [Any]) -> [Double] {
        var cumulative = [0.0]
        for i in 1..<frames.count {
            guard let d = ValueInterpolation.distance(frames[i - 1], frames[i]) else {
                return Self.evenKeyTimes(count: frames.count)
            }
            cumulative.append(cumulative[i - 1] + d)
        }
        guard let total = cumulative.last, total > 0 else { return Self.evenKeyTimes(count: frames.count) }
        return cumulative.map { $0 / total }
    }

    static func evenKeyTimes(count: Int) -> [Double] {
        count < 2 ? [0] : (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// The segment containing `u` and the fraction `s` (0…1) through it, for `times.count ≥ 2`.
    static func locate(_ u: Double, in times: [Double]) -> (Int, Double) {
        let last = times.count - 2
        if u.isNaN || u <= times[0] { return (0, 0) }
        if u >= times[times.count - 1] { return (last, 1) }
        // The last i ≤ `last` with times[i] ≤ u (times are sorted): a binary search, since
        // compiled animations with hundreds of keyframes call this every frame.
        var i = 0, hi = last
        while i < hi {
            let mid = (i + hi + 1) / 2
            if times[mid] <= u { i = mid } else { hi = mid - 1 }
        }
        let width = times[i + 1] - times[i]
        return (i, width > 0 ? (u - times[i]) / width : 1)
    }
}

/// A Kochanek–Bartels spline through keyframes of one kind (numbers, points, sizes, rects, arrays).
struct KeyframeSpline {
    let points: [[Double]]
    /// Outgoing tangent at keyframe i (start of segment i) and incoming tangent at keyframe i + 1.
    private var outgoing: [[Double]] = []
    private var incoming: [[Double]] = []
    /// Arc length sampled along each segment, for `.cubicPaced`.
    private static let samplesPerSegment = 64

    init?(values: [Any], tension: [NSNumber]?, continuity: [NSNumber]?, bias: [NSNumber]?) {
        guard values.count >= 2, let first = AnimatableValue(values[0]) else { return nil }
        // Matrices are not splined entry by entry (that shears); they fall back to linear.
        if case .transform = first { return nil }
        var points: [[Double]] = []
        for v in values {
            guard let decoded = AnimatableValue(v), decoded.isCompatible(with: first) else { return nil }
            points.append(decoded.components)
        }
        self.points = points
        let n = points.count
        func param(_ array: [NSNumber]?, _ i: Int) -> Double {
            guard let array, i < array.count else { return 0 }
            let v = array[i].doubleValue
            return v.isFinite ? v : 0
        }
        func diff(_ a: [Double], _ b: [Double]) -> [Double] { zip(a, b).map { $1 - $0 } }
        for i in 0..<n {
            let t = param(tension, i), c = param(continuity, i), b = param(bias, i)
            let prev = points[max(i - 1, 0)], here = points[i], next = points[min(i + 1, n - 1)]
            let dIn = diff(prev, here), dOut = diff(here, next)
            // Kochanek & Bartels (1984), eqs. 8–9: source (outgoing) and destination (incoming).
            let oa = (1 - t) * (1 + c) * (1 + b) / 2, ob = (1 - t) * (1 - c) * (1 - b) / 2
            let ia = (1 - t) * (1 - c) * (1 + b) / 2, ib = (1 - t) * (1 + c) * (1 - b) / 2
            outgoing.append(zip(dIn, dOut).map { oa * $0 + ob * $1 })
            incoming.append(zip(dIn, dOut).map { ia * $0 + ib * $1 })
        }
    }

    /// The point on segment `i` at parameter `s` (cubic Hermite).
    func point(segment i: Int, s: Double) -> [Double] {
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        let p0 = points[i], p1 = points[i + 1], m0 = outgoing[i], m1 = incoming[i + 1]
        return p0.indices.map { h00 * p0[$0] + h10 * m0[$0] + h01 * p1[$0] + h11 * m1[$0] }
    }

    /// The derivative with respect to `s` on segment `i`.
    func derivative(segment i: Int, s: Double) -> [Double] {
        let s2 = s * s
        let d00 = 6 * s2 - 6 * s, d10 = 3 * s2 - 4 * s + 1, d01 = -6 * s2 + 6 * s, d11 = 3 * s2 - 2 * s
        let p0 = points[i], p1 = points[i + 1], m0 = outgoing[i], m1 = incoming[i + 1]
        return p0.indices.map { d00 * p0[$0] + d10 * m0[$0] + d01 * p1[$0] + d11 * m1[$0] }
    }

    /// The segment and parameter at fraction `u` of the spline's total arc length.
    func arcLengthParameter(atFraction u: Double) -> (Int, Double) {
        let segments = points.count - 1
        let k = Self.samplesPerSegment
        var table: [Double] = [0]  // cumulative length at each sample, segments * k + 1 entries
        table.reserveCapacity(segments * k + 1)
        for i in 0..<segments {
            var previous = point(segment: i, s: 0)
            for j in 1...k {
                let p = point(segment: i, s: Double(j) / Double(k))
                let d = zip(previous, p).reduce(0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
                table.append(table[table.count - 1] + d)
                previous = p
            }
        }
        let total = table[table.count - 1]
        guard total > 0, u.isFinite else {
            let (i, s) = CAKeyframeAnimation.locate(u, in: CAKeyframeAnimation.evenKeyTimes(count: points.count))
            return (i, s)
        }
        let target = min(max(u, 0), 1) * total
        // Binary search for the sample interval containing the target length.
        var lo = 0, hi = table.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if table[mid] <= target { lo = mid } else { hi = mid }
        }
        let width = table[hi] - table[lo]
        let within = width > 0 ? (target - table[lo]) / width : 0
        let global = (Double(lo) + within) / Double(k)
        let segment = min(Int(global), segments - 1)
        return (segment, min(global - Double(segment), 1))
    }
}
