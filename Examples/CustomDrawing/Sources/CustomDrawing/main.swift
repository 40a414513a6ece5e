// A layer that draws itself with Core Graphics and has its own animatable property: a gauge
// whose `value` animates like any built-in property (Apple's recipe: `needsDisplay(forKey:)`
// plus `draw(in:)`, and an `action(forKey:)` for implicit animations).
//
//   swift run CustomDrawing                 a window: click or press 0-9 to set the value
//   swift run CustomDrawing --png F.png     one frame, half-way through an animation, headless
import Foundation
import QuartzCore
import StrataApp

/// A gauge from 0 to 1 with a needle. `value` is stored by key-value coding, as
/// `@NSManaged var value: CGFloat` would be on Apple platforms.
final class GaugeLayer: CALayer {
    var value: CGFloat {
        get { (self.value(forKey: "value") as? CGFloat) ?? 0 }
        set { setValue(newValue, forKey: "value") }
    }

    /// A change of `value` redraws the layer, and during an animation every frame redraws the
    /// presentation copy at the animated value.
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "value" || super.needsDisplay(forKey: key)
    }

    /// Setting `value` animates implicitly from what is on screen, as built-in properties do.
    override func action(forKey event: String) -> CAAction? {
        guard event == "value" else { return super.action(forKey: event) }
        let animation = CABasicAnimation(keyPath: "value")
        animation.fromValue = presentation()?.value ?? value
        animation.duration = 0.8
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        return animation
    }

    /// Draws in the layer's own coordinates: origin top-left, y down (as `UIView.draw(_:)`).
    override func draw(in ctx: CGContext) {
        let center = CGPoint(x: bounds.midX, y: bounds.height * 0.62)
        let radius = min(bounds.width / 2, bounds.height * 0.62) - 16
        let start = CGFloat.pi * 0.8, sweep = CGFloat.pi * 1.4      // from lower left, over the top
        let v = min(max(value, 0), 1)

        ctx.setLineWidth(14)
        ctx.setLineCap(.round)
        ctx.setStrokeColor(CGColor(gray: 1, alpha: 0.12))
        ctx.addArc(center: center, radius: radius, startAngle: start, endAngle: start + sweep, clockwise: false)
        ctx.strokePath()
        // The filled part, green to red with the value.
        ctx.setStrokeColor(CGColor(red: 0.3 + 0.6 * v, green: 0.8 - 0.5 * v, blue: 0.4, alpha: 1))
        ctx.addArc(center: center, radius: radius, startAngle: start, endAngle: start + sweep * max(v, 0.001), clockwise: false)
        ctx.strokePath()

        // Ticks every tenth.
        ctx.setLineWidth(2)
        ctx.setStrokeColor(CGColor(gray: 1, alpha: 0.5))
        for i in 0...10 {
            let a = start + sweep * CGFloat(i) / 10
            ctx.move(to: CGPoint(x: center.x + cos(a) * (radius - 16), y: center.y + sin(a) * (radius - 16)))
            ctx.addLine(to: CGPoint(x: center.x + cos(a) * (radius - 26), y: center.y + sin(a) * (radius - 26)))
        }
        ctx.strokePath()

        // The needle: a triangle turned to the value, and its hub.
        let a = start + sweep * v
        ctx.saveGState()
        ctx.translateBy(x: center.x, y: center.y)
        ctx.rotate(by: a)
        ctx.move(to: CGPoint(x: radius - 30, y: 0))
        ctx.addLine(to: CGPoint(x: -12, y: -5))
        ctx.addLine(to: CGPoint(x: -12, y: 5))
        ctx.closePath()
        ctx.setFillColor(CGColor(red: 0.95, green: 0.85, blue: 0.4, alpha: 1))
        ctx.fillPath()
        ctx.restoreGState()
        ctx.setFillColor(CGColor(gray: 0.9, alpha: 1))
        ctx.fillEllipse(in: CGRect(x: center.x - 9, y: center.y - 9, width: 18, height: 18))
    }
}

let size = CGSize(width: 360, height: 300)

func makeScene() -> (root: CALayer, gauge: GaugeLayer) {
    let root = CALayer()
    root.frame = CGRect(origin: .zero, size: size)
    root.backgroundColor = CGColor(red: 0.10, green: 0.11, blue: 0.14, alpha: 1)
    let gauge = GaugeLayer()
    gauge.frame = CGRect(x: 30, y: 20, width: 300, height: 260)
    gauge.cornerRadius = 24
    gauge.backgroundColor = CGColor(red: 0.16, green: 0.17, blue: 0.22, alpha: 1)
    gauge.value = 0.25
    gauge.setNeedsDisplay()
    root.addSublayer(gauge)
    return (root, gauge)
}

let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "--png" {
    // Headless: an explicit animation 0.1 → 0.9 over 1 s, drawn at t = 0.5 s.
    let image = CAMediaClock.withManualClock(startingAt: 0) { clock in
        let (root, gauge) = makeScene()
        let sweep = CABasicAnimation(keyPath: "value")
        sweep.fromValue = 0.1
        sweep.toValue = 0.9
        sweep.duration = 1
        gauge.add(sweep, forKey: "sweep")
        CATransaction.flush()
        let renderer = CARenderer(width: Int(size.width), height: Int(size.height))
        renderer.layer = root
        clock.set(0.5)
        // A custom property's frame is drawn on this thread, then committed (a window does
        // this every frame by itself).
        CALayer.displayAnimatedProperties(in: root)
        CATransaction.flush()
        renderer.beginFrame(atTime: 0.5)
        renderer.render()
        renderer.endFrame()
        return renderer.makeImage()
    }
    try image.writePNG(to: URL(fileURLWithPath: arguments[2]))
    print("wrote \(arguments[2])")
} else {
    let (root, gauge) = makeScene()
    let window = try LayerWindow(title: "Strata · CustomDrawing", size: size, root: root)
    window.onTap = { tap in
        // The value from where the click is, left (0) to right (1).
        gauge.value = min(max((tap.location.x - gauge.frame.minX) / gauge.frame.width, 0), 1)
    }
    window.onKey = { key in
        if let c = key.character, let digit = c.wholeNumberValue { gauge.value = CGFloat(digit) / 9 }
    }
    window.run()
}
