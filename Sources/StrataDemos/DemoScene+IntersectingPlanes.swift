import QuartzCore

extension DemoScene {
    /// Two 50 % planes crossing along the vertical centre line in one 3D space (the root's
    /// `sublayerTransform.m34 = −1/500`): red turned +30° about Y (its left half nearer), blue
    /// −30° (its right half nearer). Drawn correctly only if the renderer splits them where they
    /// intersect: left of the centre red blends over blue, right of it blue over red.
    public static let intersectingPlanes = DemoScene(
        name: "intersecting-planes", summary: "Two translucent planes crossing each other in one 3D space",
        defaultSize: bookCanvas
    ) { size in
        let root = SceneParts.root(size, color: CGColor.white)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500.0
        root.sublayerTransform = perspective
        let center = CGPoint(x: size.width / 2, y: size.height / 2)
        for (name, color, angle) in [("red", SceneParts.color(255, 0, 0), CGFloat.pi / 6),
                                     ("blue", SceneParts.color(0, 0, 255), -CGFloat.pi / 6)] {
            let plane = CALayer()
            plane.name = name
            plane.bounds = CGRect(x: 0, y: 0, width: 180, height: 110)
            plane.position = center
            plane.backgroundColor = color
            plane.opacity = 0.5
            plane.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
            root.addSublayer(plane)
        }
        return root
    }
}
