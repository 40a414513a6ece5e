/// How `CTLineDraw` and `CTFrameDraw` render glyphs (Apple's `CGTextDrawingMode`): fill, stroke,
/// both, neither, and each of those also added to the clip.
public enum CGTextDrawingMode: Int32, Sendable {
    case fill = 0
    case stroke = 1
    case fillStroke = 2
    case invisible = 3
    case fillClip = 4
    case strokeClip = 5
    case fillStrokeClip = 6
    case clip = 7

    var fills: Bool { self == .fill || self == .fillStroke || self == .fillClip || self == .fillStrokeClip }
    var strokes: Bool { self == .stroke || self == .fillStroke || self == .strokeClip || self == .fillStrokeClip }
    var clips: Bool { rawValue >= 4 }
}
