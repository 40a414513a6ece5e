import Foundation
import QuartzCore
import StrataApp

/// The benchmark's plot, drawn with Strata itself: frames per second against layer count, one
/// line per variant and thread count, on log–log axes.
enum BenchPlot {
    struct Series { var label: String; var color: CGColor; var points: [(layers: Int, fps: Double)] }

    static func write(_ series: [Series], to path: String) throws {
        let size = CGSize(width: 1060, height: 600)
        let plot = CGRect(x: 90, y: 40, width: 620, height: 480)
        let all = series.flatMap(\.points)
        guard !all.isEmpty else { return }
        let xs = all.map { log10(Double($0.layers)) }, ys = all.map { log10(max($0.fps, 0.1)) }
        let x0 = (xs.min()! - 0.1), x1 = (xs.max()! + 0.1)
        let y0 = floor(ys.min()! - 0.05), y1 = ceil(ys.max()! + 0.05)
        func map(_ layers: Int, _ fps: Double) -> CGPoint {
            let u = (log10(Double(layers)) - x0) / max(x1 - x0, 1e-9)
            let v = (log10(max(fps, 0.1)) - y0) / max(y1 - y0, 1e-9)
            return CGPoint(x: plot.minX + u * plot.width, y: plot.maxY - v * plot.height)
        }
        let root = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let frame = CALayer()
        frame.frame = plot
        frame.borderWidth = 1
        frame.borderColor = CGColor(gray: 0.3, alpha: 1)
        root.addSublayer(frame)
        // Grid and labels: powers of ten of fps, the measured layer counts.
        var decade = y0
        while decade <= y1 {
            let y = map(10, pow(10, decade)).y
            root.addSublayer(line(from: CGPoint(x: plot.minX, y: y), to: CGPoint(x: plot.maxX, y: y), width: 1, color: CGColor(gray: 0.85, alpha: 1)))
            root.addSublayer(label(String(format: "%.0f", pow(10, decade)), at: CGPoint(x: plot.minX - 70, y: y - 10)))
            decade += 1
        }
        for n in Set(all.map(\.layers)).sorted() {
            let x = map(n, 1).x
            root.addSublayer(line(from: CGPoint(x: x, y: plot.minY), to: CGPoint(x: x, y: plot.maxY), width: 1, color: CGColor(gray: 0.85, alpha: 1)))
            root.addSublayer(label("\(n)", at: CGPoint(x: x - 12, y: plot.maxY + 8)))
        }
        root.addSublayer(label("LAYERS", at: CGPoint(x: plot.midX - 30, y: plot.maxY + 36)))
        root.addSublayer(label("FPS", at: CGPoint(x: 20, y: plot.minY - 30)))
        for (k, s) in series.enumerated() {
            let pts = s.points.sorted { $0.layers < $1.layers }.map { map($0.layers, $0.fps) }
            for (a, b) in zip(pts, pts.dropFirst()) { root.addSublayer(line(from: a, to: b, width: 3, color: s.color)) }
            for p in pts {
                let dot = CALayer()
                dot.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
                dot.position = p
                dot.cornerRadius = 5
                dot.backgroundColor = s.color
                root.addSublayer(dot)
            }
            let swatch = CALayer()
            swatch.frame = CGRect(x: plot.maxX + 20, y: plot.minY + CGFloat(k) * 28 + 6, width: 18, height: 12)
            swatch.backgroundColor = s.color
            root.addSublayer(swatch)
            root.addSublayer(label(s.label, at: CGPoint(x: plot.maxX + 44, y: plot.minY + CGFloat(k) * 28)))
        }
        CATransaction.commit()
        let renderer = CARenderer(width: Int(size.width), height: Int(size.height))
        renderer.layer = root
        CATransaction.flush()
        renderer.beginFrame(atTime: 0); renderer.render(); renderer.endFrame()
        try renderer.makeImage().writePNG(to: URL(fileURLWithPath: path))
    }

    /// A straight segment as a thin rotated layer.
    private static func line(from a: CGPoint, to b: CGPoint, width: CGFloat, color: CGColor) -> CALayer {
        let l = CALayer()
        let dx = b.x - a.x, dy = b.y - a.y
        l.bounds = CGRect(x: 0, y: 0, width: (dx * dx + dy * dy).squareRoot(), height: width)
        l.position = CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        l.transform = CATransform3DMakeRotation(atan2(dy, dx), 0, 0, 1)
        l.backgroundColor = color
        return l
    }

    private static func label(_ text: String, at p: CGPoint) -> CALayer {
        let image = BitmapFont.image([text], scale: 2)
        let l = CALayer()
        l.frame = CGRect(x: p.x, y: p.y, width: CGFloat(image.width), height: CGFloat(image.height))
        l.contents = image
        return l
    }

    static let palette: [CGColor] = [
        CGColor(red: 0.85, green: 0.25, blue: 0.2, alpha: 1), CGColor(red: 0.2, green: 0.45, blue: 0.85, alpha: 1),
        CGColor(red: 0.2, green: 0.65, blue: 0.3, alpha: 1), CGColor(red: 0.9, green: 0.6, blue: 0.1, alpha: 1),
        CGColor(red: 0.55, green: 0.3, blue: 0.75, alpha: 1), CGColor(red: 0.3, green: 0.3, blue: 0.3, alpha: 1),
    ]
}
