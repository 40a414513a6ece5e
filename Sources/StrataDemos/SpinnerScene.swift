import Foundation
import QuartzCore
import Raster

/// The `spinner` benchmark scene: a still 1920 × 1080 interface of 200 layers (mixed colours,
/// sizes, corner radii and opacities, no text) and one 64 × 64 square turning once a second in
/// the middle, as a real interface waits on a spinner. It measures what damage tracking saves:
/// each frame only the spinner's rectangle changes.
///
/// Strata extension (benchmark code).
public enum SpinnerScene {
    /// The canvas, 1920 × 1080 points (= pixels).
    public static let canvasSize = CGSize(width: 1920, height: 1080)
    /// The still layers.
    public static let stillLayerCount = 200
    /// The spinner's side, in points.
    public static let spinnerSide: CGFloat = 64
    /// One turn of the spinner, in seconds.
    public static let turnDuration: CFTimeInterval = 1

    /// The spinner's centre on a canvas of `size`: the middle.
    public static func spinnerCenter(_ size: CGSize = canvasSize) -> CGPoint { CGPoint(x: size.width / 2, y: size.height / 2) }

    /// The animated scene on a canvas of `size` (the still layers spread over it; the spinner
    /// turns from when it is committed).
    public static func make(size: CGSize = canvasSize) -> CALayer {
        SceneParts.withoutActions {
            let (root, spinner) = makeLayers(size)
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.fromValue = NSNumber(value: 0.0)
            turn.toValue = NSNumber(value: 2 * Double.pi)
            turn.duration = turnDuration
            turn.repeatCount = .infinity
            spinner.add(turn, forKey: "turn")
            return root
        }
    }

    /// The scene at scene time `t` with model values and no animation.
    public static func makeStatic(size: CGSize = canvasSize, time t: CFTimeInterval) -> CALayer {
        SceneParts.withoutActions {
            let (root, spinner) = makeLayers(size)
            spinner.transform = CATransform3DMakeRotation(CGFloat(2 * .pi * t / turnDuration), 0, 0, 1)
            return root
        }
    }

    private static func makeLayers(_ canvasSize: CGSize) -> (root: CALayer, spinner: CALayer) {
        let root = SceneParts.root(canvasSize, color: SceneParts.color(0xF2, 0xF2, 0xF5))
        var g = SplitMix64(seed: 200)
        for i in 0..<stillLayerCount {
            let l = CALayer()
            let w = 40 + 200 * g.unit(), h = 24 + 140 * g.unit()
            l.bounds = CGRect(x: 0, y: 0, width: w.rounded(), height: h.rounded())
            l.position = CGPoint(x: (canvasSize.width * g.unit()).rounded(), y: (canvasSize.height * g.unit()).rounded())
            let (r, gr, b) = HSB.rgb(hue: Double(i) / Double(stillLayerCount), saturation: 0.25 + 0.5 * g.unit(), brightness: 0.7 + 0.3 * g.unit())
            l.backgroundColor = CGColor(red: r, green: gr, blue: b, alpha: i % 3 == 0 ? 0.75 : 1)
            l.cornerRadius = i % 2 == 0 ? CGFloat(4 + (i % 5) * 3) : 0
            if i % 7 == 0 { l.borderWidth = 2; l.borderColor = CGColor(gray: 0.2, alpha: 1) }
            root.addSublayer(l)
        }
        let spinner = CALayer()
        spinner.bounds = CGRect(x: 0, y: 0, width: spinnerSide, height: spinnerSide)
        spinner.position = spinnerCenter(canvasSize)
        spinner.cornerRadius = 12
        spinner.backgroundColor = CGColor(red: 0.1, green: 0.45, blue: 0.95, alpha: 1)
        root.addSublayer(spinner)
        return (root, spinner)
    }
}
