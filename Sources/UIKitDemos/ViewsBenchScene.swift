import StrataDemos
import UIKit

/// BENCHMARK.md's translucent-squares scene built as an iOS programmer would: `count` translucent
/// rounded `UIView`s in a (headless) visible window, each sent around the ellipse by
/// `UIView.animateKeyframes(… options: [.repeat, .calculationModeLinear])` and turned by
/// `UIView.animate(… options: [.repeat, .curveLinear])`. `strata bench --variant views` runs it
/// beside the layer variant (`2d`): the seed's "50 translucent views at 60 frames per second".
@MainActor
public enum ViewsBenchScene {
    /// The windows of the scenes made so far (a window shows while it exists).
    private static var windows: [UIWindow] = []
    /// Keyframes per lap of the ellipse (the layer scene has 360; a view block adds one
    /// keyframe animation per lap either way).
    public static let keyframesPerLap = 36

    /// The scene's root layer (the window's): `count` views animating from time 0.
    public static func make(count n: Int) -> CALayer {
        let window = UIWindow(frame: CGRect(origin: .zero, size: BenchmarkScene.canvasSize))
        window.backgroundColor = UIColor(cgColor: BenchmarkScene.backgroundColor)
        window.makeKeyAndVisible()
        windows.append(window)
        for i in 0..<max(n, 0) {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 128, height: 128))
            view.backgroundColor = UIColor(cgColor: BenchmarkScene.color(index: i, count: n))
            view.alpha = 0.5
            view.layer.cornerRadius = 16
            view.center = BenchmarkScene.position(index: i, count: n, time: 0)
            view.transform = CGAffineTransform(rotationAngle: BenchmarkScene.rotation(index: i, count: n, time: 0, variant: .twoD))
            window.addSubview(view)
            sendAroundTheEllipse(view, index: i, count: n)
            turn(view, index: i, count: n)
        }
        return window.layer
    }

    private static func sendAroundTheEllipse(_ view: UIView, index i: Int, count n: Int) {
        let lap = BenchmarkScene.lapDuration(index: i)
        let steps = keyframesPerLap
        UIView.animateKeyframes(withDuration: lap, delay: 0, options: [.repeat, .calculationModeLinear]) {
            for j in 1...steps {
                UIView.addKeyframe(withRelativeStartTime: Double(j - 1) / Double(steps), relativeDuration: 1 / Double(steps)) {
                    view.center = BenchmarkScene.position(index: i, count: n, time: lap * Double(j) / Double(steps))
                }
            }
        }
    }

    /// Quarter turns, repeated: a square turned by π/2 looks as it started, so `.repeat` is seamless.
    private static func turn(_ view: UIView, index i: Int, count n: Int) {
        let start = BenchmarkScene.rotation(index: i, count: n, time: 0, variant: .twoD)
        let quarter = BenchmarkScene.turnDuration(index: i, variant: .twoD) / 4
        UIView.animate(withDuration: quarter, delay: 0, options: [.repeat, .curveLinear]) {
            view.transform = CGAffineTransform(rotationAngle: start + .pi / 2)
        }
    }
}
