import QuartzCore

extension DemoScene {
    /// Seed 003 at rest: the brown card on top of the green one (call `CardFlip.flip` to turn it).
    public static let card = DemoScene(
        name: "card", summary: "Seed 003: a brown card over a green one, both single-sided, ready to flip",
        defaultSize: CGSize(width: 320, height: 480)
    ) { size in
        let root = SceneParts.root(size, color: SceneParts.color(0x10, 0x14, 0x30))
        root.addSublayer(CardFlip(viewSize: size).flipView)
        return root
    }
}
