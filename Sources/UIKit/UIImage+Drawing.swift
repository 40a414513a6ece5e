import Foundation

/// Drawing an image into the current UIGraphics context, upright in UIKit's y-down space.
extension UIImage {
    /// Draws the image at its size with its top-left corner at `point`.
    public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }

    /// Draws the image at its size at `point` with a blend mode and alpha.
    public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }

    /// Draws the image scaled into `rect` (a resizable image keeps its caps unscaled).
    public func draw(in rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        drawResizable(in: rect, ctx)
    }

    /// Draws the image scaled into `rect` with a blend mode and alpha.
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setBlendMode(blendMode)
        ctx.setAlpha(alpha)
        drawResizable(in: rect, ctx)
        ctx.restoreGState()
    }

    private func drawResizable(in rect: CGRect, _ ctx: CGContext) {
        guard [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite) else {
            return StrataDiagnostics.report("UIImage.draw(in: \(rect)): not a finite rectangle; ignored")
        }
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        guard capInsets != .zero else { return drawShown(in: r, ctx) }
        let s = size
        // The caps keep their size unless the rect is too small for them, then shrink in proportion.
        func caps(_ a: CGFloat, _ b: CGFloat, _ room: CGFloat) -> (CGFloat, CGFloat) {
            a + b <= room || a + b == 0 ? (a, b) : (a * room / (a + b), b * room / (a + b))
        }
        let (l, rt) = caps(capInsets.left, capInsets.right, r.width)
        let (t, b) = caps(capInsets.top, capInsets.bottom, r.height)
        let srcX = [0, min(capInsets.left, s.width), max(s.width - capInsets.right, 0), s.width]
        let srcY = [0, min(capInsets.top, s.height), max(s.height - capInsets.bottom, 0), s.height]
        let dstX = [r.minX, r.minX + l, r.maxX - rt, r.maxX]
        let dstY = [r.minY, r.minY + t, r.maxY - b, r.maxY]
        for i in 0..<3 {
            for j in 0..<3 {
                let sw = srcX[i + 1] - srcX[i], sh = srcY[j + 1] - srcY[j]
                let dw = dstX[i + 1] - dstX[i], dh = dstY[j + 1] - dstY[j]
                guard sw > 0, sh > 0, dw > 0, dh > 0 else { continue }
                let kx = dw / sw, ky = dh / sh
                ctx.saveGState()
                ctx.clip(to: CGRect(x: dstX[i], y: dstY[j], width: dw, height: dh))
                drawShown(in: CGRect(x: dstX[i] - srcX[i] * kx, y: dstY[j] - srcY[j] * ky,
                                     width: s.width * kx, height: s.height * ky), ctx)
                ctx.restoreGState()
            }
        }
    }

    /// Draws the whole image, turned upright by its orientation, into `rect` of a y-down space.
    private func drawShown(in rect: CGRect, _ ctx: CGContext) {
        guard let cg = cgImage else { return }
        // Stored unit square (y down) → shown unit square → rect. `CGContext.draw` puts the top row
        // at the rect's maxY (y up), so the stored square is flipped first.
        let flip = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 1)
        let toRect = CGAffineTransform(a: rect.width, b: 0, c: 0, d: rect.height, tx: rect.minX, ty: rect.minY)
        ctx.saveGState()
        ctx.concatenate(flip.concatenating(imageOrientation.unitTransform).concatenating(toRect))
        ctx.draw(cg, in: CGRect(x: 0, y: 0, width: 1, height: 1))
        ctx.restoreGState()
    }
}
