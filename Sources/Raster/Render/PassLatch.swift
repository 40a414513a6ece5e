import Synchronization

/// Makes a render pass run once, whichever pass list executes it first: the pass that fills
/// a texture kept across frames (a layer's cached content) may be listed by several frames
/// prepared before the first of them is drawn.
public final class PassLatch: Sendable {
    private let claimed = Atomic<Bool>(false)

    /// Creates an unclaimed latch.
    public init() {}

    /// Whether a pass holding the latch has run (or is running).
    public var isClaimed: Bool { claimed.load(ordering: .acquiring) }

    /// Claims the latch: true for the first call only.
    func claim() -> Bool {
        !claimed.exchange(true, ordering: .acquiringAndReleasing)
    }
}
