import Foundation

/// A rectangular area of the interface, backed by a Core Animation layer that it is the
/// delegate of, as on iOS.
///
/// Geometry and appearance live in `layer`: `frame`, `bounds`, `center`, `transform`, `alpha`,
/// `backgroundColor`, `isHidden` and `clipsToBounds` read and write it. Non-finite values are
/// refused with a message by the layer (the old value stays), as for layers.
@preconcurrency @MainActor
open class UIView: UIResponder {
    /// The class of the layer made for each new view; subclasses override it
    /// (`override class var layerClass: AnyClass { CAShapeLayer.self }`). A class that is not a
    /// `CALayer` subclass is reported once and a plain `CALayer` is used.
    open class var layerClass: AnyClass { CALayer.self }

    /// The backing layer. The view is its delegate.
    public let layer: CALayer

    weak var _superview: UIView?
    /// Touched only on the main actor, and by `deinit` (which runs when no one else holds the view).
    nonisolated(unsafe) var _subviews: [UIView] = []
    /// The window this view is in, kept for the whole subtree when it moves (no walk up the
    /// tree on every read: deep trees stay cheap).
    weak var _window: UIWindow?
    /// Animations from blocks without `.allowUserInteraction` still running on this view: while
    /// above zero the view does not take touches (iOS's rule).
    var interactionBlockingAnimations = 0
    var _gestureRecognizers: [UIGestureRecognizer] = []

    /// A name for UI automation and debugging (what `strata views` prints for a hit).
    open var accessibilityIdentifier: String?
    /// An integer to find the view by (`viewWithTag(_:)`); 0 by default.
    open var tag: Int = 0
    /// Whether touches reach this view and its subviews (true by default).
    open var isUserInteractionEnabled: Bool = true
    /// Whether the view is fully opaque (a drawing hint; true by default, as on iOS).
    open var isOpaque: Bool = true
    /// Whether subviews are resized when this view's bounds change (true by default).
    open var autoresizesSubviews: Bool = true
    /// How this view follows its superview's size changes.
    open var autoresizingMask: AutoresizingMask = []
    /// Whether `draw(_:)` output is cleared before drawing (true by default).
    open var clearsContextBeforeDrawing: Bool = true
    /// How the layer's contents are placed in the bounds; mirrored to the layer's
    /// `contentsGravity`.
    open var contentMode: ContentMode = .scaleToFill {
        didSet { layer.contentsGravity = contentMode.contentsGravity }
    }

    /// A view with the given frame.
    public init(frame: CGRect) {
        layer = Self.makeLayer(for: type(of: self))
        super.init()
        layer.delegate = self
        // A new layer is in no drawn tree yet: these writes never animate.
        layer.frame = frame
        layer.contentsGravity = contentMode.contentsGravity
        // Displayed once in its first commit, as on iOS: `draw(_:)` overrides fill the layer.
        layer.setNeedsDisplay()
    }

    /// A view with a zero frame.
    public convenience override init() { self.init(frame: .zero) }

    /// Views are not decoded from archives here (there are no storyboards or nibs): always nil,
    /// as a failable initializer may be. Subclasses may still declare it, as iOS code does.
    public required init?(coder: NSCoder) { return nil }

    deinit {
        // Children are released one by one, not recursively: 10,000-deep trees tear down
        // without overflowing the stack. A child still owned elsewhere keeps its subviews.
        var work = _subviews
        _subviews.removeAll()
        while var view = work.popLast() {
            if isKnownUniquelyReferenced(&view) {
                work.append(contentsOf: view._subviews)
                view._subviews.removeAll()
            }
        }
    }

    private static func makeLayer(for type: UIView.Type) -> CALayer {
        guard let cls = type.layerClass as? CALayer.Type else {
            StrataDiagnostics.report("\(type).layerClass is not a CALayer subclass; a CALayer backs the view")
            return CALayer()
        }
        if cls == CALayer.self { return CALayer() }
        // No Objective-C runtime: QuartzCore makes an instance of the class (see its notes for
        // subclasses of Strata's layer classes).
        return PresentationCopies.instance(ofClass: cls)
    }

    // MARK: Geometry

    /// The frame in the superview's coordinates (the bounding box when `transform` is not the
    /// identity). Setting it sets `center` and `bounds.size`; inside an animation block both
    /// animate (`position` and `bounds` on the layer).
    open var frame: CGRect {
        get { layer.frame }
        set {
            let oldSize = layer.bounds.size
            layer.frame = newValue
            boundsSizeDidChange(from: oldSize)
        }
    }

