import Foundation

/// A layer: geometry, appearance and sublayers, drawn by Strata's CPU compositor.
///
/// The model layer is owned by the application's thread; changes are committed to the render
/// side by `CATransaction`. Properties, defaults and key-value coding follow Apple's QuartzCore.
open class CALayer: NSObject, CAMediaTiming, CAAnimationTarget {
    /// All property values (the model values for a model layer, animated values for a presentation
    /// layer).
    package var state = LayerState()
    package var _sublayers: [CALayer] = []
    package weak var _superlayer: CALayer?
    package var _mask: CALayer?
    /// For a mask layer, the layer it masks.
    package weak var _maskOwner: CALayer?
    /// For a presentation copy, the model layer it was made from.
    package weak var modelLayer: CALayer?
    /// Whether this object is a presentation copy.
    package var isPresentationCopy = false
    /// For a presentation copy, the top of its copied tree (its ancestors are held weakly).
    package var presentationTreeRoot: CALayer?
    /// This layer in the last committed snapshot (for the value on screen when a property changes).
    package weak var committedNode: LayerSnapshot?
    /// Whether an attached animation waits for the next commit to get its begin time.
    package var animationsAwaitBeginTime = false
    /// Attached animations in insertion order.
    package var _animations: [AttachedAnimation] = []
    /// Values on screen just before a property change, for the action that change runs.
    package var pendingOldValues: [String: Any] = [:]

    /// The delegate (weak, as Apple).
    public weak var delegate: CALayerDelegate?

    /// Actions by event key, consulted after the delegate.
    public var actions: [String: CAAction]?

    /// Default values and actions, consulted after `actions` (Apple's `style` dictionary; nested
    /// `style` entries chain).
    public var style: [AnyHashable: Any]?

    /// A new layer with Apple's defaults.
    public override init() {
        super.init()
    }

    deinit { releaseSubtreeIteratively() }   // CALayer+Validation: no recursion for deep trees

    /// A copy of `layer`'s values, as Apple uses for presentation layers. Sublayers are not copied.
    /// `required` (unlike Apple) so presentation copies keep the model's subclass.
    public required init(layer: Any) {
        super.init()
        if let other = layer as? CALayer {
            state = other.state
            delegate = other.delegate
            actions = other.actions
            style = other.style
        }
    }

    /// Funnel of every property write: validation has already happened. Runs the implicit action
    /// machinery and marks the layer for the next commit.
    package func setProperty<T>(_ key: String, _ field: WritableKeyPath<LayerState, T>, _ value: T) {
        let action = isPresentationCopy ? nil : actionForChange(ofKey: key)
        state[keyPath: field] = value
        didChangeProperty(key, action: action)
    }

    // MARK: Hierarchy

