import Foundation

/// Where a layer's `contents` image lands in its bounds (Apple's `contentsGravity` rules).
package enum ContentsLayout {
    /// The rectangle, in the layer's space, that the visible part of the image (after
    /// `contentsRect`) is drawn into. `imageSize` is in pixels; `scale` is `contentsScale`.
    package static func destination(bounds: CGRect, imageSize: CGSize, scale: CGFloat,
                                    gravity: CALayerContentsGravity) -> CGRect {
        let s = scale > 0 && scale.isFinite ? scale : 1
        let w = imageSize.width / s, h = imageSize.height / s
        let b = bounds
        switch gravity {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return b }
            let fit = gravity == .resizeAspect ? min(b.width / w, b.height / h) : max(b.width / w, b.height / h)
            let dw = w * fit, dh = h * fit
            return CGRect(x: b.midX - dw / 2, y: b.midY - dh / 2, width: dw, height: dh)
        default:
            // Unscaled placements. As Apple's header says, "top" always means maximum y and
            // "bottom" minimum y in the layer's space: in a y-down (iOS) layer `.top` puts the
            // image on the lower edge, unless the layer's geometry is flipped above it.
            var x = b.midX - w / 2, y = b.midY - h / 2
            switch gravity {
            case .left, .topLeft, .bottomLeft: x = b.minX
            case .right, .topRight, .bottomRight: x = b.maxX - w
            default: break
            }
            switch gravity {
            case .top, .topLeft, .topRight: y = b.maxY - h
            case .bottom, .bottomLeft, .bottomRight: y = b.minY
            default: break
            }
            return CGRect(x: x, y: y, width: w, height: h)
        }
    }
}

extension CALayer {
    /// Whether an odd number of this layer's superlayers have `isGeometryFlipped`: the layer's
    /// space is then flipped against the screen and its contents are drawn upright against it
    /// (`contentsAreFlipped()`). A mask counts its owner's superlayers, not the owner's own flag
    /// (which flips the owner's sublayers), as the renderer draws it. At most 10,000 levels.
    package var hasFlippedAncestry: Bool {
        var flipped = false
        var layer: CALayer = self
        var depth = 0
        while depth < 10_000 {
            if let s = layer._superlayer {
                if s.state.isGeometryFlipped { flipped.toggle() }
                layer = s
            } else if let owner = layer._maskOwner {
                layer = owner
            } else {
                break
            }
            depth += 1
        }
        return flipped
    }
}