    /// The view's own coordinate system: origin and size.
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            let oldSize = layer.bounds.size
            layer.bounds = newValue
            boundsSizeDidChange(from: oldSize)
        }
    }

    /// The centre of the frame, in the superview's coordinates (the layer's `position`).
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }

    /// A 2D transform about the centre (the layer's `transform`, made affine).
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set {
            guard newValue.a.isFinite, newValue.b.isFinite, newValue.c.isFinite, newValue.d.isFinite,
                  newValue.tx.isFinite, newValue.ty.isFinite else {
                return StrataDiagnostics.report("UIView.transform: rejected a non-finite transform; the old one is kept")
            }
            layer.setAffineTransform(newValue)
        }
    }

    /// The layer's 3D transform.
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    /// Opacity, 0…1 (the layer's `opacity`). Non-finite values are refused with a message.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set {
            guard newValue.isFinite else {
                return StrataDiagnostics.report("UIView.alpha: rejected \(newValue); the old value is kept")
            }
            layer.opacity = Float(newValue)
        }
    }

    /// Whether the view (and its subviews) are hidden (the layer's `isHidden`).
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }

    /// Whether subviews are clipped to the bounds (the layer's `masksToBounds`).
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    private var _backgroundColor: UIColor?
    private var _tintColor: UIColor?

    /// The background colour (the layer's `backgroundColor`); animates inside blocks.
    open var backgroundColor: UIColor? {
        get {
            guard let cg = layer.backgroundColor else { return nil }
            if let c = _backgroundColor, c.cgColor == cg { return c }
            return UIColor(cgColor: cg)
        }
        set {
            _backgroundColor = newValue
            layer.backgroundColor = newValue?.cgColor
        }
    }

    /// The tint: this view's own, else its superview's, else the system blue.
    open var tintColor: UIColor! {
        get {
            var v: UIView? = self
            while let current = v {
                if let t = current._tintColor { return t }
                v = current._superview
            }
            return .systemBlue
        }
        set {
            _tintColor = newValue
            for view in subtreePreorder() { view.tintColorDidChange() }
        }
    }

    /// The tint changed (this view's or an ancestor's); the default does nothing.
    open func tintColorDidChange() {}

    /// The scale of the layer's backing store (the screen's scale once in a window).
    open var contentScaleFactor: CGFloat {
        get { layer.contentsScale }
        set { layer.contentsScale = newValue }
    }

    // MARK: Override points (in the class body: Swift without Objective-C cannot override
    // members declared in extensions)

    /// The next responder: the superview (a window's is the application, see `UIWindow`).
    open override var next: UIResponder? { _superview }

    /// Lays out the subviews. The default does nothing (autoresizing already happened when the
    /// bounds changed); subclasses override it.
    open func layoutSubviews() {}

    /// The size that best fits `size`; the default returns the current bounds size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// The size the view would like from its content; `noIntrinsicMetric` in each dimension
    /// by default.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Draws the view's content in `rect` (the bounds) into `UIGraphicsGetCurrentContext()`.
    /// The default draws nothing; a view whose class does not override it has no backing store.
    open func draw(_ rect: CGRect) {
        ViewDrawing.defaultDrawWasCalled = true
    }

    /// The farthest descendant of this view (or the view itself) that contains `point` (in this
    /// view's coordinates) and takes touches, or nil. See `defaultHitTest` for the rules.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        defaultHitTest(point, with: event)
    }

    /// Whether `point` (in this view's coordinates) is inside the bounds.
    /// Whether `gestureRecognizer`, about to begin (or recognise) with touches in this view,
    /// may do so; asked of the views its touches are in. True here; `UIButton` refuses a
    /// one-finger single tap recognised by another view, as UIKit controls do.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    /// A subview was added.
    open func didAddSubview(_ subview: UIView) {}
    /// A subview is about to be removed.
    open func willRemoveSubview(_ subview: UIView) {}
    /// This view is about to move to `newSuperview` (nil: removal).
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// This view moved to a new superview (or was removed).
    open func didMoveToSuperview() {}
    /// This view is about to move to `newWindow` (nil: out of any window).
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// This view's window changed.
    open func didMoveToWindow() {}

    /// Applies the autoresizing masks of the subviews after the bounds size changed.
    func boundsSizeDidChange(from oldSize: CGSize) {
        let newSize = layer.bounds.size
        guard oldSize != newSize else { return }
        setNeedsLayout()
        guard autoresizesSubviews else { return }
        for view in _subviews where !view.autoresizingMask.isEmpty {
            view.frame = view.autoresizingMask.resize(view.frame, from: oldSize, to: newSize)
        }
    }
}
