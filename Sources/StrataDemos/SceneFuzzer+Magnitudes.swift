import Foundation
import QuartzCore

// Magnitude sweeps (issue 25): paths, arcs, strokes, clips, gradients and bounds at 1e19…1e300,
// where Double → Int conversions trapped and huge geometry drew nothing. Drawn from a random
// stream of their own, so the scenes of earlier seeds keep every other choice.

extension SceneFuzzer {
    /// The magnitudes swept: just past Int's range, past Float's, and far beyond.
    static let magnitudes: [Double] = [1e19, 1e37, 1e40, 1e100, 1e150, 1e160, 1e300]

    /// A layer of huge geometry for the scene of `seed`, or nil (half the seeds).
    func magnitudeLayer(seed: UInt64) -> CALayer? {
        var g = Builder(rng: FuzzRandom(seed: seed ^ 0x6D61_676E_6974_7564), extra: FuzzRandom(seed: ~seed), size: CGFloat(size))
        guard g.chance(0.5) else { return nil }
        return g.hugeLayer()
    }
}

extension Builder {
    /// ± one of the swept magnitudes.
    mutating func huge() -> CGFloat { CGFloat(pick(SceneFuzzer.magnitudes)) * (chance(0.5) ? 1 : -1) }

    /// A shape, gradient, plain or drawing layer whose path, bounds, clip or gradient is huge.
    mutating func hugeLayer() -> CALayer {
        let m = abs(huge())
        let c = size / 2
        switch int(0...4) {
        case 0:
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: 0, y: 0, width: size, height: size)
            let p = CGMutablePath()
            switch int(0...3) {
            case 0: p.addEllipse(in: CGRect(x: c - m, y: c - m, width: 2 * m, height: 2 * m))
            case 1: p.addArc(center: CGPoint(x: c, y: c), radius: m, startAngle: 0, endAngle: CGFloat(double(0.5...7)), clockwise: chance(0.5))
            case 2: p.move(to: CGPoint(x: -m, y: c)); p.addLine(to: CGPoint(x: m, y: c + 1))
            default:
                p.move(to: CGPoint(x: -m, y: -m))
                p.addCurve(to: CGPoint(x: m, y: size), control1: CGPoint(x: huge(), y: huge()), control2: CGPoint(x: c, y: c))
                p.closeSubpath()
            }
            shape.path = p
            shape.fillColor = color()
            shape.strokeColor = color()
            shape.lineWidth = chance(0.7) ? CGFloat(double(0...6)) : m
            if chance(0.3) { shape.lineDashPattern = [NSNumber(value: 3), NSNumber(value: 2)] }
            return shape
        case 1:
            let gradient = CAGradientLayer()
            gradient.frame = chance(0.5) ? CGRect(x: -m, y: -m, width: 2 * m, height: 2 * m) : CGRect(x: 0, y: 0, width: size, height: size)
            gradient.colors = [color() as Any, color() as Any]
            gradient.type = pick([.axial, .radial, .conic])
            gradient.startPoint = chance(0.5) ? CGPoint(x: 0.5, y: 0.5) : CGPoint(x: huge(), y: huge())
            gradient.endPoint = chance(0.5) ? CGPoint(x: 1, y: 1) : CGPoint(x: huge(), y: 0)
            return gradient
        case 2:
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: m, height: chance(0.5) ? m : size)
            l.position = CGPoint(x: chance(0.5) ? c : huge(), y: c)
            l.backgroundColor = color()
            if chance(0.3) { l.borderWidth = CGFloat(double(0...4)); l.borderColor = color() }
            if chance(0.3) { l.cornerRadius = m / 4 }
            return l
        default:
            let l = MagnitudeDrawingLayer()
            l.frame = CGRect(x: 0, y: 0, width: size, height: size)
            l.magnitude = m
            l.operations = (0..<int(1...4)).map { _ in int(0...7) }
            l.setNeedsDisplay()
            return l
        }
    }
}

/// Draws huge geometry with CGContext calls: clips, fills, strokes, arcs and gradients.
private final class MagnitudeDrawingLayer: CALayer {
    var magnitude: CGFloat = 1e40
    var operations: [Int] = []

    override func draw(in ctx: CGContext) {
        let m = magnitude, c = bounds.midX
        ctx.setFillColor(CGColor(red: 0.1, green: 0.5, blue: 0.9, alpha: 1))
        ctx.setStrokeColor(CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.8))
        for op in operations {
            switch op {
            case 0: ctx.clip(to: CGRect(x: -m / 2, y: 2, width: m, height: m))
            case 1: ctx.fillEllipse(in: CGRect(x: c - m, y: c - m, width: 2 * m, height: 2 * m))
            case 2:
                ctx.addArc(center: CGPoint(x: c, y: c), radius: m, startAngle: 0, endAngle: 1, clockwise: false)
                ctx.strokePath()
            case 3: ctx.strokeLineSegments(between: [CGPoint(x: -m, y: c), CGPoint(x: m, y: c + 2)])
            case 4: ctx.stroke(CGRect(x: 3, y: 3, width: m, height: m), width: 2)
            case 5:
                let g = CGGradient(colorsSpace: nil, colors: [CGColor.black, CGColor.white] as CFArray, locations: nil)!
                ctx.drawRadialGradient(g, startCenter: CGPoint(x: c, y: c), startRadius: 0, endCenter: CGPoint(x: c, y: c),
                                       endRadius: m, options: [.drawsAfterEndLocation])
            case 6:
                let g = CGGradient(colorsSpace: nil, colors: [CGColor.white, CGColor.black] as CFArray, locations: nil)!
                ctx.drawLinearGradient(g, start: CGPoint(x: -m, y: 0), end: CGPoint(x: m, y: 0), options: [])
            default:
                ctx.setLineWidth(m)
                ctx.move(to: CGPoint(x: 0, y: 0)); ctx.addCurve(to: CGPoint(x: m, y: m), control1: CGPoint(x: -m, y: m), control2: CGPoint(x: c, y: c))
                ctx.strokePath()
                ctx.setLineWidth(1)
            }
        }
    }
}
