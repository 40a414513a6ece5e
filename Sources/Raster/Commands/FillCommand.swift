/// One drawing step: fill a rounded rectangle of some plane with a paint, source-over.
///
/// `opacity` multiplies the paint (values outside 0...1 are clamped; NaN draws nothing).
public struct FillCommand: Sendable {
    /// The outline in the plane's local coordinates.
    public var shape: RoundedRect
    /// The plane's local coordinates → device pixels (pixel (i, j) covers `[i, i+1)×[j, j+1)`).
    public var localToDevice: Projective
    /// What fills the shape.
    public var paint: Paint
    /// An extra alpha factor, 0...1.
    public var opacity: Float
    /// Where the command may paint.
    public var clip: Clip

    /// Creates a fill command.
    public init(shape: RoundedRect, localToDevice: Projective, paint: Paint,
                opacity: Float = 1, clip: Clip = Clip()) {
        self.shape = shape
        self.localToDevice = localToDevice
        self.paint = paint
        self.opacity = opacity
        self.clip = clip
    }
}
