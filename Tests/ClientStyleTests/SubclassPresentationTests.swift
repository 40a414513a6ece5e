// Issue #26: CALayer subclasses written the usual Apple way compile unchanged, and presentation
// copies, hit testing, rendering and custom animatable properties work with them. Issue #21:
// `@Managed`, the one-line stand-in for `@NSManaged`.
import QuartzCore
import Testing

/// The usual Apple shape: its own designated initializer and the `init?(coder:)` Swift demands,
/// nothing else. (Did not compile: "'required' initializer 'init(_strataPresentationOf:)' must be
/// provided by subclass of 'CALayer'".)
final class SwatchLayer: CALayer {
    let swatch: CGColor
    init(color: CGColor) {
        swatch = color
        super.init()
        backgroundColor = color
        bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// The same shape over a Strata class.
final class BadgeShapeLayer: CAShapeLayer {
    init(frame: CGRect) {
        super.init()
        self.frame = frame
        path = CGPath(rect: CGRect(origin: .zero, size: frame.size), transform: nil)
        fillColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// A subclass that asks for presentation copies of its own type, made by its `init(layer:)`.
final class TintedLayer: CALayer {
    var tint = "red"
    override init() { super.init() }
    override init(layer: Any) {
        super.init(layer: layer)
        tint = (layer as? TintedLayer)?.tint ?? "red"
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
    override class func makePresentationCopy(of model: CALayer) -> CALayer? { TintedLayer(layer: model) }
}

/// Apple's custom-animatable-property recipe, with `@Managed` for `@NSManaged`. It draws a bar
/// `level` × its width wide, white on black.
final class MeterLayer: CALayer {
    @Managed var level: CGFloat
    @Managed var caption: String? 
    @Managed(key: "peakLevel") var peak: Double = 0.5
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "level" || super.needsDisplay(forKey: key)
    }
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1))
        ctx.fill(bounds)
        ctx.setFillColor(CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * level, height: bounds.height))
    }
}

/// The same recipe in a subclass whose copies are its own type.
final class OwnCopyMeterLayer: CALayer {
    @Managed var level: CGFloat
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "level" || super.needsDisplay(forKey: key)
    }
    override class func makePresentationCopy(of model: CALayer) -> CALayer? { OwnCopyMeterLayer(layer: model) }
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * level, height: bounds.height))
    }
}

/// (blue, green, red, alpha) at (x, y) of a BGRA image.
private func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
    let bytes = Array(image.dataProvider?.data ?? Data())
    let i = y * image.bytesPerRow + x * 4
    return Array(bytes[i..<i + 4])
}

