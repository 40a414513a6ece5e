import Raster

extension CGContext {
    /// Nearest for `.none`, bilinear otherwise.
    var filter: Filter { state.interpolationQuality == .none ? .nearest : .bilinear }

    /// User space → texel coordinates of `image` drawn upright into `rect` (its top row at
    /// `rect.maxY`, as on Apple).
    func userToTexel(_ rect: CGRect, _ image: CGImage) -> Projective {
        let sx = Double(image.width) / Double(rect.width), sy = Double(image.height) / Double(rect.height)
        return Projective(affine: sx, 0, 0, -sy, -Double(rect.minX) * sx, Double(rect.maxY) * sy)
    }

    /// A rectangle as Raster's geometry, in whatever space `rect` is in.
    static func rectGeometry(_ rect: CGRect) -> PathGeometry {
        PathGeometry(rect: Double(rect.minX), Double(rect.minY), Double(rect.maxX), Double(rect.maxY))
    }

    /// Draws `image` scaled into `rect` (user space), upright, with the state's alpha, blend
    /// mode, clip, interpolation quality and shadow.
    public func draw(_ image: CGImage, in rect: CGRect) {
        guard finite("draw(_:in: \(rect))", rect.origin.x, rect.origin.y, rect.width, rect.height) else { return }
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        guard ctmIsInvertible else { return }
        // The rect stays in user space so the texture map is user space → texels.
        fill(CGContext.rectGeometry(r), rule: .nonZero, localToDevice: Projective(userToDevice),
             paint: .texture(image.surface, map: userToTexel(r, image), filter: filter))
    }

    /// Draws `image` into `rect`, or with `byTiling`, repeats it in `rect`-sized tiles over the
    /// whole clip. More than 100 000 visible tiles are refused with a message.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool) {
        guard byTiling else { return draw(image, in: rect) }
        guard finite("draw(_:in: \(rect), byTiling: true)", rect.origin.x, rect.origin.y, rect.width, rect.height)
        else { return }
        let r = rect.standardized
        guard r.width > 0, r.height > 0, ctmIsInvertible else { return }
        let visible = boundingBoxOfClipPath
        guard !visible.isNull else { return }
        let i0 = ((visible.minX - r.minX) / r.width).rounded(.down), i1 = ((visible.maxX - r.minX) / r.width).rounded(.up)
        let j0 = ((visible.minY - r.minY) / r.height).rounded(.down), j1 = ((visible.maxY - r.minY) / r.height).rounded(.up)
        let count = (i1 - i0) * (j1 - j0)
        let limit: CGFloat = 1e15   // tile indices beyond this are not integers in a CGFloat
        guard count.isFinite, count <= CGFloat(CGContext.maximumTiles),
              [i0, i1, j0, j1].allSatisfy({ abs($0) < limit }) else {
            return reject("draw(_:in: \(rect), byTiling: true)", "\(count) tiles are more than \(CGContext.maximumTiles)")
        }
        var commands: [FillCommand] = []
        for j in Int(j0)..<Int(j1) {
            for i in Int(i0)..<Int(i1) {
                let tile = CGRect(x: r.minX + CGFloat(i) * r.width, y: r.minY + CGFloat(j) * r.height,
                                  width: r.width, height: r.height)
                commands.append(FillCommand(
                    path: CGContext.rectGeometry(tile), rule: .nonZero,
                    localToDevice: Projective(userToDevice), paint: .texture(image.surface, map: userToTexel(tile, image), filter: filter),
                    opacity: Float(state.alpha), clip: rasterClip, blendMode: state.blendMode.raster,
                    antialias: state.antialias))
            }
        }
        render(commands)
    }
}
