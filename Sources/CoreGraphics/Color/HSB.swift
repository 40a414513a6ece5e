/// Hue, saturation and brightness (HSB, also called HSV: the hexcone model) to sRGB
/// components: one conversion for `UIColor(hue:saturation:brightness:alpha:)` and the demos'
/// colour wheels.
package enum HSB {
    /// Red, green and blue (each 0...1) of `hue` (wrapping: 1.25 is 0.25), `saturation` and
    /// `brightness` (each clamped to 0...1).
    package static func rgb(hue: Double, saturation: Double, brightness: Double) -> (Double, Double, Double) {
        let s = min(max(saturation, 0), 1), v = min(max(brightness, 0), 1)
        var h = hue.truncatingRemainder(dividingBy: 1)
        if h < 0 { h += 1 }
        let sector = h * 6
        let i = min(Int(sector), 5)
        let f = sector - Double(i)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch i {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }
}
