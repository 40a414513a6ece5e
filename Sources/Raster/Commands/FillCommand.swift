/// One drawing step: fill a shape of some plane with a paint.
///
/// `opacity` multiplies the paint (values outside 0...1 are clamped; NaN draws nothing).
public struct FillCommand: Sendable {
    /// What is filled, in the plane's local coordinates.
    public var geometry: Shape { didSet { retained = nil } }
    /// The plane's local coordinates → device pixels (pixel (i, j) covers `[i, i+1)×[j, j+1)`).
    public var localToDevice: Projective { didSet { retained = nil } }
    /// What fills the shape.
    public var paint: Paint { didSet { retained = nil } }
    /// An extra alpha factor, 0...1.
    public var opacity: Float { didSet { retained = nil } }
    /// Where the command may paint.
    public var clip: Clip { didSet { retained = nil } }
    /// How the paint combines with the pixels below.
    public var blendMode: BlendMode { didSet { retained = nil } }
    /// False makes coverage all or nothing (a pixel is in when half of it is covered):
    /// `CGContext.setShouldAntialias(false)`.
    public var antialias: Bool { didSet { retained = nil } }
    /// Set by a renderer that keeps this command across frames (`RetainedCommand`); any change
    /// to the command clears it, so a command carrying one is exactly the command it was made for.
    package var retained: RetainedCommand?

    /// Creates a command filling a rounded rectangle.
    public init(shape: RoundedRect, localToDevice: Projective, paint: Paint,
                opacity: Float = 1, clip: Clip = Clip(), blendMode: BlendMode = .normal, antialias: Bool = true) {
        self.geometry = .roundedRect(shape)
        self.localToDevice = localToDevice
        self.paint = paint
        self.opacity = opacity
        self.clip = clip
        self.blendMode = blendMode
        self.antialias = antialias
    }

    /// Creates a command filling a path with a fill rule.
    public init(path: PathGeometry, rule: FillRule, localToDevice: Projective, paint: Paint,
                opacity: Float = 1, clip: Clip = Clip(), blendMode: BlendMode = .normal, antialias: Bool = true) {
        self.geometry = .path(path, rule)
        self.localToDevice = localToDevice
        self.paint = paint
        self.opacity = opacity
        self.clip = clip
        self.blendMode = blendMode
        self.antialias = antialias
    }

    /// The rounded rectangle this command fills; for a path, an empty rectangle. Setting it
    /// makes the command fill that rectangle.
    public var shape: RoundedRect {
        get {
            if case .roundedRect(let r) = geometry { return r }
            return RoundedRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
        }
        set { geometry = .roundedRect(newValue) }
    }
}
