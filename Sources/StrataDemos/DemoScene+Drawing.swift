import QuartzCore

/// A clock face drawn by `draw(in:)`: a radial gradient dial, dashed rim, twelve ticks with round
/// caps, two hands with a miter join, and an even-odd star in the middle.
final class ClockFaceLayer: CALayer {
    override func draw(in ctx: CGContext) {
        let b = bounds, c = CGPoint(x: b.midX, y: b.midY), r = min(b.width, b.height) / 2 - 6
        let space = CGColorSpaceCreateDeviceRGB()
        if let dial = CGGradient(colorsSpace: space, colors: [CGColor(red: 1, green: 0.97, blue: 0.85, alpha: 1),
                                                              CGColor(red: 0.85, green: 0.6, blue: 0.3, alpha: 1)] as CFArray,
                                 locations: [0, 1]) {
            ctx.saveGState()
            ctx.addEllipse(in: CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
            ctx.clip()
            ctx.drawRadialGradient(dial, startCenter: CGPoint(x: c.x - r / 3, y: c.y - r / 3), startRadius: 0,
                                   endCenter: c, endRadius: r, options: [.drawsAfterEndLocation])
            ctx.restoreGState()
        }
        ctx.setStrokeColor(CGColor(red: 0.3, green: 0.15, blue: 0.05, alpha: 1))
        ctx.setLineWidth(3)
        ctx.setLineDash(phase: 0, lengths: [10, 5])
        ctx.strokeEllipse(in: CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
        ctx.setLineDash(phase: 0, lengths: [])
        ctx.setLineCap(.round)
        for h in 0..<12 {
            let a = Double(h) * .pi / 6, inner = h % 3 == 0 ? r * 0.72 : r * 0.82
            ctx.setLineWidth(h % 3 == 0 ? 6 : 3)
            ctx.move(to: CGPoint(x: c.x + inner * cos(a), y: c.y + inner * sin(a)))
            ctx.addLine(to: CGPoint(x: c.x + r * 0.92 * cos(a), y: c.y + r * 0.92 * sin(a)))
            ctx.strokePath()
        }
        // Ten past ten.
        ctx.setLineJoin(.miter)
        ctx.setLineCap(.butt)
        ctx.setLineWidth(7)
        ctx.setStrokeColor(CGColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 1))
        let hour = -Double.pi / 2 - 2 * .pi / 12 * 2 + 2 * .pi / 12 / 6, minute = -Double.pi / 2 + 2 * .pi / 60 * 10
        ctx.move(to: CGPoint(x: c.x + r * 0.5 * cos(hour), y: c.y + r * 0.5 * sin(hour)))
        ctx.addLine(to: c)
        ctx.addLine(to: CGPoint(x: c.x + r * 0.8 * cos(minute), y: c.y + r * 0.8 * sin(minute)))
        ctx.strokePath()
        // An even-odd five-point star: its pentagon centre stays empty.
        ctx.setFillColor(CGColor(red: 0.8, green: 0.1, blue: 0.1, alpha: 0.85))
        for k in 0..<5 {
            let a = -Double.pi / 2 + Double(k * 2) * 2 * .pi / 5
            let p = CGPoint(x: c.x + r * 0.3 * cos(a), y: c.y + 8 + r * 0.3 * sin(a))
            if k == 0 { ctx.move(to: p) } else { ctx.addLine(to: p) }
        }
        ctx.closePath()
        ctx.fillPath(using: .evenOdd)
    }
}

/// Draws overlapping discs in three blend modes through a rounded clip, for a delegate-drawn layer.
final class BlendDiscsDelegate: CALayerDelegate {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        let b = layer.bounds
        ctx.addPath(CGPath(roundedRect: b.insetBy(dx: 4, dy: 4), cornerWidth: 18, cornerHeight: 18, transform: nil))
        ctx.clip()
        if let g = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                              colors: [CGColor(red: 0.15, green: 0.2, blue: 0.35, alpha: 1), CGColor(red: 0.9, green: 0.9, blue: 0.95, alpha: 1)],
                              locations: [0, 1]) {
            ctx.drawLinearGradient(g, start: CGPoint(x: b.minX, y: b.minY), end: CGPoint(x: b.maxX, y: b.maxY), options: [])
        }
        let d = b.width * 0.42
        let discs: [(CGPoint, CGColor, CGBlendMode)] = [
            (CGPoint(x: b.midX - d * 0.3, y: b.midY - d * 0.25), CGColor(red: 1, green: 0.2, blue: 0.2, alpha: 0.9), .normal),
            (CGPoint(x: b.midX + d * 0.3, y: b.midY - d * 0.25), CGColor(red: 0.2, green: 1, blue: 0.2, alpha: 0.9), .screen),
            (CGPoint(x: b.midX, y: b.midY + d * 0.28), CGColor(red: 0.2, green: 0.4, blue: 1, alpha: 0.9), .multiply),
        ]
        for (p, color, mode) in discs {
            ctx.setBlendMode(mode)
            ctx.setFillColor(color)
            ctx.fillEllipse(in: CGRect(x: p.x - d / 2, y: p.y - d / 2, width: d, height: d))
        }
    }
}

