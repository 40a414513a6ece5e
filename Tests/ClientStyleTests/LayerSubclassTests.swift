// Apple-style CALayer subclasses, written exactly as Apple code writes them.
import QuartzCore
import Testing

/// Overrides properties and methods as Apple code does.
final class ClampedLayer: CALayer {
    var boundsWrites = 0
    var added: [String] = []
    var removedAll = 0
    var layoutRequests = 0

    override var bounds: CGRect {
        get { super.bounds }
        set { boundsWrites += 1; super.bounds = newValue.integral }
    }
    override var opacity: Float {
        get { super.opacity }
        set { super.opacity = min(newValue, 0.5) }
    }
    override var position: CGPoint {
        didSet { positionObserved = position }
    }
    var positionObserved: CGPoint?
    override var frame: CGRect {
        get { super.frame }
        set { super.frame = newValue.offsetBy(dx: 1, dy: 0) }
    }
    override var transform: CATransform3D {
        get { super.transform }
        set { super.transform = newValue }
    }
    override var contents: Any? {
        get { super.contents }
        set { super.contents = newValue }
    }
    override func add(_ anim: CAAnimation, forKey key: String?) {
        added.append(key ?? "nil")
        super.add(anim, forKey: key)
    }
    override func removeAllAnimations() {
        removedAll += 1
        super.removeAllAnimations()
    }
    override func setNeedsLayout() {
        layoutRequests += 1
        super.setNeedsLayout()
    }
    override func layoutIfNeeded() { super.layoutIfNeeded() }
    override func setNeedsDisplay() { super.setNeedsDisplay() }
    override func addSublayer(_ layer: CALayer) { super.addSublayer(layer) }
    override func insertSublayer(_ layer: CALayer, at idx: UInt32) { super.insertSublayer(layer, at: idx) }
    override func removeFromSuperlayer() { super.removeFromSuperlayer() }
    override var sublayers: [CALayer]? {
        get { super.sublayers }
        set { super.sublayers = newValue }
    }
    override func presentation() -> Self? { super.presentation() }
}

/// The subclass pattern Apple documents for custom animatable state: `init()`, `init(layer:)`
/// copying the custom property, `init?(coder:)`.
final class ProgressLayer: CALayer {
    var progress: CGFloat = 0
    var tint = "red"

    override init() {
        super.init()
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? ProgressLayer {
            tint = other.tint
        }
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // Strata: the one line that makes presentation copies of this class through its init(layer:)
    // (Swift on Linux cannot call a subclass's init(layer:) unasked; see makePresentationCopy).
    override class func makePresentationCopy(of model: CALayer) -> CALayer? { ProgressLayer(layer: model) }
}

/// An Apple-style animation subclass.
final class TaggedAnimation: CABasicAnimation {
    var tag = 0
    override init() {
        super.init()
        tag = 7
    }
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

@Test func overriddenPropertiesRunTheSubclassCode() {
    let layer = ClampedLayer()
    layer.bounds = CGRect(x: 0.25, y: 0.5, width: 10.5, height: 20.25)
    #expect(layer.boundsWrites == 1)
    #expect(layer.bounds == CGRect(x: 0, y: 0, width: 11, height: 21))
    layer.opacity = 0.9
    #expect(layer.opacity == 0.5)
    layer.position = CGPoint(x: 3, y: 4)
    #expect(layer.positionObserved == CGPoint(x: 3, y: 4))
    // The overridden frame setter shifts x by 1; CALayer's setter then writes position and bounds
    // (the bounds through the override again).
    layer.frame = CGRect(x: 10, y: 10, width: 4, height: 6)
    #expect(layer.position == CGPoint(x: 13, y: 13))
    #expect(layer.boundsWrites == 2)
}

@Test func overriddenMethodsAreCalledThroughCALayer() {
    let layer = ClampedLayer()
    let animation = CABasicAnimation(keyPath: "opacity")
    animation.toValue = 0.0
    layer.add(animation, forKey: "fade")
    #expect(layer.added == ["fade"])
    #expect(layer.animationKeys() == ["fade"])
    layer.removeAllAnimations()
    #expect(layer.removedAll == 1)
    #expect(layer.animationKeys() == nil)
    layer.setNeedsLayout()
    #expect(layer.layoutRequests == 1)
    #expect(layer.needsLayout())
    // Calls made through a CALayer-typed reference reach the override too.
    let plain: CALayer = layer
    plain.setNeedsLayout()
    #expect(layer.layoutRequests == 2)
    plain.opacity = 1
    #expect(layer.opacity == 0.5)
}

@Test func presentationCopyKeepsTheSubclassAndWhatInitLayerCopies() {
    CAMediaClock.withManualClock(startingAt: 5) { _ in
        let layer = ProgressLayer()
        layer.tint = "blue"
        layer.progress = 0.75   // not copied by init(layer:), as on Apple
        CATransaction.setDisableActions(true)
        layer.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        CATransaction.flush()
        let presented = layer.presentation()
        #expect(presented != nil)
        #expect(presented?.tint == "blue")
        #expect(presented?.progress == 0)
        #expect(presented?.bounds == CGRect(x: 0, y: 0, width: 8, height: 8))
        #expect(presented !== layer)
        #expect(presented?.model() === layer)
    }
}

@Test func animationSubclassKeepsItsTypeWhenAddedAndCopied() {
    let animation = TaggedAnimation()
    #expect(animation.tag == 7)
    animation.keyPath = "position"
    let copy = animation.copy() as? TaggedAnimation
    #expect(copy != nil)
    #expect(copy?.tag == 7)
    #expect(copy?.keyPath == "position")
    let layer = CALayer()
    layer.add(animation, forKey: "move")
    #expect(layer.animation(forKey: "move") is TaggedAnimation)
    #expect(layer.animation(forKey: "move") !== animation)
}

/// Apple's documented way to change a default: override defaultValue(forKey:).
final class ClippingLayer: CALayer {
    override class func defaultValue(forKey key: String) -> Any? {
        if key == "masksToBounds" { return NSNumber(value: true) }
        if key == "cornerRadius" { return 4.0 }
        if key == "badgeCount" { return 3 }
        return super.defaultValue(forKey: key)
    }
}

@Test func subclassDefaultValuesBecomeInitialValues() {
    let layer = ClippingLayer()
    #expect(layer.masksToBounds == true)
    #expect(layer.cornerRadius == 4)
    #expect(layer.opacity == 1 && layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
    #expect(layer.value(forKey: "badgeCount") as? Int == 3)      // an unset custom key
    #expect(CALayer().masksToBounds == false)
    #expect(CALayer().value(forKey: "badgeCount") == nil)
    #expect(CATransformLayer().anchorPoint == CGPoint(x: 0.5, y: 0.5))
}
