import Synchronization

/// One colour of a gradient at a location along it.
public struct GradientStop: Sendable, Hashable {
    /// Where along the gradient, 0...1 (values outside are clamped; NaN drops the stop).
    public var location: Double
    /// Straight (not premultiplied) red, green, blue, alpha, each 0...1.
    public var color: SIMD4<Float>

    /// Creates a stop.
    public init(location: Double, color: SIMD4<Float>) {
        self.location = location
        self.color = color
    }
}

/// A colour gradient: its geometry in its own coordinates, and its stops.
///
/// Colours interpolate in straight RGBA between stops, then are premultiplied (Core Graphics'
/// behaviour). Before the first location and after the last, the end colours extend when
/// `extendsBefore` / `extendsAfter` (Apple's `drawsBeforeStartLocation` /
/// `drawsAfterEndLocation`), otherwise nothing is drawn there.
public struct Gradient: Sendable {
    /// The gradient's geometry, in gradient coordinates.
    public enum Kind: Sendable {
        /// t is the projection onto the line from `start` (t = 0) to `end` (t = 1).
        case linear(start: SIMD2<Double>, end: SIMD2<Double>)
        /// t is the largest value for which the point lies on the circle interpolated between the
        /// two circles with a non-negative radius (`CGContext.drawRadialGradient`).
        case radial(startCenter: SIMD2<Double>, startRadius: Double, endCenter: SIMD2<Double>, endRadius: Double)
        /// t is the angle from the direction `angle` (radians, increasing from +x towards +y), over 2π
        /// (`CAGradientLayerType.conic`).
        case conic(center: SIMD2<Double>, angle: Double)
    }
    /// The geometry.
    public var kind: Kind
    /// The stops; sorted by location when prepared.
    public var stops: [GradientStop]
    /// Whether the first colour extends before t = 0.
    public var extendsBefore: Bool
    /// Whether the last colour extends after t = 1.
    public var extendsAfter: Bool

    /// The colour table of `stops`, taken from `RecentGradientTables` when first prepared and
    /// shared by this value's copies: a kept command is prepared again each frame a redraw
    /// reaches it (a card's gradient under its animating children), and the shared level's
    /// lookup hashes the stops under a lock where this one compares them without one.
    let table = GradientTableCache()

    /// Creates a gradient.
    public init(kind: Kind, stops: [GradientStop], extendsBefore: Bool = true, extendsAfter: Bool = true) {
        self.kind = kind
        self.stops = stops
        self.extendsBefore = extendsBefore
        self.extendsAfter = extendsAfter
    }
}

/// A premultiplied colour table (`PreparedGradient.tableSize` entries) and the stops it was
/// made from; immutable, shared by every gradient with those stops.
final class GradientTable: Sendable {
    let stops: [GradientStop]
    let entries: [UInt32]

    init(stops: [GradientStop], entries: [UInt32]) {
        self.stops = stops
        self.entries = entries
    }
}

/// One gradient value's table: the first one `RecentGradientTables` gave it, kept without a
/// lock (set once). A copy whose stops were changed since asks the shared level again each
/// time it is prepared.
final class GradientTableCache: Sendable {
    private let made = AtomicLazyReference<GradientTable>()

    /// Appends the table of `gradient`'s stops: this value's own when made from the same stops,
    /// else the shared level's (`RecentGradientTables`, which makes it if it is not held).
    func append(_ gradient: Gradient, to tables: inout [UInt32]) {
        if let own = made.load(), own.stops == gradient.stops {
            tables.append(contentsOf: own.entries)
            return
        }
        let table = RecentGradientTables.shared.table(for: gradient)
        _ = made.storeIfNil(table)
        tables.append(contentsOf: table.entries)
    }
}

/// The tables of the gradients prepared lately, by stops, shared by the whole process. A
/// fresh command (a layer whose draw list is rebuilt each frame, a gradient drawn through
/// `CGContext` each frame) brings a new `Gradient` value whose own cache is empty; its stops
/// are usually those of a frame ago. At most `capacity` tables (4 KB each) are held; when
/// full, the least recently used goes. Behind a pthread mutex (`LockedState`), which
/// ThreadSanitizer sees, unlike `Synchronization.Mutex` on Linux.
final class RecentGradientTables: Sendable {
    static let shared = RecentGradientTables(capacity: 64)
    private struct State {
        var tables: [[GradientStop]: (table: GradientTable, lastUse: UInt64)] = [:]
        var tick: UInt64 = 0
    }
    private let state = LockedState(State())
    let capacity: Int

    init(capacity: Int) { self.capacity = Swift.max(1, capacity) }

    /// Tables held now.
    var count: Int { state.withLock { $0.tables.count } }

    /// The table of `gradient`'s stops, made now if not held.
    func table(for gradient: Gradient) -> GradientTable {
        let held: GradientTable? = state.withLock { s in
            s.tick &+= 1
            guard let hit = s.tables[gradient.stops] else { return nil }
            s.tables[gradient.stops] = (hit.table, s.tick)
            return hit.table
        }
        if let held { return held }
        var entries: [UInt32] = []
        entries.reserveCapacity(PreparedGradient.tableSize)
        PreparedGradient.appendTable(gradient, to: &entries)
        let table = GradientTable(stops: gradient.stops, entries: entries)
        state.withLock { s in
            if s.tables.count >= capacity, let oldest = s.tables.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                s.tables.removeValue(forKey: oldest)
            }
            s.tick &+= 1
            s.tables[gradient.stops] = (table, s.tick)
        }
        return table
    }
}
