extension CGContext {
    /// Reports a rejected argument; the state keeps its old value.
    func reject(_ call: String, _ why: String) {
        StrataDiagnostics.report("CGContext.\(call): \(why); ignored")
    }

    // MARK: Colours

    /// The colour `fillPath`, `fill(_:)` and friends paint with.
    public func setFillColor(_ color: CGColor) { state.fillColor = color }
    /// The colour `strokePath` and friends paint with.
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }
    /// Fill colour from RGB components (sRGB in Strata).
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        guard finiteComponents("setFillColor", red, green, blue, alpha) else { return }
        state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// Stroke colour from RGB components (sRGB in Strata).
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        guard finiteComponents("setStrokeColor", red, green, blue, alpha) else { return }
        state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// Fill colour from a gray level.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        guard finiteComponents("setFillColor", gray, alpha) else { return }
        state.fillColor = CGColor(gray: gray, alpha: alpha) }
    /// Stroke colour from a gray level.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
        guard finiteComponents("setStrokeColor", gray, alpha) else { return }
        state.strokeColor = CGColor(gray: gray, alpha: alpha)
    }

    /// Whether every colour component is finite; otherwise reports the call (colour unchanged).
    private func finiteComponents(_ call: String, _ components: CGFloat...) -> Bool {
        guard let bad = components.first(where: { !$0.isFinite }) else { return true }
        reject("\(call)(\(components.map { "\($0)" }.joined(separator: ", ")))", "rejected non-finite value \(bad)")
        return false
    }

    // MARK: Line parameters

    /// The stroke width in user space; negative or non-finite widths are ignored with a message
    /// (Apple ignores negative widths too). Zero strokes nothing.
    public func setLineWidth(_ width: CGFloat) {
        guard width.isFinite, width >= 0 else { return reject("setLineWidth(\(width))", "not a finite non-negative width") }
        state.lineWidth = width
    }
    /// How open subpaths end.
    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
    /// How segments meet.
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }
    /// The miter length (in line widths) beyond which a miter join becomes a bevel.
    public func setMiterLimit(_ limit: CGFloat) {
        guard limit.isFinite else { return reject("setMiterLimit(\(limit))", "rejected non-finite value \(limit)") }
        state.miterLimit = limit
    }
    /// The dash pattern; an empty `lengths` means solid lines. Negative or all-zero lengths
    /// give solid lines with a message.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        state.dash = DashPattern(phase: phase, lengths: lengths, caller: "CGContext.setLineDash(phase:lengths:)")
    }

    // MARK: Compositing

    /// A factor on the alpha of everything drawn, clamped to 0...1 (NaN ignored).
    public func setAlpha(_ alpha: CGFloat) {
        guard alpha.isFinite else { return reject("setAlpha(\(alpha))", "rejected non-finite value \(alpha)") }
        state.alpha = Swift.min(Swift.max(alpha, 0), 1)
    }
    /// How drawing combines with the pixels already there.
    public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }
    /// Whether edges are anti-aliased (default true).
    public func setShouldAntialias(_ antialias: Bool) { state.antialias = antialias }
    /// Accepted for compatibility: Strata always anti-aliases when `setShouldAntialias` allows.
    public func setAllowsAntialiasing(_ allows: Bool) {}
    /// How images are sampled when scaled: `.none` is nearest neighbour, the rest bilinear.
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    /// A shadow under everything drawn from now on: `offset` in base space (not affected by the
    /// CTM, y up), `blur` in pixels (a Gaussian of σ = blur / 2), `color` (nil: no shadow).
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard offset.width.isFinite, offset.height.isFinite, blur.isFinite else {
            return reject("setShadow(offset: \(offset), blur: \(blur))", "non-finite offset or blur")
        }
        if let color, color.alpha > 0 {
            // Beyond 2^24 pixels a shadow is off any bitmap; the clamp keeps integer maths safe.
            let limit: CGFloat = 16_777_216
            let clamped = CGSize(width: Swift.min(Swift.max(offset.width, -limit), limit),
                                 height: Swift.min(Swift.max(offset.height, -limit), limit))
            state.shadow = (clamped, Swift.min(Swift.max(blur, 0), limit), color)
        } else {
            state.shadow = nil
        }
    }
    /// A shadow in Apple's default colour: black at one third alpha.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3.0))
    }

    // MARK: Current transformation matrix

    /// User space → base space (y up, origin bottom-left of the bitmap); identity at first.
    public var ctm: CGAffineTransform { state.ctm }

    /// User space → device space; for a bitmap context device space is its pixels with y up,
    /// so this is the CTM.
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }
    /// A user-space point in device space.
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm) }
    /// A device-space point in user space.
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm.inverted()) }
    /// A user-space rect's bounding box in device space.
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm) }
    /// A device-space rect's bounding box in user space.
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm.inverted()) }

    /// Moves the user-space origin.
    public func translateBy(x: CGFloat, y: CGFloat) {
        guard x.isFinite, y.isFinite else { return reject("translateBy(x: \(x), y: \(y))", "non-finite translation") }
        state.ctm = CGAffineTransform(translationX: x, y: y).concatenating(state.ctm)
    }
    /// Scales user space.
    public func scaleBy(x: CGFloat, y: CGFloat) {
        guard x.isFinite, y.isFinite else { return reject("scaleBy(x: \(x), y: \(y))", "non-finite scale") }
        state.ctm = CGAffineTransform(scaleX: x, y: y).concatenating(state.ctm)
    }
    /// Rotates user space by `angle` radians (counter-clockwise on screen, as y is up).
    public func rotate(by angle: CGFloat) {
        guard angle.isFinite else { return reject("rotate(by: \(angle))", "non-finite angle") }
        state.ctm = CGAffineTransform(rotationAngle: angle).concatenating(state.ctm)
    }
    /// Applies `transform` to user space before the current CTM.
    public func concatenate(_ transform: CGAffineTransform) {
        guard [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].allSatisfy(\.isFinite) else {
            return reject("concatenate(\(transform))", "non-finite matrix")
        }
        state.ctm = transform.concatenating(state.ctm)
    }
}
