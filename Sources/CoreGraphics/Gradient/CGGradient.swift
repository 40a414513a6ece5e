/// A colour ramp for `CGContext.drawLinearGradient` and `drawRadialGradient`.
///
/// Strata keeps the stops as straight (non-premultiplied) sRGB colours, whatever the space, and
/// interpolates in sRGB as Apple does for sRGB spaces. Differs from Apple: `colors` is a
/// `[CGColor]` (there is no `CFArray` on Linux).
public final class CGGradient: @unchecked Sendable {
    /// One stop: where (0...1) and its straight sRGB red, green, blue, alpha (Strata only).
    package struct Stop: Equatable, Sendable {
        package var location: Double
        package var color: SIMD4<Float>
    }

    /// The stops, sorted by location (equal locations keep their order: a hard edge).
    package let stops: [Stop]

    private init?(stops: [Stop], caller: String) {
        guard !stops.isEmpty else {
            StrataDiagnostics.report("\(caller): a gradient needs at least one colour; returning nil")
            return nil
        }
        guard stops.allSatisfy({ $0.location.isFinite && all($0.color .== $0.color) }) else {
            StrataDiagnostics.report("\(caller): a location or colour component is not finite; returning nil")
            return nil
        }
        // A stable sort: stops at the same location keep the caller's order.
        self.stops = stops.map { Stop(location: Swift.min(Swift.max($0.location, 0), 1), color: $0.color) }
            .enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }

    /// Locations for `count` stops: the caller's, or evenly spaced from 0 to 1.
    private static func locations(_ pointer: UnsafePointer<CGFloat>?, count: Int) -> [Double] {
        if let pointer { return (0..<count).map { Double(pointer[$0]) } }
        return count == 1 ? [0] : (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// A gradient through `colors` at `locations` (`nil`: evenly spaced from 0 to 1).
    ///
    /// `space` is accepted and ignored: colours are converted to sRGB. `nil` for no colours.
    /// Apple's spelling with a `CFArray` of `CGColor` (as Apple code writes `[a, b] as CFArray`);
    /// an element that is not a colour makes it nil, with a message.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        var list: [CGColor] = []
        for element in colors {
            guard let c = element as? CGColor else {
                StrataDiagnostics.report("CGGradient: colors holds \(type(of: element)), not CGColor")
                return nil
            }
            list.append(c)
        }
        self.init(colorsSpace: space, colors: list, locations: locations)
    }

    /// A gradient through `colors`, at `locations` (one per colour, 0…1; nil spaces them evenly).
    public convenience init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: UnsafePointer<CGFloat>?) {
        let where_ = CGGradient.locations(locations, count: colors.count)
        let stops = zip(colors, where_).map { color, location in
            let c = color.rgba
            return Stop(location: location, color: SIMD4(Float(c.r), Float(c.g), Float(c.b), Float(c.a)))
        }
        self.init(stops: stops, caller: "CGGradient(colorsSpace:colors:locations:)")
    }

    /// A gradient from `count` colours of `space.numberOfComponents + 1` components each
    /// (alpha last) at `locations` (`nil`: evenly spaced). `nil` when `count` is not positive.
    public convenience init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
                             locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0 else {
            StrataDiagnostics.report("CGGradient(colorSpace:colorComponents:locations:count:): count \(count) is not positive; returning nil")
            return nil
        }
        let n = space.numberOfComponents + 1
        var colors: [CGColor] = []
        for i in 0..<count {
            guard let color = CGColor(colorSpace: space, components: components + i * n) else { return nil }
            colors.append(color)
        }
        self.init(colorsSpace: space, colors: colors, locations: locations)
    }
}
