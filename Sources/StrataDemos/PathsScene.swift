import QuartzCore

/// The `paths` benchmark scene of BENCHMARK.md: N stars and circles filled and stroked (circles
/// dashed) each frame through `CGContext` (immediate mode, like the peers), placed like the `2d`
/// layers.
public enum PathsScene {
    /// The canvas background, #1E1E24.
    public static let background = CGColor(red: 0x1E / 255, green: 0x1E / 255, blue: 0x24 / 255, alpha: 1)
    /// White at alpha 0.6.
    public static let strokeColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.6)

    /// A 10-point star, outer radius 64, inner 26, v0 straight up, clockwise on a y-down screen.
    public static let star: CGPath = {
        let p = CGMutablePath()
        for j in 0..<10 {
            let phi = -Double.pi / 2 + Double(j) * Double.pi / 5, r = j % 2 == 0 ? 64.0 : 26.0
            let v = CGPoint(x: r * cos(phi), y: r * sin(phi))
            if j == 0 { p.move(to: v) } else { p.addLine(to: v) }
        }
        p.closeSubpath()
        return p
    }()

    /// A circle of radius 56 from four cubics, starting at the top, clockwise on a y-down screen.
    public static let circle: CGPath = {
        let k = 56 * 0.5522847498
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: -56))
        p.addCurve(to: CGPoint(x: 56, y: 0), control1: CGPoint(x: k, y: -56), control2: CGPoint(x: 56, y: -k))
        p.addCurve(to: CGPoint(x: 0, y: 56), control1: CGPoint(x: 56, y: k), control2: CGPoint(x: k, y: 56))
        p.addCurve(to: CGPoint(x: -56, y: 0), control1: CGPoint(x: -k, y: 56), control2: CGPoint(x: -56, y: k))
        p.addCurve(to: CGPoint(x: 0, y: -56), control1: CGPoint(x: -56, y: -k), control2: CGPoint(x: -k, y: -56))
        p.closeSubpath()
        return p
    }()

    /// A bitmap context of the canvas size whose user space is the canvas (y down from the top).
    public static func makeContext() -> CGContext? {
        let w = Int(BenchmarkScene.canvasSize.width), h = Int(BenchmarkScene.canvasSize.height)
        guard let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        ctx.translateBy(x: 0, y: CGFloat(h))
        ctx.scaleBy(x: 1, y: -1)
        return ctx
    }

    /// The dash pattern of the circles' strokes, [12 on, 6 off].
    static let dash: [CGFloat] = [12, 6]

    /// Shape i's fill colour: the `2d` colour at alpha 0.5.
    public static func fillColors(count n: Int) -> [CGColor] {
        (0..<n).map { BenchmarkScene.color(index: $0, count: n).copy(alpha: 0.5) ?? background }
    }

    /// Draws frame time `t` of the scene with `n` shapes.
    public static func draw(into ctx: CGContext, count n: Int, time t: CFTimeInterval) {
        draw(into: ctx, time: t, colors: fillColors(count: n))
    }

    /// Draws frame time `t` of the scene with `colors.count` shapes filled with `colors`
    /// (`fillColors`, made once, as an app keeps its colours: the benchmark's frames then
    /// allocate nothing of their own).
    public static func draw(into ctx: CGContext, time t: CFTimeInterval, colors: [CGColor]) {
        let n = colors.count
        ctx.setBlendMode(.copy)
        ctx.setFillColor(background)
        ctx.fill(CGRect(origin: .zero, size: BenchmarkScene.canvasSize))
        ctx.setBlendMode(.normal)
        ctx.setLineWidth(4)
        ctx.setLineJoin(.round)
        ctx.setLineCap(.butt)
        ctx.setStrokeColor(strokeColor)
        for i in 0..<n {
            let c = BenchmarkScene.position(index: i, count: n, time: t)
            let theta = BenchmarkScene.rotation(index: i, count: n, time: t, variant: .twoD)
            let path = i % 4 == 3 ? circle : star
            ctx.saveGState()
            ctx.translateBy(x: c.x, y: c.y)
            ctx.rotate(by: theta)
            ctx.setFillColor(colors[i])
            ctx.addPath(path)
            ctx.fillPath()
            // Circles are dashed [12, 6] from their top point (BENCHMARK.md); gstate restores it.
            if i % 4 == 3 { ctx.setLineDash(phase: 0, lengths: dash) }
            ctx.addPath(path)
            ctx.strokePath()
            ctx.restoreGState()
        }
    }
}
