// A layer tree and animations round-trip through NSKeyedArchiver with secure coding.
import QuartzCore
import Testing

final class BadgeLayer: CALayer {
    var badge = 0
    override init() { super.init() }
    override init(layer: Any) {
        super.init(layer: layer)
        badge = (layer as? BadgeLayer)?.badge ?? 0
    }
    required init?(coder: NSCoder) {
        badge = coder.decodeInteger(forKey: "badge")
        super.init(coder: coder)
    }
    override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(badge, forKey: "badge")
    }
}

@Test func layerTreeRoundTripsThroughKeyedArchiver() throws {
    let root = CALayer()
    root.name = "root"
    root.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
    root.position = CGPoint(x: 50, y: 25)
    root.backgroundColor = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1)
    root.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
    root.opacity = 0.75
    root.isHidden = true
    root.contentsGravity = .resizeAspect
    root.shadowPath = CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil)
    root.setValue(42, forKey: "customNumber")
    let child = BadgeLayer()
    child.badge = 7
    child.cornerRadius = 6
    root.addSublayer(child)
    let mask = CALayer()
    mask.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    root.mask = mask

    let data = try NSKeyedArchiver.archivedData(withRootObject: root, requiringSecureCoding: true)
    let copy = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CALayer.self, from: data))
    #expect(copy !== root)
    #expect(copy.name == "root")
    #expect(copy.bounds == root.bounds && copy.position == root.position)
    #expect(copy.backgroundColor == root.backgroundColor)
    #expect(copy.transform == root.transform)
    #expect(copy.opacity == 0.75 && copy.isHidden)
    #expect(copy.contentsGravity == .resizeAspect)
    #expect(copy.shadowPath == root.shadowPath)
    #expect(copy.value(forKey: "customNumber") as? Int == 42)
    #expect(copy.borderColor == CGColor(gray: 0, alpha: 1))   // untouched defaults survive too
    let copiedChild = try #require(copy.sublayers?.first as? BadgeLayer)
    #expect(copiedChild.badge == 7 && copiedChild.cornerRadius == 6)
    #expect(copiedChild.superlayer === copy)
    #expect(copy.mask?.bounds == CGRect(x: 0, y: 0, width: 10, height: 10))
}

@Test func animationsRoundTripThroughKeyedArchiver() throws {
    let move = CABasicAnimation(keyPath: "position")
    move.fromValue = CGPoint(x: 1, y: 2)
    move.toValue = NSValue(cgPoint: CGPoint(x: 3, y: 4))
    move.duration = 2
    move.repeatCount = 3
    move.fillMode = .forwards
    move.isRemovedOnCompletion = false
    move.timingFunction = CAMediaTimingFunction(name: .easeIn)
    move.setValue("card", forKey: "viewName")
    let spin = CAKeyframeAnimation(keyPath: "transform")
    spin.values = [CATransform3DIdentity, CATransform3DMakeRotation(1, 0, 0, 1)]
    spin.keyTimes = [0, 1]
    spin.calculationMode = .paced
    let rotate = CABasicAnimation(keyPath: "transform")
    rotate.valueFunction = CAValueFunction(name: .rotateZ)
    rotate.toValue = 3.0
    let group = CAAnimationGroup()
    group.animations = [move, spin, rotate]
    group.duration = 5

    let data = try NSKeyedArchiver.archivedData(withRootObject: group, requiringSecureCoding: true)
    let copy = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CAAnimationGroup.self, from: data))
    #expect(copy.duration == 5)
    let animations = try #require(copy.animations)
    #expect(animations.count == 3)
    let m = try #require(animations[0] as? CABasicAnimation)
    #expect(m.keyPath == "position" && m.duration == 2 && m.repeatCount == 3)
    #expect(m.fillMode == .forwards && m.isRemovedOnCompletion == false)
    #expect(m.fromValue as? CGPoint == CGPoint(x: 1, y: 2) && m.toValue as? CGPoint == CGPoint(x: 3, y: 4))
    #expect(m.timingFunction == CAMediaTimingFunction(name: .easeIn))
    #expect(m.value(forKey: "viewName") as? String == "card")
    let k = try #require(animations[1] as? CAKeyframeAnimation)
    #expect(k.values?[1] as? CATransform3D == CATransform3DMakeRotation(1, 0, 0, 1))
    #expect(k.keyTimes == [0, 1] && k.calculationMode == .paced)
    let r = try #require(animations[2] as? CABasicAnimation)
    #expect(r.valueFunction?.name == .rotateZ && r.toValue as? Double == 3)
}
