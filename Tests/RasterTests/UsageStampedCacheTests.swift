import Testing
@testable import Raster

/// The bookkeeping the renderer's caches share (`UsageStampedCache`): costs summed exactly,
/// the least recently used go first, what the current stamp uses is spared.
struct UsageStampedCacheTests {
    @Test func costsAreSummedThroughInsertsReplacementsAndRemovals() {
        var cache = UsageStampedCache<String, Int>()
        cache.insert(1, forKey: "a", cost: 10)
        cache.insert(2, forKey: "b", cost: 5)
        #expect(cache.totalCost == 15 && cache.count == 2)
        cache.insert(3, forKey: "a", cost: 7)          // replaced: its old cost leaves
        #expect(cache.totalCost == 12 && cache.peek("a") == 3)
        #expect(cache.remove("b") == 2 && cache.remove("b") == nil)
        #expect(cache.totalCost == 7 && cache.count == 1)
        cache.update("a") { $0 += 1 }
        #expect(cache.peek("a") == 4 && cache.totalCost == 7)
        cache.removeAll()
        #expect(cache.totalCost == 0 && cache.count == 0 && cache.use("a") == nil)
    }

    @Test func theLeastRecentlyUsedGoFirstAndTheCurrentStampIsSpared() {
        var cache = UsageStampedCache<Int, Int>()
        for k in 0..<6 {
            cache.now = k
            cache.insert(k, forKey: k, cost: 1)
        }
        cache.now = 10
        _ = cache.use(0)                                // 0 is now the newest
        cache.evictLeastRecentlyUsed { count, _ in count > 3 }
        #expect(cache.peek(0) == 0 && cache.peek(1) == nil && cache.peek(3) == nil && cache.peek(4) == 4)
        #expect(cache.count == 3 && cache.totalCost == 3)
        // Sparing stamp 10: only entries older than it may go, whatever the bound asks.
        cache.evictLeastRecentlyUsed(sparing: 10) { _, cost in cost > 0 }
        #expect(cache.count == 1 && cache.peek(0) == 0)
        // Idle since a stamp, and a predicate on the value.
        cache.now = 11
        cache.insert(7, forKey: 7, cost: 4)
        cache.removeAll { _, lastUse in lastUse < 11 }
        #expect(cache.count == 1 && cache.totalCost == 4)
        cache.removeAll { value, _ in value == 7 }
        #expect(cache.count == 0 && cache.totalCost == 0)
        #expect(cache.count { $0 > 0 } == 0)
    }
}
