import Foundation

/// Apple's `CATextLayer`: a layer that draws a plain or attributed string.
///
/// The text is laid out from the presentation values each frame and its glyph outlines (from
/// FreeType, fonts found through fontconfig) are filled by the same path rasteriser as shapes,
/// so it stays sharp under any scale and in 3D. Text outside the bounds is clipped, as Apple's
/// backing store clips it. `contentsScale` never blurs text (outlines are filled at device
/// resolution); it is the pixel grid `allowsFontSubpixelQuantization` snaps glyphs to. A layer
/// draws at most 8,000 glyphs a frame. Differs from Apple: the default font is DejaVu Sans (Apple:
/// Helvetica); one glyph per character with pair kerning, no ligatures or right-to-left text; at most
/// 20,000 characters are laid out (the rest is dropped, with a message).
open class CATextLayer: CALayer {
    /// The text: a `String` or an `NSAttributedString` (fonts from `.font`/`kCTFontAttributeName`,
    /// colours from `.foregroundColor`/`kCTForegroundColorAttributeName` as `CGColor`s; black
    /// DejaVu Sans 12 where none is given, as Core Text's defaults). Default nil.
    open var string: Any? {
        get { state.text?.string }
        set {
            guard let v = TextLayerState.stringValue(newValue) else {
                StrataDiagnostics.report("CATextLayer.string: \(type(of: newValue!)) is neither a String nor an NSAttributedString; the old value is kept")
                return
            }
            setProperty("string", \.text!.string, v)
        }
    }

    /// The font of a plain string: a font name (`String`), a `CGFont` or a `CTFont` (whose own
    /// size then wins over `fontSize`, as on Apple). A name no installed font has draws in the
    /// default font with a message. Default "DejaVu Sans" (Apple: Helvetica).
    open var font: CFTypeRef? {
        get { state.text?.font }
        set {
            var copy = TextLayerState()
            guard copy.setPropertyValue(newValue, forKey: "font") else {
                StrataDiagnostics.report("CATextLayer.font: \(type(of: newValue!)) is not a font name, CGFont or CTFont; the old value is kept")
                return
            }
            setProperty("font", \.text!.font, copy.font)
        }
    }

    /// The size of a plain string's font, in points. Default 36; animatable. A size of 0 or
    /// less draws nothing; NaN and infinities are refused with a message; sizes above 100,000
    /// draw nothing (with a message).
    open var fontSize: CGFloat {
        get { state.text?.fontSize ?? 36 }
        set { guard isFiniteScalar(newValue, key: "fontSize") else { return }; setProperty("fontSize", \.text!.fontSize, newValue) }
    }

    /// The colour of a plain string. Default opaque white; animatable.
    open var foregroundColor: CGColor? {
        get { state.text?.foregroundColor }
        set { setProperty("foregroundColor", \.text!.foregroundColor, newValue) }
    }

    /// Whether lines wrap at spaces to fit the bounds' width. Default false.
    open var isWrapped: Bool {
        get { state.text?.isWrapped ?? false }
        set { setProperty("wrapped", \.text!.isWrapped, newValue) }
    }

    /// How a line too wide for the bounds is shortened with an ellipsis ("…"). Wrapped text
    /// taller than the bounds is truncated on its last line that fits. Default `.none`.
    open var truncationMode: CATextLayerTruncationMode {
        get { state.text?.truncationMode ?? .none }
        set { setProperty("truncationMode", \.text!.truncationMode, newValue) }
    }

    /// How lines sit across the bounds. Default `.natural` (left).
    open var alignmentMode: CATextLayerAlignmentMode {
        get { state.text?.alignmentMode ?? .natural }
        set { setProperty("alignmentMode", \.text!.alignmentMode, newValue) }
    }

    /// Whether glyph origins and baselines may snap to the backing store's pixels
    /// (`1 / contentsScale` points). Default false (glyphs sit at their exact positions).
    open var allowsFontSubpixelQuantization: Bool {
        get { state.text?.allowsFontSubpixelQuantization ?? false }
        set { setProperty("allowsFontSubpixelQuantization", \.text!.allowsFontSubpixelQuantization, newValue) }
    }
}
