import Foundation
import Testing
@testable import CoreGraphics

/// One golden per CGContext feature, checked by eye when written (Goldens/context-*.png).
/// Tolerance: every channel within 2 (the scenes are deterministic; this absorbs rounding
/// changes in the rasteriser's kernels, not different geometry).
@Suite struct ContextGoldenTests {
    static let blue = CGColor(red: 0.1, green: 0.3, blue: 0.8, alpha: 1)
    static let orange = CGColor(red: 0.95, green: 0.6, blue: 0.2, alpha: 1)
    static let green = CGColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 1)

    func scene(_ draw: (CGContext) -> Void) -> CGContext {
        let context = ContextTest.make(96, 96, background: CGColor(gray: 1, alpha: 1))
        draw(context)
        return context
    }

    @Test func capsAndJoins() {
        let context = scene { c in
            c.setStrokeColor(Self.blue)
            c.setLineWidth(10)
            for (i, cap) in [CGLineCap.butt, .square, .round].enumerated() {
                c.setLineCap(cap)
                c.strokeLineSegments(between: [CGPoint(x: 14, y: 84 - 14 * i), CGPoint(x: 40, y: 84 - 14 * i)])
            }
            for (i, join) in [CGLineJoin.miter, .round, .bevel].enumerated() {
                c.setLineJoin(join)
                let x = CGFloat(56 + 0 * i), y = CGFloat(80 - 26 * i)
                c.move(to: CGPoint(x: x, y: y - 14))
                c.addLine(to: CGPoint(x: x + 12, y: y))
                c.addLine(to: CGPoint(x: x + 24, y: y - 14))
                c.strokePath()
            }
            c.setLineJoin(.miter)
            c.setMiterLimit(2)   // the sharp corner bevels
            c.move(to: CGPoint(x: 10, y: 10))
            c.addLine(to: CGPoint(x: 30, y: 30))
            c.addLine(to: CGPoint(x: 36, y: 8))
            c.strokePath()
        }
        ContextTest.checkGolden(context, "context-caps-joins")
    }

    @Test func dashes() {
        let context = scene { c in
            c.setStrokeColor(Self.blue)
            c.setLineWidth(4)
            for (i, phase) in [0, 3, 6].enumerated() {
                c.setLineDash(phase: CGFloat(phase), lengths: [8, 4])
                c.strokeLineSegments(between: [CGPoint(x: 8, y: 88 - 8 * i), CGPoint(x: 88, y: 88 - 8 * i)])
            }
            c.setLineCap(.round)
            c.setLineDash(phase: 0, lengths: [0, 8])
            c.strokeEllipse(in: CGRect(x: 12, y: 8, width: 48, height: 48))
            c.setLineCap(.butt)
            c.setLineDash(phase: 2, lengths: [10, 3, 2, 3])
            c.setStrokeColor(Self.orange)
            c.addRect(CGRect(x: 66, y: 10, width: 22, height: 44))
            c.strokePath()
        }
        ContextTest.checkGolden(context, "context-dashes")
    }

    @Test func arcs() {
        let context = scene { c in
            c.setStrokeColor(Self.blue)
            c.setLineWidth(4)
            c.addArc(center: CGPoint(x: 24, y: 72), radius: 16, startAngle: 0, endAngle: .pi * 0.75, clockwise: false)
            c.strokePath()
            c.addArc(center: CGPoint(x: 72, y: 72), radius: 16, startAngle: 0, endAngle: .pi * 0.75, clockwise: true)
            c.strokePath()
            c.setFillColor(Self.orange)
            c.move(to: CGPoint(x: 24, y: 24))
            c.addArc(center: CGPoint(x: 24, y: 24), radius: 18, startAngle: .pi / 6, endAngle: -.pi / 6, clockwise: false)
            c.closePath()
            c.fillPath()
            c.move(to: CGPoint(x: 56, y: 8))
            c.addArc(tangent1End: CGPoint(x: 88, y: 8), tangent2End: CGPoint(x: 88, y: 40), radius: 14)
            c.addLine(to: CGPoint(x: 88, y: 40))
            c.strokePath()
        }
        ContextTest.checkGolden(context, "context-arcs")
    }

    @Test func fillRules() {
        let context = scene { c in
            c.setFillColor(Self.green)
            for (i, rule) in [CGPathFillRule.winding, .evenOdd].enumerated() {
                let cx = CGFloat(24 + 48 * i), cy: CGFloat = 48
                for k in 0..<5 {
                    let angle = CGFloat.pi / 2 + CGFloat(k) * 4 * .pi / 5
                    let p = CGPoint(x: cx + 22 * cos(angle), y: cy + 22 * sin(angle))
                    if k == 0 { c.move(to: p) } else { c.addLine(to: p) }
                }
                c.closePath()
                c.fillPath(using: rule)
            }
        }
        ContextTest.checkGolden(context, "context-fill-rules")
    }

    @Test func gradients() {
        let gradient = CGGradient(colorsSpace: nil, colors: [Self.blue, Self.orange, Self.green], locations: [0, 0.3, 1])!
        let context = scene { c in
            c.saveGState()
            c.clip(to: CGRect(x: 0, y: 56, width: 96, height: 40))
            c.drawLinearGradient(gradient, start: CGPoint(x: 16, y: 60), end: CGPoint(x: 80, y: 90), options: [])
            c.restoreGState()
            c.saveGState()
            c.clip(to: CGRect(x: 0, y: 0, width: 48, height: 52))
            c.drawRadialGradient(gradient, startCenter: CGPoint(x: 24, y: 26), startRadius: 4,
                                 endCenter: CGPoint(x: 24, y: 26), endRadius: 20, options: [])
            c.restoreGState()
            c.clip(to: CGRect(x: 48, y: 0, width: 48, height: 52))
            c.drawRadialGradient(gradient, startCenter: CGPoint(x: 64, y: 20), startRadius: 2,
                                 endCenter: CGPoint(x: 74, y: 28), endRadius: 18,
                                 options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        ContextTest.checkGolden(context, "context-gradients")
    }

    @Test func clips() {
        let context = scene { c in
            c.saveGState()
            c.addEllipse(in: CGRect(x: 8, y: 40, width: 48, height: 48))
            c.clip()
            c.setFillColor(Self.blue)
            for i in 0..<8 { c.fill(CGRect(x: 0, y: 40 + 6 * i, width: 96, height: 3)) }
            c.restoreGState()
            c.saveGState()
            c.clip(to: [CGRect(x: 8, y: 8, width: 20, height: 20), CGRect(x: 20, y: 20, width: 20, height: 12)])
            c.setFillColor(Self.orange)
            c.fill(CGRect(x: 0, y: 0, width: 96, height: 96))
            c.restoreGState()
            let mask = try! CGImage(width: 4, height: 1, premultipliedBGRA: [0xFFFF_FFFF, 0xFFAA_AAAA, 0xFF55_5555, 0xFF00_0000])
            c.clip(to: CGRect(x: 56, y: 8, width: 32, height: 80), mask: mask)
            c.setFillColor(Self.green)
            c.fill(CGRect(x: 0, y: 0, width: 96, height: 96))
        }
        ContextTest.checkGolden(context, "context-clips")
    }

    @Test func images() {
        var pixels: [UInt32] = []
        for y in 0..<8 { for x in 0..<8 { pixels.append((x + y) % 2 == 0 ? 0xFF1A_4DCC : (y < 4 ? 0xFFF2_9933 : 0x801A_5926)) } }
        let image = try! CGImage(width: 8, height: 8, premultipliedBGRA: pixels)
        let context = scene { c in
            c.interpolationQuality = .none
            c.draw(image, in: CGRect(x: 4, y: 52, width: 40, height: 40))
            c.interpolationQuality = .default
            c.draw(image, in: CGRect(x: 52, y: 52, width: 40, height: 40))
            c.saveGState()
            c.clip(to: CGRect(x: 4, y: 4, width: 40, height: 40))
            c.draw(image, in: CGRect(x: 4, y: 4, width: 12, height: 12), byTiling: true)
            c.restoreGState()
            c.translateBy(x: 70, y: 24)
            c.rotate(by: .pi / 6)
            c.setAlpha(0.8)
            c.draw(image, in: CGRect(x: -14, y: -14, width: 28, height: 28))
        }
        ContextTest.checkGolden(context, "context-images")
    }

    @Test func blendModes() {
        let modes: [CGBlendMode] = [.normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn,
                                    .softLight, .hardLight, .difference, .exclusion, .hue, .saturation, .color, .luminosity,
                                    .clear, .copy, .sourceIn, .sourceOut, .sourceAtop, .destinationOver, .destinationIn,
                                    .destinationOut, .destinationAtop, .xor, .plusDarker, .plusLighter]
        let context = scene { c in
            for (i, mode) in modes.enumerated() {
                let x = CGFloat(4 + (i % 7) * 13), y = CGFloat(70 - (i / 7) * 22)
                c.setBlendMode(.normal)
                c.setFillColor(Self.blue)
                c.fill(CGRect(x: x, y: y + 4, width: 10, height: 14))
                c.setBlendMode(mode)
                c.setFillColor(CGColor(red: 0.95, green: 0.6, blue: 0.2, alpha: 0.75))
                c.fillEllipse(in: CGRect(x: x + 2, y: y, width: 10, height: 12))
            }
        }
        ContextTest.checkGolden(context, "context-blend-modes")
    }

    @Test func shadows() {
        let context = scene { c in
            c.setShadow(offset: CGSize(width: 4, height: -4), blur: 6, color: CGColor(gray: 0, alpha: 0.6))
            c.setFillColor(Self.orange)
            c.fill(CGRect(x: 10, y: 52, width: 30, height: 30))
            c.setShadow(offset: CGSize(width: -3, height: -6), blur: 2, color: CGColor(red: 0.1, green: 0.3, blue: 0.8, alpha: 1))
            c.setStrokeColor(Self.green)
            c.setLineWidth(5)
            c.strokeEllipse(in: CGRect(x: 54, y: 54, width: 30, height: 30))
            c.setShadow(offset: CGSize(width: 6, height: 6), blur: 10)
            c.setFillColor(Self.blue)
            c.fillEllipse(in: CGRect(x: 20, y: 10, width: 50, height: 26))
        }
        ContextTest.checkGolden(context, "context-shadows")
    }

    @Test func transforms() {
        let context = scene { c in
            for i in 0..<6 {
                c.saveGState()
                c.translateBy(x: 48, y: 48)
                c.rotate(by: CGFloat(i) * .pi / 6)
                c.scaleBy(x: 1 + CGFloat(i) * 0.1, y: 1)
                c.setFillColor(CGColor(red: 0.1 + 0.15 * CGFloat(i), green: 0.3, blue: 0.8 - 0.1 * CGFloat(i), alpha: 0.7))
                c.fill(CGRect(x: 6, y: -3, width: 30, height: 6))
                c.restoreGState()
            }
            c.concatenate(CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 4, ty: 4))   // a shear
            c.setStrokeColor(Self.green)
            c.setLineWidth(2)
            c.stroke(CGRect(x: 2, y: 2, width: 20, height: 14))
        }
        ContextTest.checkGolden(context, "context-transforms")
    }
}
