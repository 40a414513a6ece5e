import QuartzCore

/// The translucent-layers benchmark scene of `BENCHMARK.md`: N rounded 128 × 128 squares at
/// 50 % opacity circling an ellipse on a 1024 × 768 canvas, moved by the engine's own
/// animations (a `CAKeyframeAnimation` on `position`, a `CABasicAnimation` on the rotation).
///
/// Strata extension (benchmark code).
public enum BenchmarkScene {
    /// The three variants of the benchmark.
    public enum Variant: String, CaseIterable, Sendable {
        /// Rotation about Z, solid colours.
        case twoD = "2d"
        /// In a container with `sublayerTransform.m34 = −1/500`, rotation about Y.
        case threeD = "3d"
        /// As `twoD`, each layer also showing the 128 × 128 tile as its contents.
        case image
    }

    /// The canvas, 1024 × 768 points (= pixels).
    public static let canvasSize = CGSize(width: 1024, height: 768)
    /// The ellipse's centre and radii.
    public static let center = CGPoint(x: 512, y: 384)
    /// Horizontal and vertical radius of the ellipse the layers follow.
    public static let radii = CGSize(width: 400, height: 280)
    /// Keyframes per lap of the ellipse (the chord error of 360 segments is under 0.02 px).
    public static let keyframesPerLap = 360

    /// The root's opaque background, `#1E1E24`.
    public static var backgroundColor: CGColor { SceneParts.color(0x1E, 0x1E, 0x24) }

    /// Phase a_i = 2π·i/N.
    public static func phase(index i: Int, count n: Int) -> Double { 2 * .pi * Double(i) / Double(max(n, 1)) }
    /// The period of one lap of the ellipse, 6 + (i mod 7) seconds (ω_i = 2π / period).
    public static func lapDuration(index i: Int) -> CFTimeInterval { CFTimeInterval(6 + i % 7) }
    /// The period of one turn: 4 + (i mod 5) s about Z, or 5 + (i mod 3) s about Y for `threeD`.
    public static func turnDuration(index i: Int, variant: Variant) -> CFTimeInterval {
        variant == .threeD ? CFTimeInterval(5 + i % 3) : CFTimeInterval(4 + i % 5)
    }

    /// Layer i's background: HSV(i/N, 0.65, 0.95), opaque.
    public static func color(index i: Int, count n: Int) -> CGColor {
        let (r, g, b) = HSB.rgb(hue: Double(i) / Double(max(n, 1)), saturation: 0.65, brightness: 0.95)
        return CGColor(red: r, green: g, blue: b, alpha: 1)
    }

    /// Layer i's position at scene time `t`: centre + (400·cos(ω_i·t + a_i), 280·sin(ω_i·t + a_i)).
    public static func position(index i: Int, count n: Int, time t: CFTimeInterval) -> CGPoint {
        let angle = 2 * .pi / lapDuration(index: i) * t + phase(index: i, count: n)
        return CGPoint(x: center.x + radii.width * cos(angle), y: center.y + radii.height * sin(angle))
    }

    /// Layer i's rotation angle at scene time `t`: 2π·t/duration + a_i (the animation's
    /// `timeOffset` a_i/(2π)·duration turns into this phase).
    public static func rotation(index i: Int, count n: Int, time t: CFTimeInterval, variant: Variant) -> Double {
        2 * .pi * t / turnDuration(index: i, variant: variant) + phase(index: i, count: n)
    }

    /// The animated scene. Scene time 0 is media time `beginTime`; 0 means "when committed", as
    /// for any animation. Render scene time t at media time `beginTime + t`.
    public static func make(variant: Variant, layerCount n: Int, beginTime: CFTimeInterval = 0) -> CALayer {
        SceneParts.withoutActions {
            let (root, container) = makeRoot(variant: variant)
            let tile = variant == .image ? tileImage() : nil
            for i in 0..<max(n, 0) {
                let layer = makeLayer(index: i, count: n, tile: tile)
                layer.position = position(index: i, count: n, time: 0)
                layer.add(positionAnimation(index: i, count: n, beginTime: beginTime), forKey: "position")
                layer.add(rotationAnimation(index: i, count: n, variant: variant, beginTime: beginTime), forKey: "rotation")
                container.addSublayer(layer)
            }
            return root
        }
    }

