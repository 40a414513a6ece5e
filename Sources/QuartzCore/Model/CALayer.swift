import Foundation

/// A layer: geometry, appearance and sublayers, drawn by Strata's CPU compositor.
///
/// The model layer is owned by the application's thread; changes are committed to the render
/// side by `CATransaction`. Properties, defaults and key-value coding follow Apple's QuartzCore.
open class CALayer: NSObject, NSSecureCoding, CAMediaTiming, CAAnimationTarget {
    /// All property values (the model values for a model layer, animated values for a presentation
    /// layer). Every access holds the transaction lock (`CATransaction.lock()`), so a layer may be
    /// read and changed from any thread and a commit snapshots a consistent tree, as Apple
    /// documents Core Animation's thread safety.
    package final var state: LayerState {
        _read { CATransaction.modelLock.lock(); defer { CATransaction.modelLock.unlock() }; yield _state }
        _modify { CATransaction.modelLock.lock(); defer { CATransaction.modelLock.unlock() }; yield &_state }
    }
    private var _state = LayerState()
    /// A model layer's sublayers (owned), superlayer (weak), mask (owned) and masked layer
    /// (weak). A presentation copy keeps none: its links come from `presentationLink`.
    package var ownSublayers: [CALayer] = []
    package weak var ownSuperlayer: CALayer?
    package var ownMask: CALayer?
    package weak var ownMaskOwner: CALayer?
    /// For a presentation copy, its place in the evaluated tree: it holds the copy above it
    /// strongly and makes the copies below it on demand (`PresentationLink`), so holding any copy
    /// keeps what it can reach, and dropping it frees the copies (issue #21: a copy that held its
    /// copied root, which owned the copy, leaked every tree).
    package var presentationLink: PresentationLink?
    /// For a presentation copy, the model layer it was made from.
    package weak var modelLayer: CALayer?
    /// Whether this object is a presentation copy.
    package var isPresentationCopy = false

    /// The sublayers (of a presentation copy: copies of the presented sublayers, made on demand).
    package var _sublayers: [CALayer] {
        get { presentationLink.map { $0.sublayers(of: self) } ?? ownSublayers }
        _modify { yield &ownSublayers }
    }
    /// The superlayer (of a presentation copy: the copy it was reached from).
    package var _superlayer: CALayer? {
        get { presentationLink.map { $0.isMask ? nil : $0.parent } ?? ownSuperlayer }
        set { ownSuperlayer = newValue }
    }
    /// The mask (of a presentation copy: a copy of the presented mask, made on demand).
    package var _mask: CALayer? {
        get { presentationLink.map { $0.mask(of: self) } ?? ownMask }
        set { ownMask = newValue }
    }
    /// For a mask layer, the layer it masks.
    package var _maskOwner: CALayer? {
        get { presentationLink.map { $0.isMask ? $0.parent : nil } ?? ownMaskOwner }
        set { ownMaskOwner = newValue }
    }
    /// This layer in the last committed snapshot (for the value on screen when a property changes).
    package weak var committedNode: LayerSnapshot?
    /// Whether an attached animation waits for the next commit to get its begin time.
    package var animationsAwaitBeginTime = false
    /// Attached animations in insertion order.
    package var _animations: [AttachedAnimation] = []
    /// How many renderers draw the tree this layer is the root of (windows draw through one).
    package var attachedRendererCount = 0
    /// Whether the layer's last commit was in a tree attached to a renderer: only then does a
    /// property change run an action (Apple: a standalone layer gets no implicit animations).
    package var committedInAttachedTree = false
    /// The last commit that walked this layer to its root (`LayerCommitter`).
    package var commitMark: UInt64 = 0
    /// Values on screen just before a property change, for the action that change runs.
    package var pendingOldValues: [String: Any] = [:]

    /// The delegate (weak, as Apple). Read and written under the transaction lock, like every
    /// other property, so any thread may use it.
    public var delegate: CALayerDelegate? {
        get { CATransaction.locked { _delegate } }
        set { CATransaction.locked { _delegate = newValue } }
    }
    private weak var _delegate: CALayerDelegate?

    /// Actions by event key, consulted after the delegate (under the transaction lock).
    public var actions: [String: CAAction]? {
        get { CATransaction.locked { _actions } }
        set { CATransaction.locked { _actions = newValue } }
    }
    private var _actions: [String: CAAction]?

    /// Default values and actions, consulted after `actions` (Apple's `style` dictionary; nested
    /// `style` entries chain). Under the transaction lock.
    public var style: [AnyHashable: Any]? {
        get { CATransaction.locked { _style } }
        set { CATransaction.locked { _style = newValue } }
    }
    private var _style: [AnyHashable: Any]?

    /// A new layer with Apple's defaults, or with a subclass's `defaultValue(forKey:)` where it
    /// overrides them (as on Apple: a subclass returning `true` for `"masksToBounds"` makes its
    /// layers clip by default).
    public override init() {
        super.init()
        if Swift.type(of: self) != CALayer.self { state = LayerDefaults.state(for: Swift.type(of: self)) }
    }