extension DemoScene {
    /// Layers that draw themselves: a `draw(in:)` subclass turned in perspective, a delegate
    /// drawing blend modes, and a `render(in:)` snapshot of a small layer tree.
    public static let drawing = DemoScene(
        name: "drawing", summary: "draw(in:) subclass in perspective, delegate drawing with blend modes, render(in:) thumbnail",
        defaultSize: CGSize(width: 480, height: 240)
    ) { size in
        let root = SceneParts.root(size, color: SceneParts.color(0x20, 0x22, 0x2A))
        let clock = ClockFaceLayer()
        clock.bounds = CGRect(x: 0, y: 0, width: 150, height: 150)
        clock.position = CGPoint(x: 90, y: 120)
        var t = CATransform3DIdentity
        t.m34 = -1 / 400
        clock.transform = CATransform3DRotate(t, .pi / 6, 0, 1, 0)
        clock.setNeedsDisplay()
        root.addSublayer(clock)

        let discs = CALayer()
        discs.bounds = CGRect(x: 0, y: 0, width: 150, height: 150)
        discs.position = CGPoint(x: 250, y: 120)
        discs.contentsScale = 2
        discs.delegate = delegateKeeper.blend
        discs.setNeedsDisplay()
        root.addSublayer(discs)

        // render(in:): a small tree drawn into a bitmap, shown as another layer's contents.
        let tree = CALayer()
        tree.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        tree.backgroundColor = SceneParts.color(0x30, 0x60, 0x90)
        tree.cornerRadius = 12
        for k in 0..<3 {
            let box = CALayer()
            box.frame = CGRect(x: 12 + CGFloat(k) * 26, y: 20 + CGFloat(k) * 18, width: 24, height: 24)
            box.backgroundColor = SceneParts.color(0xE0 - k * 40, 0x80 + k * 40, 0x40)
            box.borderWidth = 2
            box.borderColor = SceneParts.color(0xFF, 0xFF, 0xFF)
            box.transform = CATransform3DMakeRotation(CGFloat(k) * .pi / 10, 0, 0, 1)
            tree.addSublayer(box)
        }
        let snapshot = CALayer()
        snapshot.frame = CGRect(x: 350, y: 70, width: 100, height: 100)
        if let ctx = CGContext(data: nil, width: 100, height: 100, bitsPerComponent: 8, bytesPerRow: 0,
                               space: CGColorSpaceCreateDeviceRGB(),
                               bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue) {
            ctx.translateBy(x: 0, y: 100)
            ctx.scaleBy(x: 1, y: -1)
            tree.render(in: ctx)
            snapshot.contents = ctx.makeImage()
        }
        root.addSublayer(snapshot)
        return root
    }
}

/// Delegates are weak: the scene's delegate lives here.
private let delegateKeeper = DelegateKeeper()
private final class DelegateKeeper: @unchecked Sendable {
    let blend = BlendDiscsDelegate()
}
