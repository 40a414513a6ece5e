import QuartzCore

/// The box of seed 004 ("Cubed CoreAnimation Conundrum"): six 100 × 100 coloured squares laid
/// out as a cross in a `CATransformLayer` whose `sublayerTransform.m34 = −1/500`, folded into an
/// open-lidded box by rotating each square about its hinge (its anchor point).
///
/// Strata extension (demo code), ported from the seed with its numbers and colours (including
/// its swap: `yellowLayer` is purple and `purpleLayer` is yellow). The lid (magenta) hangs on
/// a second `CATransformLayer` standing in for the green side, so it keeps its own 3D rotation.
public struct FoldingBox {
    /// The base `CATransformLayer`: anchor (0, 0), positioned at the canvas centre, so (0, 0)
    /// of the box is the middle of the view. Its `sublayerTransform` is the camera.
    public let baseLayer: CATransformLayer
    /// The bottom of the box, centred on the base's origin.
    public let redLayer: CALayer
    /// The left side, hinged on its right edge.
    public let blueLayer: CALayer
    /// The top side (purple), hinged on its bottom edge.
    public let yellowLayer: CALayer
    /// The bottom side (yellow), hinged on its top edge.
    public let purpleLayer: CALayer
    /// The transform layer standing in for the green side, hinged on its left edge.
    public let greenLayer: CATransformLayer
    /// The green square itself, filling `greenLayer`'s bounds.
    public let greenSolidLayer: CALayer
    /// The lid, hinged on the green side's far edge.
    public let magentaLayer: CALayer

    /// The seed's UIKit colours, 8-bit sRGB.
    static let red = SceneParts.color(255, 0, 0)
    static let blue = SceneParts.color(0, 0, 255)
    static let purple = SceneParts.color(128, 0, 128)
    static let yellow = SceneParts.color(255, 255, 0)
    static let green = SceneParts.color(0, 255, 0)
    static let magenta = SceneParts.color(255, 0, 255)

    /// Builds the flat cross for a view of `size`, as the seed's `viewDidLoad`.
    public init(viewSize size: CGSize) {
        baseLayer = CATransformLayer()
        baseLayer.name = "baseLayer"
        baseLayer.anchorPoint = .zero
        baseLayer.bounds = CGRect(origin: .zero, size: size)
        baseLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)

        redLayer = CALayer()
        redLayer.name = "red"
        redLayer.backgroundColor = Self.red
        redLayer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        redLayer.position = CGPoint(x: 0, y: 0)
        baseLayer.addSublayer(redLayer)

        blueLayer = CALayer()
        blueLayer.name = "blue"
        blueLayer.backgroundColor = Self.blue
        blueLayer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        blueLayer.anchorPoint = CGPoint(x: 1, y: 0.5)        // right
        blueLayer.position = CGPoint(x: -50, y: 0)
        baseLayer.addSublayer(blueLayer)

        yellowLayer = CALayer()
        yellowLayer.name = "yellow"
        yellowLayer.backgroundColor = Self.purple
        yellowLayer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        yellowLayer.anchorPoint = CGPoint(x: 0.5, y: 1)      // bottom
        yellowLayer.position = CGPoint(x: 0, y: -50)
        baseLayer.addSublayer(yellowLayer)

        purpleLayer = CALayer()
        purpleLayer.name = "purple"
        purpleLayer.backgroundColor = Self.yellow
        purpleLayer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        purpleLayer.anchorPoint = CGPoint(x: 0.5, y: 0)      // top
        purpleLayer.position = CGPoint(x: 0, y: 50)
        baseLayer.addSublayer(purpleLayer)

        // need a transform layer for green to mount magenta on
        greenLayer = CATransformLayer()
        greenLayer.name = "green"
        greenLayer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        greenLayer.anchorPoint = CGPoint(x: 0, y: 0.5)       // left
        greenLayer.position = CGPoint(x: 50, y: 0)
        baseLayer.addSublayer(greenLayer)

        greenSolidLayer = CALayer()
        greenSolidLayer.name = "greenSolid"
        greenSolidLayer.backgroundColor = Self.green
        greenSolidLayer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        greenSolidLayer.anchorPoint = CGPoint(x: 0, y: 0)    // top left
        greenSolidLayer.position = CGPoint(x: 0, y: 0)
        greenLayer.addSublayer(greenSolidLayer)

        // the "lid"
        magentaLayer = CALayer()
        magentaLayer.name = "magenta"
        magentaLayer.backgroundColor = Self.magenta
        magentaLayer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        magentaLayer.anchorPoint = CGPoint(x: 0, y: 0.5)     // left
        magentaLayer.position = CGPoint(x: 100, y: 50)
        magentaLayer.isDoubleSided = true
        greenLayer.addSublayer(magentaLayer)

        var initialTransform = baseLayer.sublayerTransform
        initialTransform.m34 = 1.0 / -500
        baseLayer.sublayerTransform = initialTransform
    }

    /// Whether the sides are folded up (every hinge transform set by `close()`).
    public var isClosed: Bool { !CATransform3DIsIdentity(greenLayer.transform) }

    /// Folds the sides up and the lid nearly shut (0.8 × 90°), as the seed's tap handler. Runs
    /// in the caller's transaction, so the change animates implicitly unless actions are disabled.
    public func close() {
        greenLayer.transform = CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)
        blueLayer.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        yellowLayer.transform = CATransform3DMakeRotation(-.pi / 2, 1, 0, 0)
        purpleLayer.transform = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
        magentaLayer.transform = CATransform3DMakeRotation(0.8 * -.pi / 2, 0, 1, 0)
    }

    /// Unfolds the box back into the flat cross (every hinge transform the identity).
    public func open() {
        for layer in [greenLayer, blueLayer, yellowLayer, purpleLayer, magentaLayer] as [CALayer] {
            layer.transform = CATransform3DIdentity
        }
    }

    /// The seed's pan handler: turns the camera (`baseLayer.sublayerTransform`) by a drag of
    /// `displacement` points, one degree per point, about the box's centre (z = 50) when
    /// closed. A zero displacement does nothing (the seed's guard against NaN).
    public func rotate(byPanDisplacement displacement: CGPoint) {
        guard displacement.x != 0 || displacement.y != 0 else { return }
        var currentTransform = baseLayer.sublayerTransform
        let totalRotation = (displacement.x * displacement.x + displacement.y * displacement.y).squareRoot() * .pi / 180.0
        let xRotationFactor = displacement.x / totalRotation
        let yRotationFactor = displacement.y / totalRotation
        let threeDee = isClosed
        if threeDee { currentTransform = CATransform3DTranslate(currentTransform, 0, 0, 50) }
        var rotationalTransform = CATransform3DRotate(
            currentTransform, totalRotation,
            xRotationFactor * currentTransform.m12 - yRotationFactor * currentTransform.m11,
            xRotationFactor * currentTransform.m22 - yRotationFactor * currentTransform.m21,
            xRotationFactor * currentTransform.m32 - yRotationFactor * currentTransform.m31)
        if threeDee { rotationalTransform = CATransform3DTranslate(rotationalTransform, 0, 0, -50) }
        baseLayer.sublayerTransform = rotationalTransform
    }
}
