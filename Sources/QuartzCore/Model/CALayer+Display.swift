import Foundation

// Layers that draw themselves: the backing store behind `display()`, and `render(in:)`.

extension CALayer {
    /// The most pixels a backing store may have (64 MiB of BGRA); a larger layer is drawn into
    /// a store scaled down to fit, with a message.
    package static let maximumBackingPixels = 16_777_216

    /// Draws the backing store: a premultiplied BGRA bitmap of `bounds × contentsScale` pixels
    /// whose context has the layer's coordinates (origin `bounds.origin` top-left, y down, as on
    /// iOS), through `draw(in:)`; the image becomes `contents`. An empty layer gets nil contents.
    public func drawBackingStore() {
        needsDisplayFlag = false
        let b = bounds
        var scale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        var w = Int((b.width * scale).rounded(.up)), h = Int((b.height * scale).rounded(.up))
        guard b.width > 0, b.height > 0, w > 0, h > 0 else {
            contents = nil
            return
        }
        if w * h > Self.maximumBackingPixels || w > 16_384 || h > 16_384 {
            let shrink = Swift.min((Double(Self.maximumBackingPixels) / Double(w * h)).squareRoot(),
                                   16_384 / Double(Swift.max(w, h)))
            scale *= shrink
            w = Swift.max(1, Int((b.width * scale).rounded(.down))); h = Swift.max(1, Int((b.height * scale).rounded(.down)))
            StrataDiagnostics.report("display(): a \(Int(b.width))×\(Int(b.height)) layer at contentsScale \(contentsScale) exceeds the backing-store limit; drawn at scale \(scale)")
        }
        guard let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return }
        delegate?.layerWillDraw(self)
        // The bitmap context is y up from its bottom-left; the layer's space is y down from the
        // top-left of its bounds.
        ctx.translateBy(x: 0, y: CGFloat(h))
        ctx.scaleBy(x: scale, y: -scale)
        ctx.translateBy(x: -b.origin.x, y: -b.origin.y)
        draw(in: ctx)
        contents = ctx.makeImage()
    }

    /// `render(in:)`: this layer and its sublayers, back to front, with model values: background,
    /// contents, border, then sublayers (sorted by `zPosition`, clipped by `masksToBounds`).
    /// Shadows, masks and filters are not drawn, and only the affine part of transforms applies.
    package func renderTree(in ctx: CGContext, depth: Int = 0) {
        guard !isHidden, opacity > 0, depth < 10_000 else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        let b = bounds
        ctx.setAlpha(CGFloat(opacity))
        let shape = CGPath(roundedRect: b, cornerWidth: cornerRadius, cornerHeight: cornerRadius, transform: nil)
        if let bg = backgroundColor {
            ctx.setFillColor(bg)
            ctx.addPath(shape)
            ctx.fillPath()
        }
        if let image = contents.flatMap({ $0 as? CGImage ?? nil }) {
            ctx.saveGState()
            if masksToBounds { ctx.addPath(shape); ctx.clip() }
            // Upright in a y-down space: flip about the rect's middle.
            ctx.translateBy(x: 0, y: b.minY + b.maxY)
            ctx.scaleBy(x: 1, y: -1)
            ctx.draw(image, in: b)
            ctx.restoreGState()
        }
        let subs = (sublayers ?? []).enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }
        if !subs.isEmpty {
            ctx.saveGState()
            if masksToBounds { ctx.addPath(shape); ctx.clip() }
            // The sublayer transform applies about this layer's anchor point.
            let myAnchor = CGPoint(x: b.minX + anchorPoint.x * b.width, y: b.minY + anchorPoint.y * b.height)
            ctx.translateBy(x: myAnchor.x, y: myAnchor.y)
            ctx.concatenate(CATransform3DGetAffineTransform(sublayerTransform))
            ctx.translateBy(x: -myAnchor.x, y: -myAnchor.y)
            for (_, sub) in subs {
                ctx.saveGState()
                // Sublayer space → this layer's space: about its anchor point, then its position.
                let s = sub.bounds, a = sub.anchorPoint
                let anchor = CGPoint(x: s.minX + a.x * s.width, y: s.minY + a.y * s.height)
                ctx.translateBy(x: sub.position.x, y: sub.position.y)
                ctx.concatenate(CATransform3DGetAffineTransform(sub.transform))
                ctx.translateBy(x: -anchor.x, y: -anchor.y)
                sub.renderTree(in: ctx, depth: depth + 1)
                ctx.restoreGState()
            }
            ctx.restoreGState()
        }
        if borderWidth > 0, let bc = borderColor {
            ctx.setStrokeColor(bc)
            ctx.setLineWidth(borderWidth)
            let inset = b.insetBy(dx: borderWidth / 2, dy: borderWidth / 2)
            ctx.addPath(CGPath(roundedRect: inset, cornerWidth: Swift.max(0, cornerRadius - borderWidth / 2),
                               cornerHeight: Swift.max(0, cornerRadius - borderWidth / 2), transform: nil))
            ctx.strokePath()
        }
    }
}
