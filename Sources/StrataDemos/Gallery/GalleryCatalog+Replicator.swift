import QuartzCore

extension GalleryCatalog {
    /// The gallery's `CAReplicatorLayer` exhibits.
    static var replicatorItems: [GalleryItem] {
        [GalleryItem(name: "replicator spinner", make: replicatorSpinner),
         GalleryItem(name: "replicator bars", make: replicatorBars)]
    }

    /// Twelve dots around a circle (`instanceTransform` a 30° turn about the centre), each
    /// fading out after the one before (`instanceDelay` 1/12 s), tinted from blue to violet by
    /// `instanceRedOffset`.
    @Sendable static func replicatorSpinner(_ size: CGSize) -> CALayer {
        let replicator = CAReplicatorLayer()
        replicator.bounds = CGRect(origin: .zero, size: size)
        replicator.position = CGPoint(x: size.width / 2, y: size.height / 2)
        let side = min(size.width, size.height)
        let dotSize = max(2, side * 0.09)
        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: dotSize, height: dotSize)
        dot.cornerRadius = dotSize / 2
        dot.position = CGPoint(x: size.width / 2, y: size.height / 2 - side * 0.36)
        dot.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 1, alpha: 1)
        dot.opacity = 0.15
        replicator.addSublayer(dot)
        replicator.instanceCount = 12
        replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / 12, 0, 0, 1)
        replicator.instanceDelay = 1.0 / 12
        replicator.instanceRedOffset = 0.06
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = Float(1)
        fade.toValue = Float(0.15)
        fade.duration = 1
        fade.repeatCount = .infinity
        dot.add(fade, forKey: "fade")
        return replicator
    }

    /// Five bars side by side (`instanceTransform` a translation) bouncing one after another
    /// (`instanceDelay` 0.15 s), from orange to green (`instanceColor` and its offsets).
    @Sendable static func replicatorBars(_ size: CGSize) -> CALayer {
        let replicator = CAReplicatorLayer()
        replicator.bounds = CGRect(origin: .zero, size: size)
        replicator.position = CGPoint(x: size.width / 2, y: size.height / 2)
        let count = 5
        let step = size.width * 0.7 / CGFloat(count)
        let bar = CALayer()
        bar.bounds = CGRect(x: 0, y: 0, width: step * 0.6, height: size.height * 0.6)
        bar.anchorPoint = CGPoint(x: 0.5, y: 1)
        bar.position = CGPoint(x: size.width * 0.15 + step / 2, y: size.height * 0.8)
        bar.cornerRadius = step * 0.15
        bar.backgroundColor = CGColor.white   // coloured by the instance colours
        replicator.addSublayer(bar)
        replicator.instanceCount = count
        replicator.instanceTransform = CATransform3DMakeTranslation(step, 0, 0)
        replicator.instanceDelay = 0.15
        replicator.instanceColor = CGColor(red: 1, green: 0.35, blue: 0.2, alpha: 1)
        replicator.instanceGreenOffset = 0.15
        replicator.instanceRedOffset = -0.18
        let bounce = CABasicAnimation(keyPath: "transform.scale.y")
        bounce.fromValue = CGFloat(0.2)
        bounce.toValue = CGFloat(1)
        bounce.duration = 0.45
        bounce.autoreverses = true
        bounce.repeatCount = .infinity
        bounce.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        bar.add(bounce, forKey: "bounce")
        return replicator
    }
}