    deinit {
        releaseSubtreeIteratively()   // CALayer+Validation: no recursion for deep trees
        presentationLink?.releaseAncestorsIteratively()
    }

    /// A copy of `layer`'s values, as Apple uses for presentation layers. Sublayers are not copied.
    /// Override it (calling `super.init(layer:)`) to copy a subclass's own properties into
    /// presentation copies, as on Apple.
    public init(layer: Any) {
        super.init()
        if let other = layer as? CALayer {
            state = other.state
            delegate = other.delegate
            actions = other.actions
            style = other.style
        }
    }

    /// A layer decoded from an archive made by `encode(with:)`: its properties, stored keys,
    /// sublayers and mask. Nil when the archive is not a layer's.
    public required init?(coder: NSCoder) {
        super.init()
        guard decodeLayer(from: coder) else { return nil }
    }

    /// Archives the layer's properties, stored keys, sublayers and mask (not its animations,
    /// delegate, actions or style, which Apple does not archive either unless they are codable).
    open func encode(with coder: NSCoder) { encodeLayer(with: coder) }

    /// Layers support secure coding.
    public class var supportsSecureCoding: Bool { true }

    /// Makes the presentation copy of `model`, a layer of this class (`presentation()`, and the
    /// copies reached from one through `superlayer`, `sublayers` and `mask`). Strata addition.
    ///
    /// Apple's Core Animation makes presentation layers through the model's `init(layer:)`, found
    /// by the Objective-C runtime. Swift on Linux can only construct an instance of a subclass it
    /// does not know statically through a `required` initializer, and a required initializer would
    /// have to be repeated by every subclass that declares its own designated initializer (such as
    /// `init(color:)` beside `required init?(coder:)`) — that code would not compile. So the
    /// default answers nil, and the copy is an instance of the nearest Strata class (`CALayer`,
    /// `CAShapeLayer`, `CATextLayer`…) made with that class's `init(layer:)`: it carries every
    /// property, every key stored by key-value coding (`@Managed` properties included), the
    /// delegate, actions and style, but not the subclass's own stored properties, and
    /// `presentation()` on the subclass itself (typed `Self?`) then gives nil.
    ///
    /// A subclass whose presentation copies must be its own type — to read its properties from
    /// `presentation()`, or to draw an animated custom property through its own `draw(in:)` —
    /// says how to make one, in one line:
    ///
    ///     override class func makePresentationCopy(of model: CALayer) -> CALayer? { RingLayer(layer: model) }
    ///
    /// (Custom properties redraw without it too: Strata then draws the model layer with the
    /// presentation values.) Return nil, or a layer that is not of the model's class, to get the
    /// default.
    open class func makePresentationCopy(of model: CALayer) -> CALayer? { nil }

    /// Funnel of every property write: validation has already happened. Runs the implicit action
    /// machinery and marks the layer for the next commit.
    package func setProperty<T>(_ key: String, _ field: WritableKeyPath<LayerState, T>, _ value: T) {
        CATransaction.locked {
            let action = isPresentationCopy ? nil : actionForChange(ofKey: key)
            state[keyPath: field] = value
            didChangeProperty(key, action: action)
        }
    }

    // MARK: Hierarchy

    /// The sublayers in back-to-front order, or nil when there are none.
    ///
    /// Setting it runs the layer's `kCATransition` action (Strata's choice of when that event
    /// fires), `kCAOnOrderOut` for each layer that leaves and `kCAOnOrderIn` for each that joins.
    open var sublayers: [CALayer]? {
        get { CATransaction.locked { _sublayers.isEmpty ? nil : _sublayers } }
        set { CATransaction.locked { setSublayers(newValue) } }
    }

    private func setSublayers(_ newValue: [CALayer]?) {
        let incoming = newValue ?? []
        let kept = Set(incoming.map(ObjectIdentifier.init))
        runOrderAction(kCATransition)
        let old = _sublayers
        for layer in old where !kept.contains(ObjectIdentifier(layer)) { layer.runOrderAction(kCAOnOrderOut) }
        for layer in old { layer._superlayer = nil }
        _sublayers = []
        for layer in incoming {
            // A layer that stays a sublayer is not ordered in again.
            if layer._superlayer === self { continue }   // listed twice
            if old.contains(where: { $0 === layer }) {
                guard canAdopt(layer) else { continue }
                _sublayers.append(layer)
                layer._superlayer = self
            } else {
                insertSublayer(layer, at: UInt32(_sublayers.count))
            }
        }
        hierarchyDidChange()
    }

    /// The layer this one is a sublayer of.
    open var superlayer: CALayer? { CATransaction.locked { _superlayer } }

