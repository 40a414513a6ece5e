/// How a context composites drawing with what is already there, with Apple's raw values.
///
/// The separable and non-separable modes follow the PDF specification, as Apple's do; Porter-Duff
/// modes use Apple's names (`R` result, `S` source, `D` destination, premultiplied).
public enum CGBlendMode: Int32, Sendable {
    /// Source over: `R = S + D·(1 − Sa)`.
    case normal = 0
    /// `R = S·D` per component (with the usual alpha terms).
    case multiply
    /// `R = S + D − S·D`.
    case screen
    /// Multiply or screen, depending on the destination.
    case overlay
    /// The darker of source and destination.
    case darken
    /// The lighter of source and destination.
    case lighten
    /// Brightens the destination to reflect the source.
    case colorDodge
    /// Darkens the destination to reflect the source.
    case colorBurn
    /// Darkens or lightens, depending on the source (soft light).
    case softLight
    /// Multiply or screen, depending on the source.
    case hardLight
    /// `|S − D|`.
    case difference
    /// Like difference, lower contrast.
    case exclusion
    /// The source's hue with the destination's saturation and luminosity.
    case hue
    /// The source's saturation with the destination's hue and luminosity.
    case saturation
    /// The source's hue and saturation with the destination's luminosity.
    case color
    /// The source's luminosity with the destination's hue and saturation.
    case luminosity
    /// `R = 0`.
    case clear
    /// `R = S`.
    case copy
    /// `R = S·Da`.
    case sourceIn
    /// `R = S·(1 − Da)`.
    case sourceOut
    /// `R = S·Da + D·(1 − Sa)`.
    case sourceAtop
    /// `R = S·(1 − Da) + D`.
    case destinationOver
    /// `R = D·Sa`.
    case destinationIn
    /// `R = D·(1 − Sa)`.
    case destinationOut
    /// `R = S·(1 − Da) + D·Sa`.
    case destinationAtop
    /// `R = S·(1 − Da) + D·(1 − Sa)`.
    case xor
    /// `R = max(0, 1 − ((1 − D) + (1 − S)))`.
    case plusDarker
    /// `R = min(1, S + D)`.
    case plusLighter
}