    /// The sublayers in back-to-front order, or nil when there are none.
    ///
    /// Setting it runs the layer's `kCATransition` action (Strata's choice of when that event
    /// fires), `kCAOnOrderOut` for each layer that leaves and `kCAOnOrderIn` for each that joins.
    public var sublayers: [CALayer]? {
        get { _sublayers.isEmpty ? nil : _sublayers }
        set {
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
    }

    /// The layer this one is a sublayer of.
    public var superlayer: CALayer? { _superlayer }

    /// A layer whose alpha masks this layer's content and sublayers.
    public var mask: CALayer? {
        get { _mask }
        set {
            guard acceptsAsMask(newValue) else { return }   // CALayer+Validation: no cycles; moves it
            _mask?._maskOwner = nil
            _mask = newValue
            newValue?._maskOwner = self
            hierarchyDidChange()
        }
    }

    /// Appends `layer` as the front-most sublayer (removing it from its current superlayer first).
    public func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(_sublayers.count))
    }

    /// Inserts `layer` at `index` in `sublayers` (clamped to the end).
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        guard canAdopt(layer) else { return }
        let wasHere = layer._superlayer === self
        layer.removeFromSuperlayerQuietly()
        let i = min(Int(index), _sublayers.count)
        _sublayers.insert(layer, at: i)
        layer._superlayer = self
        if !wasHere { layer.runOrderAction(kCAOnOrderIn) }
        hierarchyDidChange()
    }

    /// Inserts `layer` directly below `sibling` (or at the back when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        guard canAdopt(layer) else { return }
        layer.removeFromSuperlayerQuietly()
        let i = sibling.flatMap { s in _sublayers.firstIndex { $0 === s } } ?? 0
        insertSublayer(layer, at: UInt32(i))
    }

    /// Inserts `layer` directly above `sibling` (or at the front when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        guard canAdopt(layer) else { return }
        layer.removeFromSuperlayerQuietly()
        let i = sibling.flatMap { s in _sublayers.firstIndex { $0 === s } }.map { $0 + 1 } ?? _sublayers.count
        insertSublayer(layer, at: UInt32(i))
    }

    /// Replaces the sublayer `old` with `new`; does nothing when `old` is not a sublayer.
    ///
    /// Runs the layer's `kCATransition` action first (Strata: as for a new `sublayers` array), then
    /// `old`'s `kCAOnOrderOut` and `new`'s `kCAOnOrderIn`.
    public func replaceSublayer(_ old: CALayer, with new: CALayer) {
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

    /// Detaches the layer from its superlayer (or from the layer it masks).
    public func removeFromSuperlayer() {
        guard _superlayer != nil else { return }
        runOrderAction(kCAOnOrderOut)
        removeFromSuperlayerQuietly()
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

    // MARK: Layout and display (Apple's hooks; Strata lays out nothing by itself)

    /// Override to position sublayers; the default asks the delegate.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }
    /// Lays out now if needed.
    public func layoutIfNeeded() { if needsLayoutFlag { needsLayoutFlag = false; layoutSublayers() } }
    /// Marks the layer as needing layout.
    public func setNeedsLayout() { needsLayoutFlag = true }
    /// Whether layout was requested.
    public func needsLayout() -> Bool { needsLayoutFlag }
    /// Marks the layer as needing display.
    public func setNeedsDisplay() { markChanged() }
    package var needsLayoutFlag = false

    /// The preferred size: the bounds size (Apple's default).
    open func preferredFrameSize() -> CGSize { state.bounds.size }

    // MARK: Overridable entry points (their work lives in the CALayer+… files)

    /// The value of a property key (`"opacity"`, `"hidden"`…) or of an arbitrary stored key.
    open func value(forKey key: String) -> Any? { kvcValue(forKey: key) }

    /// Sets a property by Apple's key, or stores a value under an arbitrary key. A value of the
    /// wrong type for a property is reported and the old value kept.
    open func setValue(_ value: Any?, forKey key: String) { kvcSetValue(value, forKey: key) }

    /// The value at a dotted key path (`"transform.rotation.z"`, `"position.x"`…). An unknown
    /// sub-path is reported and gives nil.
    open func value(forKeyPath keyPath: String) -> Any? { kvcValue(forKeyPath: keyPath) }

    /// Sets the value at a dotted key path. An unknown sub-path or a wrong value type is reported
    /// and changes nothing.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) { kvcSetValue(value, forKeyPath: keyPath) }

    /// The action for `event`, searched as Apple does: the delegate's `action(for:forKey:)`, the
    /// `actions` dictionary, the `style` dictionary's `actions` (following nested `style`s),
    /// `defaultAction(forKey:)`, then the built-in animation of an animatable property.
    /// `NSNull` at any step ends the search with no action.
    open func action(forKey event: String) -> CAAction? { searchAction(forKey: event) }

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
    open func hitTest(_ p: CGPoint) -> CALayer? { orderedHitTest(p) }

    // MARK: Apple's class-level defaults

    /// The default value of a property key: Apple's defaults, nil for unknown keys.
    open class func defaultValue(forKey key: String) -> Any? {
        LayerState().propertyValue(forKey: key) ?? nil
    }

    /// Whether a change of `key` requires redisplay; false by default.
    open class func needsDisplay(forKey key: String) -> Bool { false }

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
