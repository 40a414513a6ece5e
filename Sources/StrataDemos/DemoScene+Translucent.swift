import QuartzCore

extension DemoScene {
    /// The benchmark scene (`2d`, 100 layers) frozen at t = 0, scaled to fit the canvas when it
    /// is not 1024 × 768 (the root's `sublayerTransform` scales, keeping the aspect ratio).
    public static let translucent100 = DemoScene(
        name: "translucent-100", summary: "BENCHMARK.md: 100 translucent rounded squares at t = 0 (static values)",
        defaultSize: BenchmarkScene.canvasSize
    ) { size in
        let scene = BenchmarkScene.makeStatic(variant: .twoD, layerCount: 100, time: 0)
        let full = BenchmarkScene.canvasSize
        guard size != full else { return scene }
        // Fit: a wrapper of `size` whose sublayerTransform scales the 1024 × 768 scene about
        // its centre (the wrapper's anchor), and which paints the same background.
        let scale = min(size.width / full.width, size.height / full.height)
        let wrapper = SceneParts.root(size, color: BenchmarkScene.backgroundColor)
        wrapper.sublayerTransform = CATransform3DMakeScale(scale, scale, 1)
        scene.position = CGPoint(x: size.width / 2, y: size.height / 2)
        wrapper.addSublayer(scene)
        return wrapper
    }
}
