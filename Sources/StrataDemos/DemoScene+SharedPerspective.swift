import QuartzCore

// Listing 5.6 (seed 001): two views side by side in a container whose sublayerTransform gives
// both one perspective and one vanishing point (the container's centre).

extension DemoScene {
    /// Listing 5.6: two pictures rotated ±45° about Y under the container's shared perspective.
    public static let sharedPerspective = DemoScene(
        name: "shared-perspective", summary: "Listing 5.6: two views sharing the container's sublayerTransform",
        defaultSize: bookCanvas
    ) { size in
        let root = SceneParts.root(size, color: SceneParts.paper)
        let container = CALayer()
        container.name = "containerView"
        container.bounds = CGRect(origin: .zero, size: size)
        container.position = CGPoint(x: size.width / 2, y: size.height / 2)
        root.addSublayer(container)

        let side: CGFloat = 110
        let view1 = SceneParts.picture(size: side, center: CGPoint(x: size.width / 2 - 70, y: size.height / 2), name: "layerView1")
        let view2 = SceneParts.picture(size: side, center: CGPoint(x: size.width / 2 + 70, y: size.height / 2), name: "layerView2")
        container.addSublayer(view1)
        container.addSublayer(view2)

        // apply perspective transform to container
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500.0
        container.sublayerTransform = perspective
        // rotate layerView1 by 45 degrees along the Y axis
        view1.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        // rotate layerView2 by -45 degrees along the Y axis
        view2.transform = CATransform3DMakeRotation(-.pi / 4, 0, 1, 0)
        return root
    }

    /// "Backfaces" (seed 001): listing 5.4 with an angle of π, twice: on the left double-sided
    /// (the picture shows mirrored), on the right with `isDoubleSided = false` (nothing drawn).
    public static let backface = DemoScene(
        name: "backface", summary: "Backfaces: rotated by π about Y; mirrored (left), isDoubleSided = false hidden (right)",
        defaultSize: bookCanvas
    ) { size in
        let root = SceneParts.root(size, color: SceneParts.paper)
        let side: CGFloat = 110
        let mirrored = SceneParts.picture(size: side, center: CGPoint(x: size.width / 2 - 70, y: size.height / 2), name: "doubleSided")
        let hidden = SceneParts.picture(size: side, center: CGPoint(x: size.width / 2 + 70, y: size.height / 2), name: "singleSided")
        mirrored.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        hidden.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        hidden.isDoubleSided = false
        root.addSublayer(mirrored)
        root.addSublayer(hidden)
        return root
    }
}
