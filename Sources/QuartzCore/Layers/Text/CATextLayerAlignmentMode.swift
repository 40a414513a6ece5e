/// How `CATextLayer` aligns lines in its bounds (Apple's `CATextLayerAlignmentMode`).
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name.
    public let rawValue: String
    /// A mode by name (an unknown name aligns naturally).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The script's natural alignment: left, for the left-to-right text Strata lays out (the default).
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    /// Lines start at the left edge.
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    /// Lines end at the right edge.
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    /// Lines are centred.
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Wrapped lines stretch their spaces to both edges; a paragraph's last line is left-aligned.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

extension CATextLayerAlignmentMode: _StrataStringNameBridging {}
