/// The bookkeeping every cache of the renderer shares: entries that carry a cost (bytes,
/// pixels, points) and the stamp of their last use, a running total of the cost, and eviction of
/// the least recently used, of entries idle since a stamp, or of entries a test picks.
///
/// What a stamp counts is the owner's choice: a frame number (`now = frame` once a frame), or a
/// counter advanced at every use (`now &+= 1`). Not thread-safe by itself: an owner shared by
/// threads keeps it behind its lock (`LockedState`). Strata extension.
package struct UsageStampedCache<Key: Hashable, Value> {
    private struct Slot {
        var value: Value
        var cost: Int
        var lastUse: Int
    }
    private var slots: [Key: Slot] = [:]
    /// The cost of every entry, summed.
    package private(set) var totalCost = 0
    /// The stamp given to entries used or inserted now.
    package var now = 0

    package init() {}

    /// Entries held.
    package var count: Int { slots.count }
    /// Entries whose key satisfies `matches`.
    package func count(where matches: (Key) -> Bool) -> Int {
        slots.keys.reduce(0) { $0 + (matches($1) ? 1 : 0) }
    }

    /// The value for `key`, marked as used now; nil when absent.
    package mutating func use(_ key: Key) -> Value? {
        guard slots[key] != nil else { return nil }
        slots[key]!.lastUse = now
        return slots[key]!.value
    }

    /// The value for `key`, not marked as used.
    package func peek(_ key: Key) -> Value? { slots[key]?.value }

    /// Replaces the value for `key` in place, keeping its cost and stamp (a pass run once).
    package mutating func update(_ key: Key, _ body: (inout Value) -> Void) {
        guard slots[key] != nil else { return }
        body(&slots[key]!.value)
    }

    /// Holds `value` for `key` at `cost`, used now (an entry already there is replaced).
    package mutating func insert(_ value: Value, forKey key: Key, cost: Int) {
        if let old = slots.updateValue(Slot(value: value, cost: cost, lastUse: now), forKey: key) { totalCost -= old.cost }
        totalCost += cost
    }

    /// Drops the entry for `key`; returns its value.
    @discardableResult
    package mutating func remove(_ key: Key) -> Value? {
        guard let old = slots.removeValue(forKey: key) else { return nil }
        totalCost -= old.cost
        return old.value
    }

    /// Drops every entry for which `drops(value, lastUse)` holds.
    package mutating func removeAll(where drops: (Value, _ lastUse: Int) -> Bool) {
        for (key, slot) in slots where drops(slot.value, slot.lastUse) { remove(key) }
    }

    /// Drops every entry.
    package mutating func removeAll() {
        slots.removeAll()
        totalCost = 0
    }

    /// Drops the least recently used entries, oldest first, while `over(count, totalCost)`
    /// holds; entries used at `spared` or later stay (what the current frame uses).
    package mutating func evictLeastRecentlyUsed(sparing spared: Int = .max, while over: (_ count: Int, _ cost: Int) -> Bool) {
        guard over(count, totalCost) else { return }
        for (key, slot) in slots.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard over(count, totalCost) else { return }
            if slot.lastUse < spared { remove(key) }
        }
    }
}
