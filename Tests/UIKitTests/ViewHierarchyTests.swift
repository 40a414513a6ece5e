import Testing
import UIKit

/// A view that logs its hierarchy callbacks.
@MainActor
final class LoggingView: UIView {
    var log: [String] = []
    let name: String
    init(_ name: String) { self.name = name; super.init(frame: CGRect(x: 0, y: 0, width: 10, height: 10)) }
    required init?(coder: NSCoder) { nil }
    override func willMove(toSuperview newSuperview: UIView?) { log.append("\(name) willMoveToSuperview \((newSuperview as? LoggingView)?.name ?? "nil")") }
    override func didMoveToSuperview() { log.append("\(name) didMoveToSuperview") }
    override func willMove(toWindow newWindow: UIWindow?) { log.append("\(name) willMoveToWindow \(newWindow == nil ? "nil" : "window")") }
    override func didMoveToWindow() { log.append("\(name) didMoveToWindow") }
    override func didAddSubview(_ subview: UIView) { log.append("\(name) didAddSubview \((subview as? LoggingView)?.name ?? "?")") }
    override func willRemoveSubview(_ subview: UIView) { log.append("\(name) willRemoveSubview \((subview as? LoggingView)?.name ?? "?")") }
}

@Suite struct ViewHierarchyTests {
    @Test @MainActor func subviewsAndSublayersKeepTheSameOrder() {
        let parent = UIView()
        let a = UIView(), b = UIView(), c = UIView(), d = UIView()
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, at: 0)
        parent.insertSubview(d, aboveSubview: c)
        #expect(parent.subviews == [c, d, a, b])
        #expect(parent.layer.sublayers?.map { $0 } == [c.layer, d.layer, a.layer, b.layer])
        parent.bringSubviewToFront(c)
        parent.sendSubviewToBack(b)
        #expect(parent.subviews == [b, d, a, c])
        parent.exchangeSubview(at: 0, withSubviewAt: 3)
        #expect(parent.subviews == [c, d, a, b])
        #expect(parent.layer.sublayers?.map { $0 } == [c.layer, d.layer, a.layer, b.layer])
        parent.insertSubview(a, belowSubview: c)
        #expect(parent.subviews == [a, c, d, b])
        parent.addSubview(a)                                // re-adding moves it to the front
        #expect(parent.subviews == [c, d, b, a])
        a.removeFromSuperview()
        #expect(a.superview == nil && a.layer.superlayer == nil)
        #expect(parent.subviews == [c, d, b])
    }

    @Test @MainActor func callbacksComeInUIKitsOrder() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let parent = LoggingView("parent"), child = LoggingView("child")
        parent.addSubview(child)
        #expect(child.log == ["child willMoveToSuperview parent", "child didMoveToSuperview"])
        #expect(parent.log == ["parent didAddSubview child"])
        child.log = []; parent.log = []
        window.addSubview(parent)
        #expect(parent.log == ["parent willMoveToSuperview nil", "parent willMoveToWindow window",
                               "parent didMoveToWindow", "parent didMoveToSuperview"].map {
                                   $0 == "parent willMoveToSuperview nil" ? "parent willMoveToSuperview nil" : $0 })
        #expect(child.log == ["child willMoveToWindow window", "child didMoveToWindow"])
        #expect(child.window === window)
        child.log = []; parent.log = []
        child.removeFromSuperview()
        #expect(parent.log == ["parent willRemoveSubview child"])
        #expect(child.log == ["child willMoveToSuperview nil", "child willMoveToWindow nil",
                              "child didMoveToWindow", "child didMoveToSuperview"])
        #expect(child.window == nil)
    }

    @Test @MainActor func aViewCannotBeAddedToItselfOrItsDescendants() {
        let a = UIView(), b = UIView(), c = UIView()
        a.addSubview(b)
        b.addSubview(c)
        a.addSubview(a)
        c.addSubview(a)
        b.insertSubview(a, at: 0)
        #expect(a.superview == nil)
        #expect(a.subviews == [b] && b.subviews == [c] && c.subviews.isEmpty)
        #expect(a.layer.superlayer == nil)
    }

    @Test @MainActor func viewWithTagSearchesBreadthFirst() {
        let root = UIView(), a = UIView(), b = UIView(), deep = UIView()
        a.tag = 1; b.tag = 2; deep.tag = 2
        root.addSubview(a); a.addSubview(deep); root.addSubview(b)
        #expect(root.viewWithTag(2) === b)
        #expect(root.viewWithTag(1) === a)
        #expect(root.viewWithTag(0) === root)
        #expect(root.viewWithTag(9) == nil)
    }

    @Test @MainActor func geometryLivesInTheLayer() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(v.layer.position == CGPoint(x: 25, y: 40))
        #expect(v.bounds == CGRect(x: 0, y: 0, width: 30, height: 40))
        v.center = CGPoint(x: 100, y: 100)
        #expect(v.frame == CGRect(x: 85, y: 80, width: 30, height: 40))
        v.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(v.frame == CGRect(x: 70, y: 60, width: 60, height: 80))
        #expect(v.bounds.size == CGSize(width: 30, height: 40))
        v.alpha = 0.5
        #expect(v.layer.opacity == 0.5)
        v.isHidden = true
        v.clipsToBounds = true
        #expect(v.layer.isHidden && v.layer.masksToBounds)
    }

    @Test @MainActor func nonFiniteGeometryIsRejected() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        v.frame = CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)
        v.frame = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10)
        v.center = CGPoint(x: 0, y: CGFloat.nan)
        v.bounds = CGRect(x: 0, y: 0, width: 10, height: -CGFloat.infinity)
        v.alpha = .nan
        v.alpha = .infinity
        v.transform = CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        v.transform3D = CATransform3DMakeScale(.infinity, 1, 1)
        #expect(v.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(v.alpha == 1)
        #expect(v.transform.isIdentity)
    }

    @Test @MainActor func conversionBetweenViews() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let a = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 100))
        let b = UIView(frame: CGRect(x: 5, y: 5, width: 50, height: 50))
        window.addSubview(a); a.addSubview(b)
        #expect(b.convert(CGPoint(x: 1, y: 2), to: nil) == CGPoint(x: 16, y: 27))
        #expect(b.convert(CGPoint(x: 16, y: 27), from: window) == CGPoint(x: 1, y: 2))
        #expect(a.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: b) == CGRect(x: -5, y: -5, width: 10, height: 10))
        b.transform = CGAffineTransform(scaleX: 2, y: 2)     // about b's centre (30, 30) in a
        #expect(b.convert(CGPoint(x: 25, y: 25), to: a) == CGPoint(x: 30, y: 30))
        #expect(b.convert(CGPoint(x: 0, y: 0), to: a) == CGPoint(x: -20, y: -20))
    }

    @Test @MainActor func layoutRunsThroughTheLayersLayoutCycle() {
        final class Counting: UIView {
            var layouts = 0
            override func layoutSubviews() { layouts += 1; subviews.first?.frame = bounds.insetBy(dx: 10, dy: 10) }
        }
        let v = Counting(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView()
        v.addSubview(child)
        v.layoutIfNeeded()
        #expect(v.layouts == 1)
        #expect(child.frame == CGRect(x: 10, y: 10, width: 80, height: 80))
        v.layoutIfNeeded()
        #expect(v.layouts == 1)                             // nothing changed
        v.bounds.size = CGSize(width: 50, height: 60)       // a size change marks it
        CATransaction.flush()                                // the layout pass of the commit
        #expect(v.layouts == 2)
        #expect(child.frame == CGRect(x: 10, y: 10, width: 30, height: 40))
        v.setNeedsLayout()
        v.layoutIfNeeded()
        #expect(v.layouts == 3)
    }

    @Test @MainActor func autoresizingFollowsTheSuperviewsSize() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let fill = UIView(frame: CGRect(x: 10, y: 10, width: 180, height: 80))
        fill.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let corner = UIView(frame: CGRect(x: 150, y: 50, width: 40, height: 40))
        corner.autoresizingMask = [.flexibleLeftMargin, .flexibleTopMargin]
        parent.addSubview(fill); parent.addSubview(corner)
        parent.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
        #expect(fill.frame == CGRect(x: 10, y: 10, width: 280, height: 180))
        #expect(corner.frame == CGRect(x: 250, y: 150, width: 40, height: 40))
    }

    @Test @MainActor func sizeToFitUsesSizeThatFits() {
        final class Fixed: UIView { override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 42, height: 7) } }
        let v = Fixed(frame: CGRect(x: 5, y: 6, width: 1, height: 1))
        v.sizeToFit()
        #expect(v.frame == CGRect(x: 5, y: 6, width: 42, height: 7))
    }

    @Test @MainActor func layerClassPicksTheBackingLayer() {
        final class ShapeView: UIView { override class var layerClass: AnyClass { CAShapeLayer.self } }
        final class GradientView: UIView { override class var layerClass: AnyClass { CAGradientLayer.self } }
        final class Wrong: UIView { override class var layerClass: AnyClass { NSString.self } }
        let s = ShapeView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(s.layer is CAShapeLayer)
        #expect((s.layer as? CAShapeLayer)?.lineWidth == 1)  // CAShapeLayer's own defaults
        #expect(s.layer.delegate === s)
        #expect(GradientView().layer is CAGradientLayer)
        #expect(type(of: Wrong().layer) == CALayer.self)
    }

    @Test @MainActor func drawRunsWithTheLayersContextCurrent() throws {
        final class Drawing: UIView {
            var rects: [CGRect] = []
            var hadContext = false
            override func draw(_ rect: CGRect) {
                rects.append(rect)
                hadContext = UIGraphicsGetCurrentContext() != nil
                UIGraphicsGetCurrentContext()?.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                UIGraphicsGetCurrentContext()?.fill(rect)
            }
        }
        let v = Drawing(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        CATransaction.flush()
        #expect(v.rects == [CGRect(x: 0, y: 0, width: 20, height: 10)])
        #expect(v.hadContext)
        #expect(UIGraphicsGetCurrentContext() == nil)
        let image = try #require(v.layer.contents as? CGImage)
        #expect(image.width == 20 && image.height == 10)
        #expect(plain.layer.contents == nil)                // no draw(_:) override: no backing store
        v.setNeedsDisplay()
        CATransaction.flush()
        #expect(v.rects.count == 2)
    }

    /// The first view of a class that does not draw keeps the contents the app gave its layer
    /// (the probe for a `draw(_:)` override nil'd them), and an image view keeps its image: a
    /// to-do app's first row showed no check mark.
    @Test @MainActor func viewsWithoutDrawKeepTheirLayersContents() throws {
        final class Badge: UIView {}                     // a class no other test displays
        final class Check: UIImageView {
            var drawn = false
            override func draw(_ rect: CGRect) { drawn = true }
        }
        let pixel = try CGImage(width: 1, height: 1, premultipliedBGRA: [0xFF00_FF00])
        let badges = (0..<3).map { _ in Badge(frame: CGRect(x: 0, y: 0, width: 8, height: 8)) }
        for b in badges { b.layer.contents = pixel }
        let checks = (0..<3).map { _ in Check(image: UIImage(cgImage: pixel)) }
        CATransaction.flush()
        for b in badges { #expect(b.layer.contents as? CGImage === pixel) }
        for c in checks {
            #expect(c.layer.contents as? CGImage === pixel)
            #expect(!c.drawn, "an image view does not call draw(_:)")
        }
    }

    @Test @MainActor func deepTreesLayOutHitTestAndTearDownWithoutRecursion() {
        weak var weakLeaf: UIView?
        do {
            // Built from the leaf up (each insertion checks for cycles up the new parent's chain).
            let leaf = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            var top = leaf
            for _ in 1..<10_000 {
                let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                v.addSubview(top)
                top = v
            }
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.isHidden = false
            window.addSubview(top)
            weakLeaf = leaf
            #expect(leaf.window === window)
            window.layoutIfNeeded()
            #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === leaf)
            #expect(window.viewWithTag(5) == nil)
            CATransaction.flush()
            window.isHidden = true
        }
        #expect(weakLeaf == nil)
    }
}
