import QuartzCore

extension PathsScene {
    /// The `paths` scene built from `CAShapeLayer`s animated by the engine (`strata bench
    /// --variant shapes`): shape i is a 128 × 128 shape layer with the `2d` layer's position
    /// and rotation animations, its path the star or circle moved by (64, 64), filled with the
    /// `2d` colour at alpha 0.5 and stroked 4 wide, white at alpha 0.6, round joins, butt caps,
    /// circles dashed [12, 6]. The compositor fills and strokes every shape each frame.
    ///
    /// Scene time 0 is media time `beginTime` (0: when committed).
    public static func makeLayers(count n: Int, beginTime: CFTimeInterval = 0) -> CALayer {
        SceneParts.withoutActions {
            let root = SceneParts.root(BenchmarkScene.canvasSize, color: background)
            var centered = CGAffineTransform(translationX: 64, y: 64)
            let movedStar = star.copy(using: &centered)!, movedCircle = circle.copy(using: &centered)!
            for i in 0..<max(n, 0) {
                let layer = CAShapeLayer()
                layer.name = "shape\(i)"
                layer.bounds = CGRect(x: 0, y: 0, width: 128, height: 128)
                layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
                layer.position = BenchmarkScene.position(index: i, count: n, time: 0)
                layer.path = i % 4 == 3 ? movedCircle : movedStar
                layer.fillColor = BenchmarkScene.color(index: i, count: n).copy(alpha: 0.5)
                layer.fillRule = .nonZero
                layer.strokeColor = strokeColor
                layer.lineWidth = 4
                layer.lineJoin = .round
                layer.lineCap = .butt
                if i % 4 == 3 {
                    layer.lineDashPattern = [12, 6]
                    layer.lineDashPhase = 0
                }
                layer.add(BenchmarkScene.positionAnimation(index: i, count: n, beginTime: beginTime), forKey: "position")
                layer.add(BenchmarkScene.rotationAnimation(index: i, count: n, variant: .twoD, beginTime: beginTime), forKey: "rotation")
                root.addSublayer(layer)
            }
            return root
        }
    }
}
