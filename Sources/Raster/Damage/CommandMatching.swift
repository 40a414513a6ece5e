/// An order-preserving matching of two command lists (a common subsequence): which commands of
/// the old list and of the new one are kept unchanged. Myers' O((N + M)·D) shortest edit script
/// on the part left after the common prefix and suffix are trimmed; more than `maximumEdits`
/// edits leave that whole middle unmatched (correct, only more damage). When `keys` are given
/// (a hash per command, equal for commands that may match), a linear count of the keys the two
/// middles share bounds the edits from below first, and a middle that cannot be matched within
/// `maximumEdits`, or whose two halves share no key, is given up at once: a 3D scene whose
/// every plane moves costs no search. `equal` must imply equal keys.
struct CommandMatching {
    private(set) var oldMatched: [Bool]
    private(set) var newMatched: [Bool]

    /// `givesUp`, asked about the two middles once the prefix and suffix are trimmed, may leave
    /// them unmatched without a search (when matching them could not change what the caller
    /// does with the result).
    init(old n: Int, new m: Int, maximumEdits: Int, keys: (old: [Int], new: [Int])? = nil,
         givesUp: ((Range<Int>, Range<Int>) -> Bool)? = nil, equal: (Int, Int) -> Bool) {
        oldMatched = [Bool](repeating: false, count: n)
        newMatched = [Bool](repeating: false, count: m)
        var prefix = 0
        while prefix < n, prefix < m, equal(prefix, prefix) {
            oldMatched[prefix] = true; newMatched[prefix] = true
            prefix += 1
        }
        var suffix = 0
        while suffix < n - prefix, suffix < m - prefix, equal(n - 1 - suffix, m - 1 - suffix) {
            oldMatched[n - 1 - suffix] = true; newMatched[m - 1 - suffix] = true
            suffix += 1
        }
        let a = prefix..<(n - suffix), b = prefix..<(m - suffix)
        if !a.isEmpty && !b.isEmpty {
            if let keys {
                // No key in common: no pair can match (equal commands have equal keys), so the
                // search would find nothing: a 2D scene whose every layer moves skips it.
                let fewest = Self.fewestEdits(keys.old[a], keys.new[b])
                if fewest > maximumEdits || fewest == a.count + b.count { return }
            }
            if let givesUp, givesUp(a, b) { return }
            matchMiddle(a, b, maximumEdits: maximumEdits, equal: equal)
        }
    }

    /// A lower bound of the edits between two lists: every edit script keeps at most the keys
    /// the two share (as multisets), and deletes or inserts the rest.
    static func fewestEdits(_ old: ArraySlice<Int>, _ new: ArraySlice<Int>) -> Int {
        var counts: [Int: Int] = [:]
        counts.reserveCapacity(old.count)
        for k in old { counts[k, default: 0] += 1 }
        var shared = 0
        for k in new {
            if let c = counts[k], c > 0 { counts[k] = c - 1; shared += 1 }
        }
        return old.count + new.count - 2 * shared
    }

    /// Myers' greedy forward search with the frontier kept per edit count, then the walk back
    /// that marks the diagonal runs (the matched pairs).
    private mutating func matchMiddle(_ a: Range<Int>, _ b: Range<Int>, maximumEdits: Int, equal: (Int, Int) -> Bool) {
        let n = a.count, m = b.count
        let limit = Swift.min(n + m, Swift.max(0, maximumEdits))
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        // The frontier before each round d, only its live diagonals -d-1…d+1 (O(D²) memory, not
        // O(D · limit)): `trace[d][j]` is v[k] for k = j - d - 1.
        var trace: [[Int]] = []
        var found: Int?
        search: for d in 0...limit {
            trace.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, equal(a.lowerBound + x, b.lowerBound + y) { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m { found = d; break search }
            }
        }
        guard let edits = found else { return }
        var x = n, y = m
        for d in stride(from: edits, through: 0, by: -1) {
            let vd = trace[d]
            let at = { (k: Int) in vd[k + d + 1] }
            let k = x - y
            let previousK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : at(previousK)
            let previousY = d == 0 ? 0 : previousX - previousK
            while x > previousX && y > previousY {
                x -= 1; y -= 1
                oldMatched[a.lowerBound + x] = true
                newMatched[b.lowerBound + y] = true
            }
            x = previousX; y = previousY
        }
    }
}
