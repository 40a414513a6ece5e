import Foundation
import Raster

// Layers that draw themselves: the backing store behind `display()`, and `render(in:)`.

extension CALayer {
    /// The most pixels a backing store may have (64 MiB of BGRA); a larger layer is drawn into
    /// a store scaled down to fit, with a message.
    package static let maximumBackingPixels = 16_777_216

    /// Draws the backing store: a premultiplied BGRA bitmap of `bounds × contentsScale` pixels
    /// whose context has the layer's coordinates (origin `bounds.origin` top-left, y down, as on
    /// iOS), through `draw(in:)`; the image becomes `contents`. An empty layer gets nil contents.
    package func drawBackingStore() {
        needsDisplayFlag = false
        let b = bounds
        var scale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        // Sizes are worked out in Double: finite bounds may still be far beyond any Int.
        var wd = (b.width * scale).rounded(.up), hd = (b.height * scale).rounded(.up)
        guard b.width > 0, b.height > 0, wd >= 1, hd >= 1, wd.isFinite, hd.isFinite else {
            contents = nil
            return
        }
        let limit = Double(Self.maximumBackingPixels), side = Double(Surface.maximumDimension)
        if wd * hd > limit || wd > side || hd > side {
            let shrink = Swift.min((limit / (wd * hd)).squareRoot(), side / Swift.max(wd, hd))
            scale *= shrink
            wd = Swift.min(Swift.max(1, (b.width * scale).rounded(.down)), side)
            hd = Swift.min(Swift.max(1, (b.height * scale).rounded(.down)), side)
            StrataDiagnostics.report("display(): a \(b.width)×\(b.height) layer at contentsScale \(contentsScale) exceeds the backing-store limit; drawn at scale \(scale)")
        }
        let w = Int(wd), h = Int(hd)
        guard let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return }
        delegate?.layerWillDraw(self)
        // The bitmap context is y up from its bottom-left; the layer's space is y down from the
        // top-left of its bounds. Flipped contents (under a flipped superlayer) are drawn upright
        // against the flip, so their context keeps the bitmap's y up (Apple's y-flip for them).
        if contentsAreFlipped() {
            ctx.scaleBy(x: scale, y: scale)
        } else {
            ctx.translateBy(x: 0, y: CGFloat(h))
            ctx.scaleBy(x: scale, y: -scale)
        }
        ctx.translateBy(x: -b.origin.x, y: -b.origin.y)
        draw(in: ctx)
        contents = ctx.makeImage()
    }

    /// `render(in:)`: this layer and its sublayers, back to front, with model values: background,
    /// contents, then sublayers (sorted by `zPosition`, clipped by `masksToBounds`), then border.
    /// Shadows, masks and filters are not drawn, and only the affine part of transforms applies.
    /// Iterative (an explicit stack of steps), so a tree of any depth draws on any thread.
    package func renderTree(in ctx: CGContext) {
        enum Step {
            /// Draw a layer; `child` when it is a sublayer (its transform to the parent applies).
            case enter(CALayer, child: Bool)
            /// After a layer's sublayers: undo their clip, draw the border, restore.
            case leave(CALayer, hadSublayers: Bool)
        }
        var steps: [Step] = [.enter(self, child: false)]
        while let step = steps.popLast() {
            switch step {
            case .enter(let layer, let child):
                guard !layer.isHidden, layer.opacity > 0 else { continue }
                ctx.saveGState()
                if child { layer.concatenateTransformToSuperlayer(in: ctx) }
                let subs = layer.drawOwnContent(in: ctx)
                steps.append(.leave(layer, hadSublayers: !subs.isEmpty))
                if !subs.isEmpty {
                    ctx.saveGState()
                    layer.clipAndTransformForSublayers(in: ctx)
                    // Pushed last to first: the first sublayer is drawn first.
                    for sub in subs.reversed() { steps.append(.enter(sub, child: true)) }
                }
            case .leave(let layer, let hadSublayers):
                if hadSublayers { ctx.restoreGState() }
                layer.drawBorder(in: ctx)
                ctx.restoreGState()
            }
        }
    }

    /// The affine map from this layer's space to its superlayer's: about its anchor point, then
    /// to its position.
    private func concatenateTransformToSuperlayer(in ctx: CGContext) {
        let s = bounds, a = anchorPoint
        ctx.translateBy(x: position.x, y: position.y)
        ctx.concatenate(transform.flattenedAffine)
        ctx.translateBy(x: -(s.minX + a.x * s.width), y: -(s.minY + a.y * s.height))
    }

    /// Background and contents at the layer's opacity; returns the sublayers in drawing order.
    private func drawOwnContent(in ctx: CGContext) -> [CALayer] {
        let b = bounds
        ctx.setAlpha(CGFloat(opacity))
        let shape = CGPath(roundedRect: b, cornerWidth: cornerRadius, cornerHeight: cornerRadius, transform: nil)
        if let bg = backgroundColor {
            ctx.setFillColor(bg)
            ctx.addPath(shape)
            ctx.fillPath()
        }
        if let image = contents as? CGImage {
            ctx.saveGState()
            if masksToBounds { ctx.addPath(shape); ctx.clip() }
            // Upright in a y-down space: flip about the rect's middle.
            ctx.translateBy(x: 0, y: b.minY + b.maxY)
            ctx.scaleBy(x: 1, y: -1)
            ctx.draw(image, in: b)
            ctx.restoreGState()
        }
        return (sublayers ?? []).enumerated()
            .sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }.map(\.element)
    }

    /// The clip (`masksToBounds`) and the sublayer transform, about this layer's anchor point.
    private func clipAndTransformForSublayers(in ctx: CGContext) {
        let b = bounds
        if masksToBounds {
            ctx.addPath(CGPath(roundedRect: b, cornerWidth: cornerRadius, cornerHeight: cornerRadius, transform: nil))
            ctx.clip()
        }
        let anchor = CGPoint(x: b.minX + anchorPoint.x * b.width, y: b.minY + anchorPoint.y * b.height)
        ctx.translateBy(x: anchor.x, y: anchor.y)
        ctx.concatenate(sublayerTransform.flattenedAffine)
        ctx.translateBy(x: -anchor.x, y: -anchor.y)
    }

    /// The border, inside the bounds, following the corner radius.
    private func drawBorder(in ctx: CGContext) {
        guard borderWidth > 0, let bc = borderColor else { return }
        let b = bounds
        ctx.setAlpha(CGFloat(opacity))
        ctx.setStrokeColor(bc)
        ctx.setLineWidth(borderWidth)
        let inset = b.insetBy(dx: borderWidth / 2, dy: borderWidth / 2)
        let r = Swift.max(0, cornerRadius - borderWidth / 2)
        ctx.addPath(CGPath(roundedRect: inset, cornerWidth: r, cornerHeight: r, transform: nil))
        ctx.strokePath()
    }
}
