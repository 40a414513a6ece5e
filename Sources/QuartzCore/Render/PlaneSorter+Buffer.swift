/// A growable buffer of plain values that `OverlapGraph` owns by hand: no copy-on-write checks,
/// no bounds checks in release builds (indices are asserted in debug). `free()` releases it.
struct SorterBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    subscript(i: Int) -> Element {
        get { assert(i >= 0 && i < count); return base[i] }
        nonmutating set { assert(i >= 0 && i < count); base[i] = newValue }
    }

    mutating func reserve(_ minimum: Int) {
        guard minimum > capacity else { return }
        let grown = max(minimum, 2 * capacity)
        let new = UnsafeMutablePointer<Element>.allocate(capacity: grown)
        new.update(from: base, count: count)
        base.deallocate()
        base = new
        capacity = grown
    }

    mutating func append(_ e: Element) {
        if count == capacity { reserve(count + 1) }
        base[count] = e
        count += 1
    }

    /// Appends `n` copies of `e`; returns where the first one is.
    mutating func append(repeating e: Element, count n: Int) -> Int {
        reserve(count + n)
        (base + count).initialize(repeating: e, count: n)
        count += n
        return count - n
    }

    /// Makes room for `n` more elements left uninitialised (plain values: the caller writes
    /// them before reading); returns where the first one is.
    mutating func appendUninitialized(count n: Int) -> Int {
        reserve(count + n)
        count += n
        return count - n
    }

    /// Forgets the elements, keeping the memory.
    mutating func removeAll() { count = 0 }

    func free() { base.deallocate() }
}
