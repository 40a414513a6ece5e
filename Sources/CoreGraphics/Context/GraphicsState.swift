import Raster

/// Everything `saveGState` saves and `restoreGState` brings back (the current path is not part
/// of it, as on Apple).
struct GraphicsState {
    /// User space → the context's y-up base space.
    var ctm = CGAffineTransform.identity
    var fillColor = CGColor.black
    var strokeColor = CGColor.black
    var lineWidth: CGFloat = 1
    var lineCap = CGLineCap.butt
    var lineJoin = CGLineJoin.miter
    var miterLimit: CGFloat = 10
    var dash: DashPattern?
    var alpha: CGFloat = 1
    var blendMode = CGBlendMode.normal
    var antialias = true
    var interpolationQuality = CGInterpolationQuality.default
    /// How text draws (part of the graphics state, as on Apple; the text matrix is not).
    var textDrawingMode = CGTextDrawingMode.fill
    /// Offset in base space (y up, not affected by the CTM), blur, colour; nil colour: no shadow.
    var shadow: (offset: CGSize, blur: CGFloat, color: CGColor)?
    /// Device pixels drawing may touch (the bitmap, narrowed by pixel-aligned rect clips).
    var clipRect: IntRect
    /// The coverage of every other clip so far, in device pixels; never mutated once set
    /// (a new clip makes a new mask), so saved states can share it.
    var clipMask: CoverageMask?

    init(width: Int, height: Int) {
        clipRect = IntRect(x0: 0, y0: 0, x1: width, y1: height)
    }
}

extension CGBlendMode {
    /// The rasteriser's mode of the same name.
    var raster: BlendMode {
        switch self {
        case .normal: return .normal
        case .multiply: return .multiply
        case .screen: return .screen
        case .overlay: return .overlay
        case .darken: return .darken
        case .lighten: return .lighten
        case .colorDodge: return .colorDodge
        case .colorBurn: return .colorBurn
        case .softLight: return .softLight
        case .hardLight: return .hardLight
        case .difference: return .difference
        case .exclusion: return .exclusion
        case .hue: return .hue
        case .saturation: return .saturation
        case .color: return .color
        case .luminosity: return .luminosity
        case .clear: return .clear
        case .copy: return .copy
        case .sourceIn: return .sourceIn
        case .sourceOut: return .sourceOut
        case .sourceAtop: return .sourceAtop
        case .destinationOver: return .destinationOver
        case .destinationIn: return .destinationIn
        case .destinationOut: return .destinationOut
        case .destinationAtop: return .destinationAtop
        case .xor: return .xor
        case .plusDarker: return .plusDarker
        case .plusLighter: return .plusLighter
        }
    }
}
