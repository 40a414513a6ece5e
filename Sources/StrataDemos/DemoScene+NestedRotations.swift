import QuartzCore

// Listings 5.7 and 5.8 (seed 001): an inner view inside an outer view, rotated in opposite
// directions. About Z they cancel; about Y they do not, because the outer layer flattens the
// inner one into its own plane before tilting it.

extension DemoScene {
    /// Builds the outer/inner pair with the given transforms.
    static func nestedViews(_ size: CGSize, outer outerTransform: CATransform3D, inner innerTransform: CATransform3D) -> CALayer {
        let root = SceneParts.root(size, color: SceneParts.paper)
        let outer = CALayer()
        outer.name = "outerView"
        outer.bounds = CGRect(x: 0, y: 0, width: 150, height: 150)
        outer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        outer.backgroundColor = SceneParts.color(0x4A, 0x78, 0xB5)
        let inner = SceneParts.picture(size: 80, center: CGPoint(x: 75, y: 75), name: "innerView")
        outer.addSublayer(inner)
        root.addSublayer(outer)
        outer.transform = outerTransform
        inner.transform = innerTransform
        return root
    }

    /// Listing 5.7: outer rotated 45° about Z, inner −45°: the inner picture is upright.
    public static let nestedZ = DemoScene(
        name: "nested-z", summary: "Listing 5.7: opposite rotations about Z cancel",
        defaultSize: bookCanvas
    ) { size in
        nestedViews(size, outer: CATransform3DMakeRotation(.pi / 4, 0, 0, 1),
                    inner: CATransform3DMakeRotation(-.pi / 4, 0, 0, 1))
    }

    /// Listing 5.8: outer rotated 45° about Y, inner −45°, each with its own m34 = −1/500:
    /// the inner picture stays tilted and narrower, because it is flattened onto the outer.
    public static let nestedY = DemoScene(
        name: "nested-y", summary: "Listing 5.8: opposite rotations about Y do not cancel (flattening)",
        defaultSize: bookCanvas
    ) { size in
        // rotate the outer layer 45 degrees
        var outer = CATransform3DIdentity
        outer.m34 = -1.0 / 500.0
        outer = CATransform3DRotate(outer, .pi / 4, 0, 1, 0)
        // rotate the inner layer -45 degrees
        var inner = CATransform3DIdentity
        inner.m34 = -1.0 / 500.0
        inner = CATransform3DRotate(inner, -.pi / 4, 0, 1, 0)
        return nestedViews(size, outer: outer, inner: inner)
    }
}
