import QuartzCore

extension GalleryCatalog {
    /// The gallery's `CAShapeLayer` exhibits: a progress ring (`strokeEnd`), marching ants
    /// (`lineDashPhase`) and a morphing path (`path`).
    static var shapeItems: [GalleryItem] {
        [
            GalleryItem(name: "progress ring") { size in ShapeExhibits.progressRing(size) },
            GalleryItem(name: "marching ants") { size in ShapeExhibits.marchingAnts(size) },
            GalleryItem(name: "morphing path") { size in ShapeExhibits.morphingPath(size) },
        ]
    }
}

/// The shape exhibits' layer trees (each animates by itself, forever).
enum ShapeExhibits {
    static let accent = CGColor(red: 0.20, green: 0.62, blue: 0.98, alpha: 1)
    static let track = CGColor(red: 1, green: 1, blue: 1, alpha: 0.15)

    /// A layer filling a cell of `size`.
    static func cell(_ size: CGSize, _ layer: CALayer = CALayer()) -> CALayer {
        layer.bounds = CGRect(origin: .zero, size: size)
        layer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        return layer
    }

    /// A ring of `lineWidth` on a circle inside the cell, starting at the top, clockwise on screen.
    static func ringPath(_ size: CGSize, inset: CGFloat) -> CGPath {
        let r = max(1, min(size.width, size.height) / 2 - inset)
        let p = CGMutablePath()
        p.addArc(center: CGPoint(x: size.width / 2, y: size.height / 2), radius: r,
                 startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: false)
        return p
    }

    /// A grey track and a blue ring over it whose `strokeEnd` runs 0 → 1 every 2 s.
    static func progressRing(_ size: CGSize) -> CALayer {
        let root = cell(size)
        for (color, animated) in [(track, false), (accent, true)] {
            let ring = cell(size, CAShapeLayer()) as! CAShapeLayer
            ring.path = ringPath(size, inset: 14)
            ring.fillColor = nil
            ring.strokeColor = color
            ring.lineWidth = 10
            ring.lineCap = .round
            if animated {
                ring.name = "progress"
                let grow = CABasicAnimation(keyPath: "strokeEnd")
                grow.fromValue = 0.0
                grow.toValue = 1.0
                grow.duration = 2
                grow.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
                grow.repeatCount = .infinity
                ring.add(grow, forKey: "progress")
            }
            root.addSublayer(ring)
        }
        return root
    }

    /// A dashed rounded rectangle whose dashes march round it (`lineDashPhase` over one pattern
    /// length, 0.4 s, forever).
    static func marchingAnts(_ size: CGSize) -> CALayer {
        let ants = cell(size, CAShapeLayer()) as! CAShapeLayer
        let box = CGRect(origin: .zero, size: size).insetBy(dx: 16, dy: 16)
        ants.path = CGPath(roundedRect: box, cornerWidth: 10, cornerHeight: 10, transform: nil)
        ants.fillColor = CGColor(red: 0.20, green: 0.62, blue: 0.98, alpha: 0.15)
        ants.strokeColor = CGColor(gray: 1, alpha: 1)
        ants.lineWidth = 2
        ants.lineDashPattern = [6, 4]
        let march = CABasicAnimation(keyPath: "lineDashPhase")
        march.fromValue = 0.0
        march.toValue = -10.0
        march.duration = 0.4
        march.repeatCount = .infinity
        ants.add(march, forKey: "march")
        return ants
    }

    /// A path of `count` points alternating between radius `r0` and `r1` around the cell's centre.
    static func starPath(_ size: CGSize, points count: Int, r0: CGFloat, r1: CGFloat) -> CGPath {
        let p = CGMutablePath()
        let c = CGPoint(x: size.width / 2, y: size.height / 2)
        for j in 0..<(2 * count) {
            let phi = -CGFloat.pi / 2 + CGFloat(j) * .pi / CGFloat(count)
            let r = j % 2 == 0 ? r0 : r1
            let v = CGPoint(x: c.x + r * cos(phi), y: c.y + r * sin(phi))
            if j == 0 { p.move(to: v) } else { p.addLine(to: v) }
        }
        p.closeSubpath()
        return p
    }

    /// A five-pointed star that morphs into a pentagon-like decagon and back (same elements:
    /// the path interpolates point by point), 1.2 s each way, forever.
    static func morphingPath(_ size: CGSize) -> CALayer {
        let shape = cell(size, CAShapeLayer()) as! CAShapeLayer
        let r = min(size.width, size.height) / 2 - 12
        let star = starPath(size, points: 5, r0: r, r1: r * 0.4)
        let round = starPath(size, points: 5, r0: r * 0.85, r1: r * 0.85)
        shape.path = star
        shape.fillColor = CGColor(red: 0.98, green: 0.72, blue: 0.20, alpha: 1)
        shape.strokeColor = CGColor(red: 0.55, green: 0.30, blue: 0.05, alpha: 1)
        shape.lineWidth = 3
        shape.lineJoin = .round
        let morph = CABasicAnimation(keyPath: "path")
        morph.fromValue = star
        morph.toValue = round
        morph.duration = 1.2
        morph.autoreverses = true
        morph.repeatCount = .infinity
        morph.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        shape.add(morph, forKey: "morph")
        return shape
    }
}
