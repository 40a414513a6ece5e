/// Keyframes from a `CGPath`: segment lookup by key time or by arc length (paced modes).
extension CAKeyframeAnimation {
    /// The path's keyframe points: its first point, then the end of each segment; nil without a path.
    func pathKeyframePoints() -> [Any]? {
        guard let path else { return nil }
        let track = PathTrack(path)
        guard let first = track.start else { return [] }
        return [first] + track.segments.map { $0.end }
    }

    /// The position along the path at eased fraction `u`, typed like `current`; nil without a path.
    func pathValue(atFraction u: Double, current: Any?) -> Any? {
        guard let path else { return nil }
        let track = PathTrack(path)
        guard let point = pathLocation(u, track).map({ track.segments[$0.0].point(at: $0.1) }) ?? track.start
        else { return nil }
        return ValueInterpolation.retyped(point, like: current)
    }

    /// The direction of travel along the path at eased fraction `u`, in radians.
    func pathTangentAngle(atFraction u: Double) -> Double? {
        guard let path else { return nil }
        let track = PathTrack(path)
        guard let (i, s) = pathLocation(u, track) else { return nil }
        let segment = track.segments[i]
        // At a cusp-like end (a control point on the end point) step inside the segment.
        for probe in [s, s == 1 ? 1 - 1e-4 : s + 1e-4] {
            let d = segment.derivative(at: probe)
            if d.x != 0 || d.y != 0 { return atan2(Double(d.y), Double(d.x)) }
        }
        return nil
    }

    /// The segment and its Bézier parameter at eased fraction `u`.
    private func pathLocation(_ u: Double, _ track: PathTrack) -> (Int, Double)? {
        let count = track.segments.count
        guard count > 0 else { return nil }
        switch calculationMode {
        case .paced, .cubicPaced:
            return track.location(atLengthFraction: u)
        case .discrete:
            // Keyframe k (0…count) holds from its key time; keyframe k > 0 sits at the end of segment k − 1.
            let times = discreteKeyTimes(count: count + 1)
            var k = 0
            for i in 0...count where times[i] <= u { k = i }
            if u >= 1 { k = count }
            return k == 0 ? (0, 0) : (k - 1, 1)
        default:
            let (i, s) = Self.locate(u, in: linearKeyTimes(count: count + 1))
            return (i, segmentTiming(i, s))
        }
    }
}

/// A path's drawable segments in order, with arc-length tables for pacing.
struct PathTrack {
    /// One segment as a Bézier of degree 1 to 3.
    struct Segment {
        var points: [CGPoint]  // 2, 3 or 4 control points, first and last on the curve
        var end: CGPoint { points[points.count - 1] }

        func point(at s: Double) -> CGPoint {
            let t = CGFloat(min(max(s, 0), 1)), m = 1 - t
            let p = points
            switch p.count {
            case 2: return CGPoint(x: m * p[0].x + t * p[1].x, y: m * p[0].y + t * p[1].y)
            case 3:
                let a = m * m, b = 2 * m * t, c = t * t
                return CGPoint(x: a * p[0].x + b * p[1].x + c * p[2].x, y: a * p[0].y + b * p[1].y + c * p[2].y)
            default:
                let a = m * m * m, b = 3 * m * m * t, c = 3 * m * t * t, d = t * t * t
                return CGPoint(x: a * p[0].x + b * p[1].x + c * p[2].x + d * p[3].x,
                               y: a * p[0].y + b * p[1].y + c * p[2].y + d * p[3].y)
            }
        }

        func derivative(at s: Double) -> CGPoint {
            let t = CGFloat(min(max(s, 0), 1)), m = 1 - t
            let p = points
            switch p.count {
            case 2: return CGPoint(x: p[1].x - p[0].x, y: p[1].y - p[0].y)
            case 3:
                return CGPoint(x: 2 * m * (p[1].x - p[0].x) + 2 * t * (p[2].x - p[1].x),
                               y: 2 * m * (p[1].y - p[0].y) + 2 * t * (p[2].y - p[1].y))
            default:
                let a = 3 * m * m, b = 6 * m * t, c = 3 * t * t
                return CGPoint(x: a * (p[1].x - p[0].x) + b * (p[2].x - p[1].x) + c * (p[3].x - p[2].x),
                               y: a * (p[1].y - p[0].y) + b * (p[2].y - p[1].y) + c * (p[3].y - p[2].y))
            }
        }
    }

    /// Samples per curved segment for arc length (lines are exact).
    static let samples = 128

    private(set) var start: CGPoint?
    private(set) var segments: [Segment] = []

    init(_ path: CGPath) {
        var subpathStart: CGPoint?
        var current: CGPoint?
        path.walk(begin: { p in
            if start == nil { start = p }
            subpathStart = p
            current = p
        }, segment: { segment in
            switch segment {
            case let .line(a, b): segments.append(Segment(points: [a, b])); current = b
            case let .quad(a, c, b): segments.append(Segment(points: [a, c, b])); current = b
            case let .cubic(a, c1, c2, b): segments.append(Segment(points: [a, c1, c2, b])); current = b
            }
        }, close: {
            if let from = current, let to = subpathStart, from != to {
                segments.append(Segment(points: [from, to]))
            }
            current = subpathStart
        })
    }

    /// The segment and Bézier parameter at fraction `u` of the total arc length.
    func location(atLengthFraction u: Double) -> (Int, Double) {
        // Cumulative length at each sample of each segment.
        var tables: [[Double]] = []
        var total = 0.0
        for segment in segments {
            let n = segment.points.count == 2 ? 1 : Self.samples
            var table = [0.0]
            var previous = segment.point(at: 0)
            for j in 1...n {
                let p = segment.point(at: Double(j) / Double(n))
                table.append(table[j - 1] + Double(hypot(p.x - previous.x, p.y - previous.y)))
                previous = p
            }
            tables.append(table)
            total += table[n]
        }
        guard total > 0, u.isFinite else { return (0, 0) }
        var remaining = min(max(u, 0), 1) * total
        for (i, table) in tables.enumerated() {
            let length = table[table.count - 1]
            if remaining > length, i < tables.count - 1 {
                remaining -= length
                continue
            }
            guard length > 0 else { return (i, 1) }
            let target = min(remaining, length)
            var lo = 0, hi = table.count - 1
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if table[mid] <= target { lo = mid } else { hi = mid }
            }
            let width = table[hi] - table[lo]
            let within = width > 0 ? (target - table[lo]) / width : 0
            return (i, (Double(lo) + within) / Double(table.count - 1))
        }
        return (segments.count - 1, 1)
    }
}