    /// A layer whose alpha masks this layer's content and sublayers.
    open var mask: CALayer? {
        get { CATransaction.locked { _mask } }
        set {
            CATransaction.locked {
                guard acceptsAsMask(newValue) else { return }   // CALayer+Validation: no cycles; moves it
                _mask?._maskOwner = nil
                _mask = newValue
                newValue?._maskOwner = self
                hierarchyDidChange()
            }
        }
    }

    /// Appends `layer` as the front-most sublayer (removing it from its current superlayer first).
    open func addSublayer(_ layer: CALayer) {
        CATransaction.locked { insertSublayer(layer, at: UInt32(_sublayers.count)) }
    }

    /// Inserts `layer` at `index` in `sublayers` (clamped to the end).
    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        CATransaction.locked {
            guard canAdopt(layer) else { return }
            let wasHere = layer._superlayer === self
            layer.removeFromSuperlayerQuietly()
            let i = min(Int(index), _sublayers.count)
            _sublayers.insert(layer, at: i)
            layer._superlayer = self
            if !wasHere { layer.runOrderAction(kCAOnOrderIn) }
            hierarchyDidChange()
        }
    }

    /// Inserts `layer` directly below `sibling` (or at the back when `sibling` is not a sublayer).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        CATransaction.locked {
            guard canAdopt(layer) else { return }
            layer.removeFromSuperlayerQuietly()
            let i = sibling.flatMap { s in _sublayers.firstIndex { $0 === s } } ?? 0
            insertSublayer(layer, at: UInt32(i))
        }
    }

    /// Inserts `layer` directly above `sibling` (or at the front when `sibling` is not a sublayer).
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        CATransaction.locked {
            guard canAdopt(layer) else { return }
            layer.removeFromSuperlayerQuietly()
            let i = sibling.flatMap { s in _sublayers.firstIndex { $0 === s } }.map { $0 + 1 } ?? _sublayers.count
            insertSublayer(layer, at: UInt32(i))
        }
    }

    /// Replaces the sublayer `old` with `new`; does nothing when `old` is not a sublayer.
    ///
    /// Runs the layer's `kCATransition` action first (Strata: as for a new `sublayers` array), then
    /// `old`'s `kCAOnOrderOut` and `new`'s `kCAOnOrderIn`.
    open func replaceSublayer(_ old: CALayer, with new: CALayer) {
        CATransaction.locked {
            guard let i = _sublayers.firstIndex(where: { $0 === old }) else {
                StrataDiagnostics.report("replaceSublayer: the layer to replace is not a sublayer; nothing changed")
                return
            }
            guard old !== new else { return }
            guard canAdopt(new) else { return }
            runOrderAction(kCATransition)
            old.removeFromSuperlayer()
            insertSublayer(new, at: UInt32(i))
        }
    }

    /// Detaches the layer from its superlayer (or from the layer it masks).
    open func removeFromSuperlayer() {
        CATransaction.locked {
            guard _superlayer != nil else { return }
            runOrderAction(kCAOnOrderOut)
            removeFromSuperlayerQuietly()
        }
    }

    private func removeFromSuperlayerQuietly() {
        guard let parent = _superlayer else { return }
        parent._sublayers.removeAll { $0 === self }
        _superlayer = nil
        parent.hierarchyDidChange()
    }

    /// Refuses a layer that would create a cycle (the layer itself or one of its ancestors).
    private func canAdopt(_ layer: CALayer) -> Bool { acceptsAsSublayer(layer) }

    /// Whether `self` is a (strict) ancestor of `layer`. Iterative: deep trees are fine.
    package func isAncestor(of layer: CALayer) -> Bool {
        var p = layer._superlayer
        while let q = p {
            if q === self { return true }
            p = q._superlayer
        }
        return false
    }

    // MARK: Layout and display (Apple's cycle: at each commit, the changed layers marked by
    // setNeedsLayout() are laid out, then those marked by setNeedsDisplay() are displayed)

    /// Override to position sublayers; the default asks the delegate. Called at commit for a
    /// layer marked by `setNeedsLayout()` (a bounds change or a sublayer change marks it too).
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }
    /// Lays out now if needed.
    ///
    /// Called from inside the same layer's `layoutSublayers()` (directly, or through other
    /// layers' layout: A lays out B, which lays out A), it does nothing but report: re-entering
    /// would recurse until the stack overflows when that layout calls `setNeedsLayout()` again.
    /// The layer stays marked and is laid out again at the next commit pass.
    open func layoutIfNeeded() {
        let proceed = CATransaction.locked { () -> Bool in
            guard needsLayoutFlag else { return false }
            guard !isLayingOut else {
                StrataDiagnostics.report("layoutIfNeeded(): called from inside the layer's own layoutSublayers(); not re-entered (the layer stays marked for the next layout pass)")
                return false
            }
            needsLayoutFlag = false
            isLayingOut = true
            return true
        }
        guard proceed else { return }
        defer { CATransaction.locked { isLayingOut = false } }
        layoutSublayers()
    }
    /// Marks the layer as needing layout at the next commit.
    open func setNeedsLayout() { CATransaction.locked { needsLayoutFlag = true; markChanged() } }
    /// Whether layout was requested.
    open func needsLayout() -> Bool { CATransaction.locked { needsLayoutFlag } }
    /// Marks the layer as needing display at the next commit (then `display()` runs, on the
    /// thread that commits: never on the render thread).
    open func setNeedsDisplay() {
        guard !isPresentationCopy else { return }
        CATransaction.locked {
            needsDisplayFlag = true
            markChanged()
        }
    }
    /// Marks the layer as needing display; Strata redisplays the whole layer for any rectangle.
    open func setNeedsDisplay(_ r: CGRect) { setNeedsDisplay() }
    /// Whether display was requested.
    open func needsDisplay() -> Bool { CATransaction.locked { needsDisplayFlag } }
    /// Displays now if needed.
    open func displayIfNeeded() {
        let needed = CATransaction.locked { () -> Bool in
            defer { needsDisplayFlag = false }
            return needsDisplayFlag
        }
        if needed { display() }
    }
    /// Sets `contents`: the delegate's `display(_:)` when there is a delegate (whose default
    /// draws the backing store), else a backing store of `bounds × contentsScale` pixels drawn
    /// by `draw(in:)`. Called at commit for a layer marked by `setNeedsDisplay()`.
    open func display() {
        if let delegate { delegate.display(self) } else { drawBackingStore() }
    }
    /// Draws the layer's content; the default asks the delegate's `draw(_:in:)`. The context has
    /// the layer's own coordinates: `bounds.origin` at the top-left, y down (as on iOS), scaled
    /// by `contentsScale`.
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }
    /// Draws the layer and its sublayers into `ctx` with model values, in 2D (Apple documents
    /// that 3D transforms are not honoured here; their affine part applies).
    open func render(in ctx: CGContext) { renderTree(in: ctx) }
    /// Whether the layer's content is flipped when rendered: true under an odd number of
    /// superlayers with `isGeometryFlipped`, whose flip the contents image is drawn against (it
    /// stays upright, as Apple's header says) and `draw(in:)`'s context is flipped for; false
    /// otherwise (Apple's default).
    open func contentsAreFlipped() -> Bool { hasFlippedAncestry }
    /// Whether the value of `key` is written when the layer is archived; true (Apple's default).
    /// Override it to leave keys out.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }
    package var needsLayoutFlag = false
    /// Set while `layoutSublayers()` runs from `layoutIfNeeded()` (the re-entrancy guard).
    private var isLayingOut = false
    /// Contents drawn from presentation values while animations change keys the class
    /// redisplays for (`needsDisplay(forKey:)`); committed in place of `contents`. nil otherwise.
    package var animatedDisplayContents: Any?
    package var needsDisplayFlag = false

    /// The preferred size: the bounds size (Apple's default).
    open func preferredFrameSize() -> CGSize { state.bounds.size }

    // MARK: Overridable entry points (their work lives in the CALayer+… files)

    /// The value of a property key (`"opacity"`, `"hidden"`…) or of an arbitrary stored key,
    /// boxed as Apple hands it out: numbers and booleans as `NSNumber`, points, sizes, rectangles
    /// and transforms as `NSValue` (each casts to its Swift type), names as `NSString`.
    open func value(forKey key: String) -> Any? { KVCBoxing.box(kvcValue(forKey: key)) }

    /// Sets a property by Apple's key, or stores a value under an arbitrary key. A value of the
    /// wrong type for a property is reported and the old value kept.
    open func setValue(_ value: Any?, forKey key: String) { kvcSetValue(value, forKey: key) }

    /// The value at a dotted key path (`"transform.rotation.z"`, `"position.x"`…). An unknown
    /// sub-path is reported and gives nil.
    /// Boxed as `value(forKey:)`: `"transform.rotation.z"` and `"position.y"` give `NSNumber`.
    open func value(forKeyPath keyPath: String) -> Any? { KVCBoxing.box(kvcValue(forKeyPath: keyPath)) }

    /// Sets the value at a dotted key path. An unknown sub-path or a wrong value type is reported
    /// and changes nothing.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) { kvcSetValue(value, forKeyPath: keyPath) }

    /// The action for `event`, searched as Apple does: the delegate's `action(for:forKey:)`, the
    /// `actions` dictionary, the `style` dictionary's `actions` (following nested `style`s),
    /// `defaultAction(forKey:)`, then the built-in animation of an animatable property.
    /// `NSNull` at any step ends the search with no action.
    open func action(forKey event: String) -> CAAction? { CATransaction.locked { searchAction(forKey: event) } }

    /// A class-wide action for `event`; nil by default (Apple's built-in property animations come
    /// after this step, so returning `NSNull()` here turns them off for a subclass).
    open class func defaultAction(forKey event: String) -> CAAction? { nil }

    /// Whether `p` (in this layer's space) is inside the layer: inside `bounds` by default.
    open func contains(_ p: CGPoint) -> Bool { state.bounds.contains(p) }

    /// The farthest descendant (or self) containing `p`, given in the superlayer's space.
    ///
    /// As on Apple: sublayers are tried front to back by order in `sublayers` (not by depth);
    /// hidden layers are skipped with their subtrees; a layer with `masksToBounds` skips its
    /// sublayers outside its bounds; a back-facing layer with `isDoubleSided = false` is still hit;
    /// a `CATransformLayer` is never returned itself, only its sublayers.
    ///
    /// The walk holds the transaction lock, so a tree other threads change is seen as one
    /// consistent tree (an unlocked walk indexed a sublayer another thread had just removed).
    open func hitTest(_ p: CGPoint) -> CALayer? { CATransaction.locked { orderedHitTest(p) } }

    // MARK: Properties
    //
    // Declared in the class body, not in extensions, so subclasses can override them as on Apple
    // (Swift cannot override members declared in extensions). Every setter goes through
    // `setProperty`, which runs the implicit action and marks the layer for commit.
    /// The layer's own coordinate space: origin and size.
    open var bounds: CGRect {
        get { state.bounds }
        set { guard isFiniteRect(newValue, key: "bounds") else { return }; setProperty("bounds", \.bounds, newValue) }
    }

    /// Where the anchor point lies in the superlayer's coordinate space.
    open var position: CGPoint {
        get { state.position }
        set { guard isFinitePoint(newValue, key: "position") else { return }; setProperty("position", \.position, newValue) }
    }

    /// The layer's position on the z axis of the superlayer's space.
    open var zPosition: CGFloat {
        get { state.zPosition }
        set { guard isFiniteScalar(newValue, key: "zPosition") else { return }; setProperty("zPosition", \.zPosition, newValue) }
    }

    /// The point, in unit coordinates of the bounds, that `position` refers to and transforms turn about. Default (0.5, 0.5).
    open var anchorPoint: CGPoint {
        get { state.anchorPoint }
        set { guard isFinitePoint(newValue, key: "anchorPoint") else { return }; setProperty("anchorPoint", \.anchorPoint, newValue) }
    }

    /// The anchor point's z coordinate.
    open var anchorPointZ: CGFloat {
        get { state.anchorPointZ }
        set { guard isFiniteScalar(newValue, key: "anchorPointZ") else { return }; setProperty("anchorPointZ", \.anchorPointZ, newValue) }
    }

    /// The transform applied about the anchor point.
    open var transform: CATransform3D {
        get { state.transform }
        set { guard isFiniteTransform(newValue, key: "transform") else { return }; setProperty("transform", \.transform, newValue) }
    }

    /// The transform applied to the sublayers, about the anchor point (perspective goes here, `m34 = −1/d`).
    open var sublayerTransform: CATransform3D {
        get { state.sublayerTransform }
        set { guard isFiniteTransform(newValue, key: "sublayerTransform") else { return }; setProperty("sublayerTransform", \.sublayerTransform, newValue) }
    }

    /// Whether the sublayers' geometry is flipped vertically.
    open var isGeometryFlipped: Bool {
        get { state.isGeometryFlipped }
        set { setProperty("geometryFlipped", \.isGeometryFlipped, newValue) }
    }

    /// Whether the layer and its subtree are hidden (not drawn, not hit).
    ///
    /// A change runs the `hidden` action, then `kCAOnOrderOut` (hiding) or `kCAOnOrderIn`
    /// (showing), as Apple documents for those events.
    open var isHidden: Bool {
        get { state.isHidden }
        set {
            let changed = state.isHidden != newValue
            setProperty("hidden", \.isHidden, newValue)
            if changed { runOrderAction(newValue ? kCAOnOrderOut : kCAOnOrderIn) }
        }
    }

    /// Whether the layer is drawn when it faces away from the viewer. Default true.
    open var isDoubleSided: Bool {
        get { state.isDoubleSided }
        set { setProperty("doubleSided", \.isDoubleSided, newValue) }
    }

    /// Whether sublayers are clipped to the (rounded) bounds.
    open var masksToBounds: Bool {
        get { state.masksToBounds }
        set { setProperty("masksToBounds", \.masksToBounds, newValue) }
    }

    /// A hint that the layer's contents are opaque.
    open var isOpaque: Bool {
        get { state.isOpaque }
        set { setProperty("opaque", \.isOpaque, newValue) }
    }

    /// The layer's opacity, 0…1. Default 1.
    open var opacity: Float {
        get { state.opacity }
        set { guard isFiniteFloat(newValue, key: "opacity") else { return }; setProperty("opacity", \.opacity, newValue) }
    }

    /// Whether a translucent layer fades its subtree as one group. Default true.
    open var allowsGroupOpacity: Bool {
        get { state.allowsGroupOpacity }
        set { setProperty("allowsGroupOpacity", \.allowsGroupOpacity, newValue) }
    }

    /// Apple's edge anti-aliasing switch; default false, as Apple's (without an Info.plist key).
    /// Strata always anti-aliases edges, whatever this and `edgeAntialiasingMask` say.
    open var allowsEdgeAntialiasing: Bool {
        get { state.allowsEdgeAntialiasing }
        set { setProperty("allowsEdgeAntialiasing", \.allowsEdgeAntialiasing, newValue) }
    }

    /// Which edges are anti-aliased when `allowsEdgeAntialiasing` is on; default all four.
    /// Stored only: Strata anti-aliases every edge.
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { state.edgeAntialiasingMask }
        set { setProperty("edgeAntialiasingMask", \.edgeAntialiasingMask, newValue) }
    }

    /// The shape of the rounded corners (background, border, `masksToBounds` clip); default
    /// `.circular`. Differs from Apple: see `CALayerCornerCurve.continuous` for its limits.
    open var cornerCurve: CALayerCornerCurve {
        get { state.cornerCurve }
        set { setProperty("cornerCurve", \.cornerCurve, newValue) }
    }

    /// How far a corner of `curve` extends along each edge, as a multiple of `cornerRadius`
    /// (Apple's values: 1 for `.circular`, 1.528665 for `.continuous`; 1 for unknown curves).
    open class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? 1.528665 : 1
    }

    /// Whether the layer and its subtree are rendered once into a bitmap, reused while nothing
    /// drawn in them changes; default false. The renderer's `lastFrameStatistics`
    /// `.rasterizedLayersDrawn` counts the bitmaps redrawn. A subtree with a mask, a shadow or
    /// a running transition inside, or part of it behind the eye, is drawn as usual.
    open var shouldRasterize: Bool {
        get { state.shouldRasterize }
        set { setProperty("shouldRasterize", \.shouldRasterize, newValue) }
    }

    /// The scale of the rasterized bitmap when `shouldRasterize` is on; default 1.
    open var rasterizationScale: CGFloat {
        get { state.rasterizationScale }
        set { guard isFiniteScalar(newValue, key: "rasterizationScale") else { return }; setProperty("rasterizationScale", \.rasterizationScale, newValue) }
    }

    /// The backing store's pixel format; `.RGBA8Uint` by default. Strata draws every backing
    /// store in 8-bit premultiplied BGRA whatever this says.
    open var contentsFormat: CALayerContentsFormat {
        get { state.contentsFormat }
        set { setProperty("contentsFormat", \.contentsFormat, newValue) }
    }

    /// Whether drawing commands may be deferred to a background thread; default false.
    /// Stored only (Strata draws `contents` images, not drawing commands).
    open var drawsAsynchronously: Bool {
        get { state.drawsAsynchronously }
        set { setProperty("drawsAsynchronously", \.drawsAsynchronously, newValue) }
    }

    /// The colour filling the (rounded) bounds.
    open var backgroundColor: CGColor? {
        get { state.backgroundColor }
        set { setProperty("backgroundColor", \.backgroundColor, newValue) }
    }

    /// The radius of the rounded corners of the background, border and `masksToBounds` clip.
    open var cornerRadius: CGFloat {
        get { state.cornerRadius }
        set { guard isFiniteScalar(newValue, key: "cornerRadius") else { return }; setProperty("cornerRadius", \.cornerRadius, newValue) }
    }

    /// Which corners `cornerRadius` rounds. Default all four.
    open var maskedCorners: CACornerMask {
        get { state.maskedCorners }
        set { setProperty("maskedCorners", \.maskedCorners, newValue) }
    }

    /// The width of the border drawn inside the bounds, above the sublayers.
    open var borderWidth: CGFloat {
        get { state.borderWidth }
        set { guard isFiniteScalar(newValue, key: "borderWidth") else { return }; setProperty("borderWidth", \.borderWidth, newValue) }
    }

    /// The border's colour. Default opaque black.
    open var borderColor: CGColor? {
        get { state.borderColor }
        set { setProperty("borderColor", \.borderColor, newValue) }
    }

    /// The layer's content: a `CGImage`.
    open var contents: Any? {
        get { state.contents }
        set { setProperty("contents", \.contents, newValue) }
    }

    /// How `contents` is placed in the bounds. Default `.resize`.
    open var contentsGravity: CALayerContentsGravity {
        get { state.contentsGravity }
        set { setProperty("contentsGravity", \.contentsGravity, newValue) }
    }

    /// The part of `contents` shown, in unit coordinates. Default (0, 0, 1, 1).
    open var contentsRect: CGRect {
        get { state.contentsRect }
        set { guard isFiniteRect(newValue, key: "contentsRect") else { return }; setProperty("contentsRect", \.contentsRect, newValue) }
    }

    /// Pixels per point of `contents`. Default 1.
    open var contentsScale: CGFloat {
        get { state.contentsScale }
        set { guard isFiniteScalar(newValue, key: "contentsScale") else { return }; setProperty("contentsScale", \.contentsScale, newValue) }
    }

    /// The stretchable centre of `contents` (nine-part scaling), in unit coordinates.
    open var contentsCenter: CGRect {
        get { state.contentsCenter }
        set { guard isFiniteRect(newValue, key: "contentsCenter") else { return }; setProperty("contentsCenter", \.contentsCenter, newValue) }
    }

    /// The filter used when `contents` is drawn smaller.
    open var minificationFilter: CALayerContentsFilter {
        get { state.minificationFilter }
        set { setProperty("minificationFilter", \.minificationFilter, newValue) }
    }

    /// The bias of the level-of-detail choice of `.trilinear` minification; default 0.
    /// Stored only: Strata has no mipmaps, so `.trilinear` samples as `.linear`.
    open var minificationFilterBias: Float {
        get { state.minificationFilterBias }
        set { guard isFiniteFloat(newValue, key: "minificationFilterBias") else { return }; setProperty("minificationFilterBias", \.minificationFilterBias, newValue) }
    }

    /// The filter used when `contents` is drawn larger.
    open var magnificationFilter: CALayerContentsFilter {
        get { state.magnificationFilter }
        set { setProperty("magnificationFilter", \.magnificationFilter, newValue) }
    }

    /// The shadow's colour. Default opaque black.
    open var shadowColor: CGColor? {
        get { state.shadowColor }
        set { setProperty("shadowColor", \.shadowColor, newValue) }
    }

    /// The shadow's opacity, 0…1. Default 0 (no shadow).
    open var shadowOpacity: Float {
        get { state.shadowOpacity }
        set { guard isFiniteFloat(newValue, key: "shadowOpacity") else { return }; setProperty("shadowOpacity", \.shadowOpacity, newValue) }
    }

    /// The shadow's offset. Default (0, −3).
    open var shadowOffset: CGSize {
        get { state.shadowOffset }
        set { guard isFiniteSize(newValue, key: "shadowOffset") else { return }; setProperty("shadowOffset", \.shadowOffset, newValue) }
    }

    /// The shadow's blur radius. Default 3.
    open var shadowRadius: CGFloat {
        get { state.shadowRadius }
        set { guard isFiniteScalar(newValue, key: "shadowRadius") else { return }; setProperty("shadowRadius", \.shadowRadius, newValue) }
    }

    /// The shadow's shape; nil uses the layer's own shape.
    open var shadowPath: CGPath? {
        get { state.shadowPath }
        set { setProperty("shadowPath", \.shadowPath, newValue) }
    }

    /// A name for the layer.
    open var name: String? {
        get { state.name }
        set { setProperty("name", \.name, newValue) }
    }

    /// Whether a bounds change asks for redisplay.
    open var needsDisplayOnBoundsChange: Bool {
        get { state.needsDisplayOnBoundsChange }
        set { setProperty("needsDisplayOnBoundsChange", \.needsDisplayOnBoundsChange, newValue) }
    }

    /// The layer's begin time in its superlayer's time space (CAMediaTiming).
    open var beginTime: CFTimeInterval {
        get { state.beginTime }
        set { guard isFiniteScalar(newValue, key: "beginTime") else { return }; setProperty("beginTime", \.beginTime, newValue) }
    }

    /// An offset added to the layer's local time (CAMediaTiming).
    open var timeOffset: CFTimeInterval {
        get { state.timeOffset }
        set { guard isFiniteScalar(newValue, key: "timeOffset") else { return }; setProperty("timeOffset", \.timeOffset, newValue) }
    }

    /// How fast the layer's time runs relative to its superlayer's (CAMediaTiming). Default 1.
    open var speed: Float {
        get { state.speed }
        set { guard isFiniteFloat(newValue, key: "speed") else { return }; setProperty("speed", \.speed, newValue) }
    }

    /// CAMediaTiming duration of the layer.
    open var duration: CFTimeInterval {
        get { state.duration }
        set { guard isFiniteScalar(newValue, key: "duration") else { return }; setProperty("duration", \.duration, newValue) }
    }

    /// CAMediaTiming repeat count of the layer.
    open var repeatCount: Float {
        get { state.repeatCount }
        set { guard !newValue.isNaN else { reject("repeatCount", newValue); return }; setProperty("repeatCount", \.repeatCount, newValue) }
    }

    /// CAMediaTiming repeat duration of the layer.
    open var repeatDuration: CFTimeInterval {
        get { state.repeatDuration }
        set { guard !newValue.isNaN else { reject("repeatDuration", newValue); return }; setProperty("repeatDuration", \.repeatDuration, newValue) }
    }

    /// CAMediaTiming fill mode of the layer.
    open var fillMode: CAMediaTimingFillMode {
        get { state.fillMode }
        set { setProperty("fillMode", \.fillMode, newValue) }
    }

    /// CAMediaTiming autoreverses of the layer.
    open var autoreverses: Bool {
        get { state.autoreverses }
        set { setProperty("autoreverses", \.autoreverses, newValue) }
    }

    // MARK: Geometry entry points (their work lives in CALayer+Geometry.swift)

    /// The layer's rectangle in the superlayer's space: derived from bounds, position, anchor
    /// point and transform (with a non-identity transform, the bounding box of the transformed
    /// bounds). Setting it writes position and bounds size.
    open var frame: CGRect {
        get { derivedFrame }
        set { setFrame(newValue) }
    }

    /// The transform as an affine transform (its x/y part).
    open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }

    /// Sets the transform from an affine transform.
    open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// Converts a point from `layer`'s space (the root's superlayer space when nil) to this
    /// layer's, exactly through `sublayerTransform` and perspective. A point that cannot be
    /// converted (behind the eye, or a plane seen edge-on) gives `(nan, nan)`; use
    /// `convertIfPossible(_:from:)` for an optional. Strata difference: Apple leaves this undefined.
    open func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        convertIfPossible(p, from: layer) ?? CGPoint(x: CGFloat.nan, y: CGFloat.nan)
    }

    /// Converts a point from this layer's space to `layer`'s (see `convert(_:from:)`).
    open func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        convertIfPossible(p, to: layer) ?? CGPoint(x: CGFloat.nan, y: CGFloat.nan)
    }

    /// Converts a rectangle from `layer`'s space: the bounding box of its converted corners
    /// (`.null` when a corner cannot be converted).
    open func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        Self.boundingBox(of: r) { self.convertIfPossible($0, from: layer) }
    }

    /// Converts a rectangle to `layer`'s space (see `convert(_:from:)`).
    open func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        Self.boundingBox(of: r) { self.convertIfPossible($0, to: layer) }
    }

    /// Converts a time from `layer`'s time space (global media time when nil) to this layer's,
    /// through the `beginTime`, `timeOffset` and `speed` of every ancestor.
    open func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        convertedTime(t, from: layer)
    }

    /// Converts a time from this layer's time space to `layer`'s (global media time when nil).
    open func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        convertedTime(t, to: layer)
    }

    // MARK: Animation entry points (their work lives in CALayer+Animations.swift)

    /// Attaches a copy of `anim` under `key` (replacing an animation with the same key, whose
    /// delegate then hears `finished: false`). A duration of 0 takes the transaction's duration;
    /// a begin time of 0 becomes the commit time in the layer's time space.
    ///
    /// A `CATransition` is stored under `kCATransition` whatever `key` is (as Apple's header says),
    /// and keeps the layer's subtree as last committed: the renderer draws that old look
    /// transitioning to the new one.
    open func add(_ anim: CAAnimation, forKey key: String?) { CATransaction.locked { attach(anim, forKey: key) } }

    /// The animation attached under `key` (the layer's own copy; do not modify it).
    open func animation(forKey key: String) -> CAAnimation? { CATransaction.locked { attachedAnimation(forKey: key) } }

    /// The keys of the attached animations, in the order they were added; nil when none.
    open func animationKeys() -> [String]? { CATransaction.locked { attachedAnimationKeys() } }

    /// Removes the animation under `key`; its delegate hears `finished: false`.
    open func removeAnimation(forKey key: String) { CATransaction.locked { detachAnimation(forKey: key) } }

    /// Removes every animation; each delegate hears `finished: false`.
    open func removeAllAnimations() { CATransaction.locked { detachAllAnimations() } }

    // MARK: Presentation entry points (their work lives in CALayer+Presentation.swift)

    /// A copy of the layer as it is on screen now: the committed values with running animations
    /// applied at `CACurrentMediaTime()`. Its sublayers and superlayer are presentation copies too,
    /// made through each model layer's `init(layer:)` (so a subclass keeps its type and whatever
    /// its `init(layer:)` copies). Nil before the layer's tree was first committed.
    open func presentation() -> Self? { CATransaction.locked { presentationCopy() as? Self } }

    /// The model layer of a presentation copy; a model layer returns itself.
    open func model() -> Self {
        if isPresentationCopy, let m = modelLayer as? Self { return m }
        return self
    }

    // MARK: Apple's class-level defaults

    /// The default value of a property key: Apple's defaults, nil for unknown keys and (as
    /// Apple's) for `bounds` and `position`.
    open class func defaultValue(forKey key: String) -> Any? {
        if key == "bounds" || key == "position" { return nil }
        return KVCBoxing.box(LayerState().propertyValue(forKey: key) ?? nil)
    }

    /// Whether a change of `key` requires redisplay; false by default.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// The class, the name in quotes when set, the position and the bounds.
    open override var description: String {
        "<\(type(of: self)) \(name.map { "\"\($0)\" " } ?? "")position=\(position) bounds=\(bounds)>"
    }
}

/// The event sent when a layer is added to a layer tree.
public let kCAOnOrderIn = "onOrderIn"
/// The event sent when a layer is removed from a layer tree.
public let kCAOnOrderOut = "onOrderOut"
/// The key of transitions, and the event of `CATransition` actions.
public let kCATransition = "transition"
