import QuartzCore

extension GalleryCatalog {
    /// The gallery's `CAGradientLayer` exhibits: a shimmer (`locations`), a radial and a conic
    /// gradient.
    static var gradientItems: [GalleryItem] {
        [
            GalleryItem(name: "shimmer") { size in GradientExhibits.shimmer(size) },
            GalleryItem(name: "radial gradient") { size in GradientExhibits.radial(size) },
            GalleryItem(name: "conic gradient") { size in GradientExhibits.conic(size) },
        ]
    }
}

/// The gradient exhibits' layer trees (each animates by itself, forever).
enum GradientExhibits {
    /// A rounded bar with a light band sweeping across it: `locations` from left of the bar to
    /// right of it, 1.5 s, forever.
    static func shimmer(_ size: CGSize) -> CALayer {
        let root = ShapeExhibits.cell(size)
        let bar = CAGradientLayer()
        bar.bounds = CGRect(x: 0, y: 0, width: size.width - 24, height: min(48, size.height / 3))
        bar.position = CGPoint(x: size.width / 2, y: size.height / 2)
        bar.cornerRadius = bar.bounds.height / 2
        let dim = CGColor(gray: 0.35, alpha: 1), bright = CGColor(gray: 0.85, alpha: 1)
        bar.colors = [dim, bright, dim]
        bar.startPoint = CGPoint(x: 0, y: 0.5)
        bar.endPoint = CGPoint(x: 1, y: 0.5)
        bar.locations = [-0.3, -0.15, 0]
        let sweep = CABasicAnimation(keyPath: "locations")
        sweep.fromValue = [-0.3, -0.15, 0.0].map { NSNumber(value: $0) }
        sweep.toValue = [1.0, 1.15, 1.3].map { NSNumber(value: $0) }
        sweep.duration = 1.5
        sweep.repeatCount = .infinity
        bar.add(sweep, forKey: "shimmer")
        root.addSublayer(bar)
        return root
    }

    /// A glow: a radial gradient centred on a start point that wanders, white to blue to clear.
    static func radial(_ size: CGSize) -> CALayer {
        let glow = ShapeExhibits.cell(size, CAGradientLayer()) as! CAGradientLayer
        glow.type = .radial
        glow.colors = [CGColor(gray: 1, alpha: 1), CGColor(red: 0.2, green: 0.5, blue: 1, alpha: 1),
                       CGColor(red: 0.1, green: 0.1, blue: 0.4, alpha: 0)]
        glow.locations = [0, 0.4, 1]
        glow.startPoint = CGPoint(x: 0.5, y: 0.5)
        glow.endPoint = CGPoint(x: 1, y: 1)
        let wander = CABasicAnimation(keyPath: "startPoint")
        wander.fromValue = CGPoint(x: 0.35, y: 0.4)
        wander.toValue = CGPoint(x: 0.65, y: 0.6)
        wander.duration = 1.5
        wander.autoreverses = true
        wander.repeatCount = .infinity
        glow.add(wander, forKey: "wander")
        return glow
    }

    /// A colour wheel in a circle whose zero direction (`endPoint`) turns once every 3 s.
    static func conic(_ size: CGSize) -> CALayer {
        // In a cell of its own: the gallery sizes what an exhibit returns to the whole cell,
        // which made the wheel's own bounds a rounded rectangle over the label.
        let root = ShapeExhibits.cell(size)
        let side = min(size.width, size.height) - 16
        let wheel = CAGradientLayer()
        wheel.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        wheel.position = CGPoint(x: size.width / 2, y: size.height / 2)
        wheel.cornerRadius = side / 2
        wheel.type = .conic
        wheel.colors = [(1, 0, 0), (1, 1, 0), (0, 1, 0), (0, 1, 1), (0, 0, 1), (1, 0, 1), (1, 0, 0)]
            .map { CGColor(red: $0.0, green: $0.1, blue: $0.2, alpha: 1) }
        wheel.startPoint = CGPoint(x: 0.5, y: 0.5)
        wheel.endPoint = CGPoint(x: 1, y: 0.5)
        let turn = CAKeyframeAnimation(keyPath: "endPoint")
        turn.values = (0...36).map { k -> Any in
            let a = 2 * Double.pi * Double(k) / 36
            return NSValue(point: CGPoint(x: 0.5 + 0.5 * cos(a), y: 0.5 + 0.5 * sin(a)))
        }
        turn.duration = 3
        turn.repeatCount = .infinity
        wheel.add(turn, forKey: "turn")
        root.addSublayer(wheel)
        return root
    }
}
