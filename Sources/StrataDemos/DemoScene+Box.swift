import QuartzCore

extension DemoScene {
    /// The canvas of the box scenes: the flat cross spans x −150…250 and y −150…150 around the
    /// centre, so it fits 520 × 320 with a margin.
    static let boxCanvas = CGSize(width: 520, height: 320)

    /// Seed 004, before the tap: the six squares flat as a cross on a black view.
    public static let boxFlat = DemoScene(
        name: "box-flat", summary: "Seed 004: six coloured squares as a flat cross in a CATransformLayer",
        defaultSize: boxCanvas
    ) { size in
        let root = SceneParts.root(size, color: CGColor.black)
        root.addSublayer(FoldingBox(viewSize: size).baseLayer)
        return root
    }

    /// The drag the closed box's camera is turned by (the seed's pan handler), so its sides show:
    /// seen straight on, the lid covers the whole box.
    public static let boxClosedPan = CGPoint(x: -40, y: 30)

    /// Seed 004, after the tap: the sides folded towards the viewer, the lid ajar (72°) on the
    /// nested `CATransformLayer`, the camera turned by a pan of `boxClosedPan`.
    public static let boxClosed = DemoScene(
        name: "box-closed", summary: "Seed 004: the box closed, lid ajar, hinged through a nested CATransformLayer",
        defaultSize: boxCanvas
    ) { size in
        let root = SceneParts.root(size, color: CGColor.black)
        let box = FoldingBox(viewSize: size)
        box.close()
        box.rotate(byPanDisplacement: boxClosedPan)
        root.addSublayer(box.baseLayer)
        return root
    }
}
