import Synchronization

/// One colour of a gradient at a location along it.
public struct GradientStop: Sendable, Equatable {
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

    /// The colour table of `stops`, made when first prepared and shared by this value's copies:
    /// a kept command is prepared again each frame a redraw reaches it (a card's gradient under
    /// its animating children), and the table costs more than the pixels it then fills.
    let table = GradientTableCache()

    /// Creates a gradient.
    public init(kind: Kind, stops: [GradientStop], extendsBefore: Bool = true, extendsAfter: Bool = true) {
        self.kind = kind
        self.stops = stops
        self.extendsBefore = extendsBefore
        self.extendsAfter = extendsAfter
    }
}

/// One gradient's premultiplied colour table (`PreparedGradient.tableSize` entries) and the
/// stops it was made from; made again if the stops of the value holding it changed since.
final class GradientTableCache: Sendable {
    private let made = Mutex<(stops: [GradientStop], table: [UInt32])?>(nil)

    /// Appends the table of `stops`, made now unless the last one was made from the same stops.
    func append(_ gradient: Gradient, to tables: inout [UInt32]) {
        if let hit = made.withLock({ $0?.stops == gradient.stops ? $0?.table : nil }) {
            tables.append(contentsOf: hit)
            return
        }
        var table: [UInt32] = []
        table.reserveCapacity(PreparedGradient.tableSize)
        PreparedGradient.appendTable(gradient, to: &table)
        made.withLock { $0 = (gradient.stops, table) }
        tables.append(contentsOf: table)
    }
}
