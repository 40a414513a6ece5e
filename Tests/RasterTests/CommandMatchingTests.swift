import Testing
@testable import Raster

/// The damage diff's matching of two command lists: a longest common subsequence (Myers), and
/// the key count that gives up early without changing any result it keeps.
struct CommandMatchingTests {
    /// The length of a longest common subsequence, by dynamic programming (the reference).
    private func lcs(_ a: [Int], _ b: [Int]) -> Int {
        var row = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var diagonal = 0
            for j in 0..<b.count {
                let up = row[j + 1]
                row[j + 1] = x == b[j] ? diagonal + 1 : Swift.max(row[j + 1], row[j])
                diagonal = up
            }
        }
        return row[b.count]
    }

    @Test func matchesALongestCommonSubsequenceInOrder() {
        var g = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let a = (0..<Int.random(in: 0...40, using: &g)).map { _ in Int.random(in: 0..<6, using: &g) }
            let b = (0..<Int.random(in: 0...40, using: &g)).map { _ in Int.random(in: 0..<6, using: &g) }
            for keys in [nil, (a, b)] as [([Int], [Int])?] {
                let m = CommandMatching(old: a.count, new: b.count, maximumEdits: 512, keys: keys) { a[$0] == b[$1] }
                let kept = a.indices.filter { m.oldMatched[$0] }.map { a[$0] }
                let keptNew = b.indices.filter { m.newMatched[$0] }.map { b[$0] }
                #expect(kept == keptNew, "matched pairs in order and equal")
                #expect(kept.count == lcs(a, b), "\(a) \(b)")
            }
        }
    }

    @Test func theKeyBoundGivesUpOnlyWhereTheSearchWouldHave() {
        // Nothing shared: 20 + 20 edits at least. Over a limit of 30 the middle is left
        // unmatched at once; under 50 it is searched (and still nothing matches).
        let a = Array(0..<20), b = Array(100..<120)
        #expect(CommandMatching.fewestEdits(a[...], b[...]) == 40)
        let m = CommandMatching(old: 20, new: 20, maximumEdits: 30, keys: (a, b)) { a[$0] == b[$1] }
        #expect(!m.oldMatched.contains(true) && !m.newMatched.contains(true))
        // One shared key, out of place: the bound is 38, the search finds the pair.
        let c = [7] + Array(200..<219), d = Array(300..<319) + [7]
        #expect(CommandMatching.fewestEdits(c[...], d[...]) == 38)
        let n = CommandMatching(old: 20, new: 20, maximumEdits: 38, keys: (c, d)) { c[$0] == d[$1] }
        #expect(n.oldMatched[0] && n.newMatched[19])
        let o = CommandMatching(old: 20, new: 20, maximumEdits: 37, keys: (c, d)) { c[$0] == d[$1] }
        #expect(!o.oldMatched[0])
    }

    @Test func middlesThatShareNoKeyAreNotSearched() {
        // Every command of a moving 2D scene changes its key: 200 against 200 with nothing
        // shared, well under the edit limit. The search would ask `equal` thousands of times
        // and find nothing; it is skipped, with the same (empty) matching.
        let a = [5] + Array(1_000..<1_200) + [6], b = [5] + Array(2_000..<2_200) + [6]
        var asked = 0
        let m = CommandMatching(old: a.count, new: b.count, maximumEdits: 512, keys: (a, b)) { i, j in
            asked += 1
            return a[i] == b[j]
        }
        #expect(m.oldMatched.filter { $0 }.count == 2 && m.newMatched.filter { $0 }.count == 2)
        #expect(m.oldMatched.first == true && m.oldMatched.last == true)
        // The prefix and suffix checks, and one failed attempt at each end of the middle.
        #expect(asked == 4)
    }
}