@Test func appleStyleSubclassesCompileRenderAndHitTest() throws {
    try CAMediaClock.withManualClock(startingAt: 1) { _ in
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        root.anchorPoint = .zero
        let swatch = SwatchLayer(color: CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        swatch.position = CGPoint(x: 5, y: 10)
        let badge = BadgeShapeLayer(frame: CGRect(x: 20, y: 5, width: 10, height: 10))
        root.addSublayer(swatch)
        root.addSublayer(badge)
        let renderer = CARenderer(width: 40, height: 20)
        renderer.layer = root
        CATransaction.flush()   // no run loop turns in a test: commit, as Apple advises
        renderer.render()
        let image = renderer.makeImage()
        #expect(pixel(image, 5, 10) == [0, 0, 255, 255])    // red swatch
        #expect(pixel(image, 25, 10) == [255, 0, 0, 255])   // blue badge
        #expect(pixel(image, 35, 10) == [0, 0, 0, 0])

        let presented = try #require(root.presentation())
        // A copy of the nearest Strata class, carrying the subclass's values.
        let hit = try #require(presented.hitTest(CGPoint(x: 5, y: 10)))
        #expect(hit.model() === swatch)
        #expect(type(of: hit) == CALayer.self)
        #expect(hit.backgroundColor == swatch.backgroundColor)
        #expect(hit.bounds == CGRect(x: 0, y: 0, width: 10, height: 10))
        let badgeCopy = try #require(presented.hitTest(CGPoint(x: 25, y: 10)))
        #expect(badgeCopy.model() === badge)
        #expect((badgeCopy as? CAShapeLayer)?.path == badge.path)
        #expect((badgeCopy as? CAShapeLayer)?.fillColor == badge.fillColor)
        // presentation() is typed Self?: a subclass without its own copies has none (Apple traps
        // there: the subclass has no init(layer:)).
        #expect(swatch.presentation() == nil)
    }
}

@Test func aSubclassThatMakesItsOwnCopiesGetsThem() throws {
    try CAMediaClock.withManualClock(startingAt: 1) { _ in
        let layer = TintedLayer()
        layer.tint = "blue"
        layer.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        CATransaction.flush()
        let p = try #require(layer.presentation())
        #expect(p.tint == "blue")
        #expect(p !== layer)
        #expect(p.model() === layer)
        #expect(p.bounds == CGRect(x: 0, y: 0, width: 8, height: 8))
    }
}

@Test func managedPropertiesStoreThroughKeyValueCoding() {
    let meter = MeterLayer()
    #expect(meter.level == 0)
    #expect(meter.caption == nil)
    #expect(meter.peak == 0.5)
    meter.level = 0.25
    #expect(meter.value(forKey: "level") as? CGFloat == 0.25)
    meter.setValue(0.75, forKey: "level")
    #expect(meter.level == 0.75)
    meter.caption = "L"
    #expect(meter.value(forKey: "caption") as? String == "L")
    meter.peak = 0.9
    #expect(meter.value(forKey: "peakLevel") as? Double == 0.9)
    #expect(meter.value(forKey: "peak") == nil)
    #expect(MeterLayer.needsDisplay(forKey: "level"))
}

@Test func managedPropertyAnimatesAndRedrawsEachFrame() throws {
    try CAMediaClock.withManualClock(startingAt: 0) { clock in
        let meter = MeterLayer()
        meter.bounds = CGRect(x: 0, y: 0, width: 100, height: 10)
        meter.anchorPoint = .zero
        meter.level = 1
        meter.setNeedsDisplay()
        let renderer = CARenderer(width: 100, height: 10)
        renderer.layer = meter
        CATransaction.flush()
        let grow = CABasicAnimation(keyPath: "level")
        grow.fromValue = 0
        grow.toValue = 1
        grow.duration = 1
        grow.timingFunction = CAMediaTimingFunction(name: .linear)
        meter.add(grow, forKey: "grow")
        CATransaction.flush()
        func frame(at t: Double) -> CGImage {
            clock.set(t)
            CALayer.displayAnimatedProperties(in: meter)
            CATransaction.flush()
            renderer.beginFrame(atTime: t); renderer.render(); renderer.endFrame()
            return renderer.makeImage()
        }
        // At 0.3 s the bar is 30 pixels wide: drawn by MeterLayer.draw(in:) with the animated level.
        let early = frame(at: 0.3)
        #expect(pixel(early, 28, 5) == [255, 255, 255, 255])
        #expect(pixel(early, 32, 5) == [0, 0, 0, 255])
        let late = frame(at: 0.8)
        #expect(pixel(late, 78, 5) == [255, 255, 255, 255])
        #expect(pixel(late, 82, 5) == [0, 0, 0, 255])
        // The model keeps its own level, and its presentation value is the animated one.
        #expect(meter.level == 1)
        #expect(meter.presentation() == nil)   // no copies of its own (see makePresentationCopy)
    }
}

@Test func managedPropertyOfAnOwnCopySubclassReadsAnimatedValuesAndAnimatesImplicitly() throws {
    try CAMediaClock.withManualClock(startingAt: 0) { clock in
        let root = CALayer()
        let meter = OwnCopyMeterLayer()
        meter.bounds = CGRect(x: 0, y: 0, width: 100, height: 10)
        meter.anchorPoint = .zero
        root.addSublayer(meter)
        let renderer = CARenderer(width: 100, height: 10)
        renderer.layer = root
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        meter.level = 0
        CATransaction.commit()
        // An action for the key, as Apple code returns from action(forKey:): an implicit animation.
        let implicit = CABasicAnimation(keyPath: "level")
        implicit.duration = 2
        implicit.timingFunction = CAMediaTimingFunction(name: .linear)
        meter.actions = ["level": implicit]
        meter.level = 0.8
        CATransaction.flush()
        #expect(meter.animationKeys()?.first == "level")
        clock.set(0.5)
        let p = try #require(meter.presentation())
        #expect(type(of: p) == OwnCopyMeterLayer.self)
        #expect(abs(p.level - 0.2) < 1e-9)
        #expect(p.value(forKey: "level") as? CGFloat == p.level)
        // Redrawn by its own copy: 20 pixels of white at 0.5 s … 0.25 of 0.8.
        CALayer.displayAnimatedProperties(in: root)
        CATransaction.flush()
        renderer.beginFrame(atTime: 0.5); renderer.render(); renderer.endFrame()
        let image = renderer.makeImage()
        #expect(pixel(image, 18, 5) == [255, 255, 255, 255])
        #expect(pixel(image, 22, 5) == [0, 0, 0, 0])
    }
}
