/// A validated dash pattern: alternating painted and unpainted lengths (an even count), and
/// where in it each subpath starts.
struct DashPattern: Equatable {
    /// Painted, unpainted, painted, … lengths; never empty, none negative, sum positive.
    var lengths: [CGFloat]
    /// Offset into the pattern at the start of each subpath, in 0 ..< total.
    var phase: CGFloat

    /// The most dashes one path may be cut into; a pattern that would make more is not applied.
    static let maximumDashCount = 1_000_000
    /// The vertices a new dash has room for before its arrays grow: its two ends and a few
    /// vertices of a flattened curve.
    static let pieceCapacity = 8

    /// The pattern, or `nil` for no dashing: `nil` when `lengths` is empty (Apple: no dash
    /// pattern) and, with a message, when a length is negative or not finite or all are zero
    /// (Apple rejects these too). An odd count repeats, as on Apple: `[2]` is `[2, 2]`.
    init?(phase: CGFloat, lengths: [CGFloat], caller: String) {
        guard !lengths.isEmpty else { return nil }
        guard lengths.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            StrataDiagnostics.report("\(caller): dash lengths \(lengths) include a negative or non-finite length; drawing solid")
            return nil
        }
        let total = lengths.reduce(0, +) * (lengths.count.isMultiple(of: 2) ? 1 : 2)
        guard total > 0, total.isFinite else {
            StrataDiagnostics.report("\(caller): dash lengths \(lengths) are all zero; drawing solid")
            return nil
        }
        self.lengths = lengths.count.isMultiple(of: 2) ? lengths : lengths + lengths
        if !phase.isFinite {
            StrataDiagnostics.report("\(caller): rejected non-finite value \(phase) for phase; phase 0 used")
        }
        var start = phase.isFinite ? phase.truncatingRemainder(dividingBy: total) : 0
        if start < 0 { start += total }
        self.phase = start
    }

    /// The dashes of `contours`: open contours, each restarting the pattern at `phase`. The
    /// path's corners inside a dash keep their joins; a dash of zero length becomes a dot.
    func apply(to contours: [StrokeContour]) -> [StrokeContour] {
        var pool = ContourPool()
        return apply(contours[...], into: &pool) ? Array(pool.contours) : contours
    }

    /// `apply(to:)` into `pool` (emptied first). Returns false, with a message, when the
    /// pattern would make too many dashes: the contours are then drawn solid, and `pool` is not
    /// to be used.
    func apply(_ contours: ArraySlice<StrokeContour>, into pool: inout ContourPool) -> Bool {
        pool.removeAll()
        let total = lengths.reduce(0, +)
        var pathLength: CGFloat = 0
        for c in contours { pathLength += c.length }
        let estimate = (pathLength / total + 1) * CGFloat(lengths.count) * CGFloat(contours.count)
        guard estimate <= CGFloat(Self.maximumDashCount) else {
            StrataDiagnostics.report("dash pattern \(lengths) would cut a path of length \(pathLength) into more than \(Self.maximumDashCount) dashes; drawing solid")
            return false
        }
        for contour in contours { dash(contour, into: &pool) }
        return true
    }

    /// Appends the dashes of one contour to `pool`, each piece built in the pool's last slot.
    private func dash(_ contour: StrokeContour, into pool: inout ContourPool) {
        let p = contour.points
        guard contour.hasSegment, let first = p.first else { return }
        guard p.count > 1 else {
            // A zero-length subpath stays a dot when the pattern starts painted.
            if firstIndex.isMultiple(of: 2) { pool.append(contour) }
            return
        }
        var index = firstIndex
        var remaining = lengths[index] - (phase - startOfInterval(index))
        // The piece being built is the pool's last contour while `painting`.
        var painting = index.isMultiple(of: 2)
        if painting {
            let k = pool.begin(capacity: Self.pieceCapacity)
            pool[k].add(first, corner: true)
            pool[k].hasSegment = true
        }
        let startsPainted = painting
        var firstPieceIndex: Int? = startsPainted ? pool.count - 1 : nil
        var toggled = false
        let count = contour.isClosed ? p.count : p.count - 1
        for i in 0..<count {
            let a = p[i], j = (i + 1) % p.count, b = p[j]
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            var t: CGFloat = 0
            while length - t > remaining {
                t += remaining
                let f = t / length
                let q = CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
                toggled = true
                if painting {
                    pool[pool.count - 1].add(q, corner: false)
                    painting = false
                }
                index = (index + 1) % lengths.count
                remaining = lengths[index]
                if index.isMultiple(of: 2) {
                    let k = pool.begin(capacity: Self.pieceCapacity)
                    pool[k].add(q, corner: false)
                    pool[k].hasSegment = true
                    painting = true
                    if firstPieceIndex == nil { firstPieceIndex = k }
                }
            }
            remaining -= length - t
            if painting { pool[pool.count - 1].add(b, corner: contour.corners[j]) }
        }
        guard painting else { return }
        let last = pool.count - 1
        if !toggled, contour.isClosed {
            // Painted all the way round: stays a closed ring.
            pool.removeLast()
            pool.append(contour)
        } else if contour.isClosed, startsPainted, let k = firstPieceIndex, k < last {
            // The dash running over the start joins the first one, as one dash.
            pool[last].reserve(pool[k].points.count)
            for n in 0..<pool[k].points.count { pool[last].add(pool[k].points[n], corner: pool[k].corners[n]) }
            pool.swapWithLast(k)
            pool.removeLast()
        }
    }

    /// The pattern index the phase falls in.
    private var firstIndex: Int {
        var sum: CGFloat = 0
        for (i, l) in lengths.enumerated() {
            let start = sum
            sum += l
            // A zero length right at the phase counts: [0, 10] starts with a dot.
            if phase < sum || (l == 0 && phase == start) { return i }
        }
        return 0
    }

    private func startOfInterval(_ index: Int) -> CGFloat {
        lengths[..<index].reduce(0, +)
    }
}

extension StrokeContour {
    /// The length of the polyline, including the closing segment of a closed contour.
    var length: CGFloat {
        guard points.count > 1 else { return 0 }
        var sum: CGFloat = 0
        let count = isClosed ? points.count : points.count - 1
        for i in 0..<count {
            let a = points[i], b = points[(i + 1) % points.count]
            sum += ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        }
        return sum
    }
}

extension CGPath {
    /// The dashes of this path as open subpaths of straight lines, mapped by `transform`.
    ///
    /// Each subpath restarts the pattern at `phase`. An empty `lengths` gives an unchanged copy;
    /// negative, non-finite or all-zero lengths give an unchanged copy and a message (Apple logs
    /// an error for these too). Differs from Apple: curves come back flattened to within 0.05
    /// unit after `transform`, and a zero-length dash is a lone point with a line to itself.
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat],
                     transform: CGAffineTransform = .identity) -> CGPath {
        guard let pattern = DashPattern(phase: phase, lengths: lengths, caller: "copy(dashingWithPhase:lengths:)")
        else { return CGPath(elements: elements.map { $0.applying(transform) }) }
        let contours = pattern.apply(to: strokeContours(tolerance: 0.05 / transform.largestStretch))
        let path = CGMutablePath()
        for contour in contours where contour.hasSegment {
            guard let first = contour.points.first else { continue }
            path.move(to: first, transform: transform)
            if contour.points.count == 1 { path.addLine(to: first, transform: transform) }
            for q in contour.points.dropFirst() { path.addLine(to: q, transform: transform) }
            if contour.isClosed { path.closeSubpath() }
        }
        return path
    }
}
