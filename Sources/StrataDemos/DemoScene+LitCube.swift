import QuartzCore

extension DemoScene {
    /// Listings 5.9 and 5.10: the six-face cube corner-on with the book's lighting.
    public static let litCube = DemoScene(
        name: "lit-cube", summary: "Listings 5.9/5.10: six faces seen corner-on, lit from their normals, a button on face 3",
        defaultSize: CGSize(width: 400, height: 400)
    ) { size in
        let root = SceneParts.root(size, color: SceneParts.paper)
        root.addSublayer(LitCube(size: size).container)
        return root
    }
}
