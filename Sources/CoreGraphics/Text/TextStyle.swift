import Foundation

/// The font, size and colour of a stretch of laid-out text.
package struct TextStyle: @unchecked Sendable {
    /// The face drawn.
    package var face: FontFace
    /// The size in points (one em).
    package var size: Double
    /// The fill colour; nil draws nothing.
    package var color: CGColor?

    package init(face: FontFace, size: Double, color: CGColor?) {
        self.face = face
        self.size = size
        self.color = color
    }

    /// Points per font unit.
    package var scale: Double { size / face.unitsPerEm }
    package var ascent: Double { face.ascent * scale }
    package var descent: Double { face.descent * scale }
    package var leading: Double { face.leading * scale }
}

/// A stretch of text in one style (an index into the layout's styles).
package struct TextRun: Sendable {
    package var scalars: [Unicode.Scalar]
    package var style: Int

    package init(scalars: [Unicode.Scalar], style: Int) {
        self.scalars = scalars
        self.style = style
    }
}

/// How a line too wide for the layout is shortened (`CATextLayerTruncationMode`'s cases).
package enum TextTruncation: Sendable, Equatable { case none, start, middle, end }

/// Where lines sit across the layout's width (`CATextLayerAlignmentMode`'s cases).
package enum TextAlignment: Sendable, Equatable { case natural, left, right, center, justified }
