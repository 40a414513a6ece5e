import QuartzCore

/// A progress ring whose `progress` is a custom animatable property, Apple's recipe: stored by
/// key-value coding (Swift on Linux has no `@NSManaged`), `needsDisplay(forKey:)` answers true for
/// it, and `draw(in:)` draws it; an animation of "progress" redraws the presentation layer each frame.
public final class ProgressRingLayer: CALayer {
    /// 0…1: how much of the ring is drawn.
    public var progress: CGFloat {
        get { (value(forKey: "progress") as? CGFloat) ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }

    public override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    public override func draw(in ctx: CGContext) {
        let b = bounds, c = CGPoint(x: b.midX, y: b.midY), r = min(b.width, b.height) / 2 - 10
        ctx.setLineWidth(12)
        ctx.setStrokeColor(CGColor(red: 0.25, green: 0.27, blue: 0.33, alpha: 1))
        ctx.strokeEllipse(in: CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
        let p = min(max(progress, 0), 1)
        guard p > 0 else { return }
        ctx.setLineCap(.round)
        ctx.setStrokeColor(CGColor(red: 0.3, green: 0.8, blue: 0.5, alpha: 1))
        // Clockwise on screen from twelve o'clock: in this y-down space, increasing angles.
        ctx.addArc(center: c, radius: r, startAngle: -.pi / 2, endAngle: -.pi / 2 + 2 * .pi * p, clockwise: false)
        ctx.strokePath()
    }
}

extension DemoScene {
    /// A custom animatable property: a ring whose `progress` animates 0 → 1 over 2 s.
    public static let customProperty = DemoScene(
        name: "custom-property", summary: "Apple's custom animatable property recipe: a progress ring animating 0 → 1 over 2 s",
        defaultSize: CGSize(width: 200, height: 200)
    ) { size in
        let root = SceneParts.root(size, color: SceneParts.color(0x18, 0x1A, 0x20))
        let ring = ProgressRingLayer()
        ring.bounds = CGRect(x: 0, y: 0, width: 160, height: 160)
        ring.position = CGPoint(x: size.width / 2, y: size.height / 2)
        ring.progress = 1
        ring.setNeedsDisplay()
        let a = CABasicAnimation(keyPath: "progress")
        a.fromValue = 0
        a.toValue = 1
        a.duration = 2
        ring.add(a, forKey: "progress")
        root.addSublayer(ring)
        return root
    }
}
