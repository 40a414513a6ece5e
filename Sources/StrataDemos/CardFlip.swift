import QuartzCore

/// The card of seed 003 ("myCodeStudio"): a brown front layer over a green back layer, both
/// single-sided rounded squares, flipped about Y by a pair of `transform.rotation.y`
/// animations in an ease-in-ease-out group.
///
/// Strata extension (demo code). The seed's space background image is a plain dark colour here.
public struct CardFlip {
    /// The view the two layers are added to (a layer filling the canvas).
    public let flipView: CALayer
    /// The layer on top at first (brown, name "1").
    public let topLayer: CALayer
    /// The layer underneath at first (green, name "2").
    public let bottomLayer: CALayer

    /// `UIColor.brownColor` (0.6, 0.4, 0.2).
    static let brown = CGColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    /// `UIColor.greenColor` (0, 1, 0).
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)

    /// Builds the two layers in a view of `size` (the seed's is 320 × 480, cards at (160, 240)).
    public init(viewSize size: CGSize) {
        let center = CGPoint(x: size.width / 2, y: size.height / 2)
        topLayer = CALayer()
        topLayer.isDoubleSided = false
        topLayer.name = "1"
        topLayer.frame = CGRect(x: 0, y: 0, width: 125, height: 125)
        topLayer.position = center
        topLayer.backgroundColor = Self.brown
        topLayer.cornerRadius = 8
        topLayer.masksToBounds = true

        bottomLayer = CALayer()
        bottomLayer.isDoubleSided = false
        bottomLayer.name = "2"
        bottomLayer.frame = CGRect(x: 0, y: 0, width: 125, height: 125)
        bottomLayer.position = center
        bottomLayer.backgroundColor = Self.green
        bottomLayer.cornerRadius = 8
        bottomLayer.masksToBounds = true

        flipView = CALayer()
        flipView.name = "flipView"
        flipView.bounds = CGRect(origin: .zero, size: size)
        flipView.position = center
        // add bottom first
        flipView.addSublayer(bottomLayer)
        flipView.addSublayer(topLayer)
    }

    /// The seed's `flipAnimationWithDuration:forLayerBeginningOnTop:scaleFactor:`: rotation.y
    /// 0 → −π (top) or π → 0 (bottom), plus a `transform.scale` to `scaleFactor` and back when
    /// it is not 1, grouped with ease-in-ease-out, filling forwards and never removed.
    ///
    /// As in the seed, the rotation's own duration is left at 0, so it spans the whole group
    /// (Apple's rule for grouped animations), warped by the group's ease-in-ease-out.
    public static func flipAnimation(duration: CFTimeInterval, beginsOnTop: Bool, scaleFactor: CGFloat) -> CAAnimation {
        let flipAnimation = CABasicAnimation(keyPath: "transform.rotation.y")
        let startValue: Double = beginsOnTop ? 0 : .pi
        let endValue: Double = beginsOnTop ? -.pi : 0
        flipAnimation.fromValue = NSNumber(value: startValue)
        flipAnimation.toValue = NSNumber(value: endValue)

        var animations: [CAAnimation] = [flipAnimation]
        if scaleFactor != 1 {
            let shrinkAnimation = CABasicAnimation(keyPath: "transform.scale")
            shrinkAnimation.toValue = NSNumber(value: Double(scaleFactor))
            shrinkAnimation.duration = duration * 0.5
            shrinkAnimation.autoreverses = true
            animations.append(shrinkAnimation)
        }
        let animationGroup = CAAnimationGroup()
        animationGroup.animations = animations
        animationGroup.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        animationGroup.duration = duration
        animationGroup.fillMode = .forwards
        animationGroup.isRemovedOnCompletion = false
        return animationGroup
    }

    /// The seed's `flip:` from the initial state: both layers get the m34 = −1/1500 perspective
    /// and the pair of 1 s flip animations (key "flip"). `beginTime` 0 starts them at commit.
    public func flip(scaleFactor: CGFloat = 1, beginTime: CFTimeInterval = 0) {
        let topAnimation = Self.flipAnimation(duration: 1, beginsOnTop: true, scaleFactor: scaleFactor)
        let bottomAnimation = Self.flipAnimation(duration: 1, beginsOnTop: false, scaleFactor: scaleFactor)
        topAnimation.beginTime = beginTime
        bottomAnimation.beginTime = beginTime
        let zDistance: CGFloat = 1500
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / zDistance
        topLayer.transform = perspective
        bottomLayer.transform = perspective
        CATransaction.begin()
        topLayer.add(topAnimation, forKey: "flip")
        bottomLayer.add(bottomAnimation, forKey: "flip")
        CATransaction.commit()
    }
}
