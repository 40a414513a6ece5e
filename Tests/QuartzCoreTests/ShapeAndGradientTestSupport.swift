import Foundation
@testable import QuartzCore

/// Small scenes for the CAShapeLayer and CAGradientLayer tests: a white root of w × h with
/// special layers filling it (their bounds = the root's, so layer units are device pixels).
enum KindScene {
    static let white = CGColor(gray: 1, alpha: 1)
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)

    /// Runs `body` with implicit actions disabled, then commits.
    static func build<T>(_ body: () -> T) -> T {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        return body()
    }

    /// A white root of w × h holding `layer`, which gets the root's bounds unless it has some.
    static func root(_ w: Int, _ h: Int, holding layers: CALayer..., background: CGColor? = white) -> CALayer {
        build {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            root.position = CGPoint(x: Double(w) / 2, y: Double(h) / 2)
            root.backgroundColor = background
            for l in layers {
                if l.bounds.isEmpty {
                    l.bounds = root.bounds
                    l.position = root.position
                }
                root.addSublayer(l)
            }
            return root
        }
    }

    /// A shape layer drawing `path` filled `fill`, stroked `stroke` of `width`.
    static func shape(_ path: CGPath?, fill: CGColor? = red, stroke: CGColor? = nil, width: CGFloat = 1,
                      configure: (CAShapeLayer) -> Void = { _ in }) -> CAShapeLayer {
        build {
            let s = CAShapeLayer()
            s.path = path
            s.fillColor = fill
            s.strokeColor = stroke
            s.lineWidth = width
            configure(s)
            return s
        }
    }

    /// A horizontal line from (x0, y) to (x1, y).
    static func line(_ x0: CGFloat, _ x1: CGFloat, y: CGFloat) -> CGPath {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: x0, y: y)); p.addLine(to: CGPoint(x: x1, y: y))
        return p
    }

    /// A gradient layer of `colors` (the other properties set by `configure`).
    static func gradient(_ colors: [Any]?, configure: (CAGradientLayer) -> Void = { _ in }) -> CAGradientLayer {
        build {
            let g = CAGradientLayer()
            g.colors = colors
            configure(g)
            return g
        }
    }

    /// 0xAARRGGBB of an opaque colour mix: `a` weighted 1 − t, `b` weighted t, in 0…255 units.
    static func mix(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ t: Double) -> UInt32 {
        func c(_ x: Double, _ y: Double) -> UInt32 { UInt32(((x + (y - x) * t) * 255).rounded()) }
        return 0xFF00_0000 | c(a.0, b.0) << 16 | c(a.1, b.1) << 8 | c(a.2, b.2)
    }
}