    /// The scene frozen at scene time `t`: the same layers with model values (position and
    /// rotation) and no animations. `translucent-100` is this at t = 0.
    public static func makeStatic(variant: Variant, layerCount n: Int, time t: CFTimeInterval) -> CALayer {
        SceneParts.withoutActions {
            let (root, container) = makeRoot(variant: variant)
            let tile = variant == .image ? tileImage() : nil
            for i in 0..<max(n, 0) {
                let layer = makeLayer(index: i, count: n, tile: tile)
                layer.position = position(index: i, count: n, time: t)
                let angle = CGFloat(rotation(index: i, count: n, time: t, variant: variant))
                layer.transform = variant == .threeD ? CATransform3DMakeRotation(angle, 0, 1, 0)
                                                     : CATransform3DMakeRotation(angle, 0, 0, 1)
                container.addSublayer(layer)
            }
            return root
        }
    }

    /// The keyframe animation of layer i around the ellipse: `keyframesPerLap + 1` points from
    /// angle 0 to 2π, linear, one lap per `lapDuration`, forever, offset by the phase.
    public static func positionAnimation(index i: Int, count n: Int, beginTime: CFTimeInterval) -> CAKeyframeAnimation {
        let k = keyframesPerLap
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.values = (0...k).map { j -> Any in
            let angle = 2 * .pi * Double(j) / Double(k)
            return NSValue(point: CGPoint(x: center.x + radii.width * cos(angle), y: center.y + radii.height * sin(angle)))
        }
        animation.calculationMode = .linear
        animation.duration = lapDuration(index: i)
        animation.repeatCount = .infinity
        animation.timeOffset = phase(index: i, count: n) / (2 * .pi) * animation.duration
        animation.beginTime = beginTime
        return animation
    }

    /// The rotation of layer i: 0 → 2π, linear, forever, offset by the phase.
    public static func rotationAnimation(index i: Int, count n: Int, variant: Variant, beginTime: CFTimeInterval) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: variant == .threeD ? "transform.rotation.y" : "transform.rotation.z")
        animation.fromValue = NSNumber(value: 0.0)
        animation.toValue = NSNumber(value: 2 * Double.pi)
        animation.duration = turnDuration(index: i, variant: variant)
        animation.repeatCount = .infinity
        animation.timeOffset = phase(index: i, count: n) / (2 * .pi) * animation.duration
        animation.beginTime = beginTime
        return animation
    }

    /// The benchmark tile: pixel (x, y) has r = 2x, g = 2y, b = max(0, 255 − x − y), opaque
    /// where (x − 64)² + (y − 64)² ≤ 60², transparent elsewhere (hard edge). 128 × 128.
    public static func tileImage() -> CGImage {
        var pixels = [UInt32](repeating: 0, count: 128 * 128)
        for y in 0..<128 {
            for x in 0..<128 {
                let dx = x - 64, dy = y - 64
                guard dx * dx + dy * dy <= 60 * 60 else { continue }
                let r = UInt32(2 * x), g = UInt32(2 * y), b = UInt32(max(0, 255 - x - y))
                pixels[y * 128 + x] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        // 128 × 128 with a matching count cannot throw.
        return try! CGImage(width: 128, height: 128, premultipliedBGRA: pixels)
    }

    // MARK: Parts

    /// The root, and the layer the squares go into (the root itself, or for `threeD` a container
    /// centred on the canvas with the perspective sublayerTransform).
    static func makeRoot(variant: Variant) -> (CALayer, CALayer) {
        let root = SceneParts.root(canvasSize, color: backgroundColor)
        guard variant == .threeD else { return (root, root) }
        let container = CALayer()
        container.name = "container"
        container.bounds = CGRect(origin: .zero, size: canvasSize)
        container.position = center
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500.0
        container.sublayerTransform = perspective
        root.addSublayer(container)
        return (root, container)
    }

    static func makeLayer(index i: Int, count n: Int, tile: CGImage?) -> CALayer {
        let layer = CALayer()
        layer.name = "layer\(i)"
        layer.bounds = CGRect(x: 0, y: 0, width: 128, height: 128)
        layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        layer.backgroundColor = color(index: i, count: n)
        layer.opacity = 0.5
        layer.cornerRadius = 16
        layer.contents = tile
        return layer
    }
}
