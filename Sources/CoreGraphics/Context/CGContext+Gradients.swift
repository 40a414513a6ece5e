import Raster

extension CGContext {
    /// Paints a linear gradient from `start` to `end` (user space) over the whole clip.
    ///
    /// `.drawsBeforeStartLocation` / `.drawsAfterEndLocation` extend the end colours beyond
    /// the points; without them nothing is drawn there.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint,
                                   options: CGGradientDrawingOptions) {
        guard finite("drawLinearGradient(start: \(start), end: \(end))", start.x, start.y, end.x, end.y) else { return }
        paintClip(with: gradient, kind: .linear(start: SIMD2(start), end: SIMD2(end)), options: options)
    }

    /// Paints a radial gradient between two circles (user space) over the whole clip.
    ///
    /// Options as `drawLinearGradient`: before the start circle, after the end circle.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        guard finite("drawRadialGradient(startCenter: \(startCenter), …)", startCenter.x, startCenter.y, startRadius,
                     endCenter.x, endCenter.y, endRadius) else { return }
        paintClip(with: gradient, kind: .radial(startCenter: SIMD2(startCenter), startRadius: Double(Swift.max(startRadius, 0)),
                                                endCenter: SIMD2(endCenter), endRadius: Double(Swift.max(endRadius, 0))),
                  options: options)
    }

    /// Fills the clip rect with the gradient, whose geometry is in user space.
    fileprivate func paintClip(with gradient: CGGradient, kind: Gradient.Kind, options: CGGradientDrawingOptions) {
        guard ctmIsInvertible else { return }
        let r = state.clipRect
        guard !r.isEmpty else { return }
        let stops = gradient.stops.map { GradientStop(location: $0.location, color: $0.color) }
        let paint = Paint.gradient(
            Gradient(kind: kind, stops: stops, extendsBefore: options.contains(.drawsBeforeStartLocation),
                     extendsAfter: options.contains(.drawsAfterEndLocation)),
            map: Projective(userToDevice.inverted()))
        fill(PathGeometry(rect: Double(r.x0), Double(r.y0), Double(r.x1), Double(r.y1)), rule: .nonZero,
             localToDevice: .identity, paint: paint)
    }
}

extension CGContext {
    /// Paints a conic (angular) gradient about `center` over the whole clip: location 0 at
    /// `angle` (radians, from the user space's +x axis towards +y, so counter-clockwise on a
    /// y-up context), growing with the angle to 1 a full turn later (Apple's
    /// `drawConicGradient(_:center:angle:)`, iOS 17 / macOS 14, whose documentation does not
    /// state the direction; Strata's is the one `CAGradientLayer`'s `.conic` type uses).
    public func drawConicGradient(_ gradient: CGGradient, center: CGPoint, angle: CGFloat) {
        guard finite("drawConicGradient(center: \(center), angle: \(angle))", center.x, center.y, angle) else { return }
        paintClip(with: gradient, kind: .conic(center: SIMD2(center), angle: Double(angle)),
                  options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
    }
}
