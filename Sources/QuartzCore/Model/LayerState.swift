import Foundation
import Synchronization

/// Every value of one layer, as a plain value: what the model layer stores, what a commit
/// snapshots for the render thread, and what presentation evaluation produces.
///
/// Defaults are Apple's.
package struct LayerState: @unchecked Sendable {
    // Geometry
    package var bounds = CGRect.zero
    package var position = CGPoint.zero
    package var zPosition: CGFloat = 0
    package var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    package var anchorPointZ: CGFloat = 0
    package var transform = CATransform3DIdentity
    package var sublayerTransform = CATransform3DIdentity
    package var isGeometryFlipped = false
    // Visibility and appearance
    package var isHidden = false
    package var isDoubleSided = true
    package var masksToBounds = false
    package var isOpaque = false
    package var opacity: Float = 1
    package var allowsGroupOpacity = true
    package var allowsEdgeAntialiasing = false
    package var edgeAntialiasingMask: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge,
                                                                .layerBottomEdge, .layerTopEdge]
    package var cornerCurve: CALayerCornerCurve = .circular
    package var shouldRasterize = false
    package var rasterizationScale: CGFloat = 1
    package var drawsAsynchronously = false
    package var contentsFormat = CALayerContentsFormat.RGBA8Uint
    package var minificationFilterBias: Float = 0
    package var backgroundColor: CGColor? = nil
    package var cornerRadius: CGFloat = 0
    package var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner,
                                               .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    package var borderWidth: CGFloat = 0
    package var borderColor: CGColor? = LayerState.opaqueBlack
    // Contents
    package var contents: Any? = nil
    package var contentsGravity: CALayerContentsGravity = .resize
    package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsScale: CGFloat = 1
    package var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var minificationFilter: CALayerContentsFilter = .linear
    package var magnificationFilter: CALayerContentsFilter = .linear
    // Shadow
    package var shadowColor: CGColor? = LayerState.opaqueBlack
    package var shadowOpacity: Float = 0
    package var shadowOffset = CGSize(width: 0, height: -3)
    package var shadowRadius: CGFloat = 3
    package var shadowPath: CGPath? = nil
    // Misc
    package var name: String? = nil
    package var needsDisplayOnBoundsChange = false
    // Timing (CAMediaTiming on the layer)
    package var beginTime: CFTimeInterval = 0
    package var timeOffset: CFTimeInterval = 0
    package var speed: Float = 1
    package var duration: CFTimeInterval = 0
    package var repeatCount: Float = 0
    package var repeatDuration: CFTimeInterval = 0
    package var autoreverses = false
    package var fillMode: CAMediaTimingFillMode = .removed
    // Special layers: each kind's own properties (nil on layers of other kinds). Installed by
    // `installKindPayloads(for:)` when a layer of that class is made; see LayerState+Kinds.
    // Kept in one shared box, copied on write (`kindPayloads`), nil for a plain layer: inline
    // they were 664 of the state's 1,520 bytes (864 now), copied with it into every snapshot and
    // presentation node.
    package var shape: ShapeLayerState? {
        get { kindPayloads?.shape }
        _modify { let box = writableKindPayloads(); yield &box.shape }
    }
    package var gradient: GradientLayerState? {
        get { kindPayloads?.gradient }
        _modify { let box = writableKindPayloads(); yield &box.gradient }
    }
    package var text: TextLayerState? {
        get { kindPayloads?.text }
        _modify { let box = writableKindPayloads(); yield &box.text }
    }
    package var replicator: ReplicatorLayerState? {
        get { kindPayloads?.replicator }
        _modify { let box = writableKindPayloads(); yield &box.replicator }
    }
    package var emitter: EmitterLayerState? {
        get { kindPayloads?.emitter }
        _modify { let box = writableKindPayloads(); yield &box.emitter }
    }
    package var scroll: ScrollLayerState? {
        get { kindPayloads?.scroll }
        _modify { let box = writableKindPayloads(); yield &box.scroll }
    }
    package var tiled: TiledLayerState? {
        get { kindPayloads?.tiled }
        _modify { let box = writableKindPayloads(); yield &box.tiled }
    }
    /// The kinds' payloads; shared by copies of the state until one of them changes a payload.
    private var kindPayloads: LayerKindPayloads?
    /// Every layer's compositing filter and dynamic-range properties (see CompositingLayerState).
    package var compositing = CompositingLayerState()
    /// Values set for keys that are not properties (a layer is a key-value container).
    package var customValues: [String: Any] = [:]

    package init() {}

    /// The payload box, made unique to this value (copied when shared, made when absent).
    private mutating func writableKindPayloads() -> LayerKindPayloads {
        if kindPayloads == nil {
            kindPayloads = LayerKindPayloads()
        } else if !isKnownUniquelyReferenced(&kindPayloads) {
            kindPayloads = LayerKindPayloads(copying: kindPayloads!)
        } else {
            kindPayloads!.renewGeneration()
        }
        return kindPayloads!
    }

    /// Names what the kinds' payloads hold: equal for two states only when their payloads are
    /// the same (0 for a plain layer). A payload shared by copies is never changed, and a new
    /// or changed one gets a number never given before, so a renderer can key what it drew
    /// from a layer's text, path, gradient or tiles on it, across frames and commits.
    package var kindContentGeneration: UInt64 { kindPayloads?.generation ?? 0 }

    /// The payload box `kindContentGeneration` names (nil for a plain layer), for a cache to
    /// hold weakly: once it is gone, no state will name its generation again.
    package var kindContentOwner: AnyObject? { kindPayloads }

    /// The default border and shadow colour, one immutable object shared by every new layer
    /// (two colours were made for every new layer).
    private static let opaqueBlack = CGColor(gray: 0, alpha: 1)

    /// The layer's matrix to its superlayer's space, before the superlayer's `sublayerTransform`:
    /// `T(−anchor·size − bounds.origin, −anchorPointZ) · transform · T(position, zPosition)`.
    package var localToParent: CATransform3D {
        let ax = bounds.origin.x + anchorPoint.x * bounds.size.width
        let ay = bounds.origin.y + anchorPoint.y * bounds.size.height
        return CATransform3DMakeTranslation(-ax, -ay, -anchorPointZ).concatenating(transform)
            .concatenating(CATransform3DMakeTranslation(position.x, position.y, zPosition))
    }

    /// This layer's `sublayerTransform` applied about its anchor point, in its bounds space;
    /// with `isGeometryFlipped` the sublayers' space is first flipped about the bounds' middle.
    package var sublayerMatrix: CATransform3D {
        var m = CATransform3DIdentity
        if isGeometryFlipped {
            let cy = bounds.midY
            m = CATransform3DMakeTranslation(0, -cy, 0).concatenating(CATransform3DMakeScale(1, -1, 1))
                .concatenating(CATransform3DMakeTranslation(0, cy, 0))
        }
        if sublayerTransform == CATransform3DIdentity { return m }
        let ax = bounds.origin.x + anchorPoint.x * bounds.size.width
        let ay = bounds.origin.y + anchorPoint.y * bounds.size.height
        return m.concatenating(CATransform3DMakeTranslation(-ax, -ay, 0)).concatenating(sublayerTransform)
            .concatenating(CATransform3DMakeTranslation(ax, ay, 0))
    }
}

/// The special layer kinds' properties of one `LayerState`, in a box its copies share until one
/// changes them (copy on write, by `LayerState`; never changed while shared).
package final class LayerKindPayloads: @unchecked Sendable {
    var shape: ShapeLayerState?
    var gradient: GradientLayerState?
    var text: TextLayerState?
    var replicator: ReplicatorLayerState?
    var emitter: EmitterLayerState?
    var scroll: ScrollLayerState?
    var tiled: TiledLayerState?
    /// A number no other box had (see `LayerState.kindContentGeneration`), renewed before
    /// every change in place.
    private(set) var generation = LayerKindPayloads.nextGeneration()
    private static let generations = Atomic<UInt64>(0)

    private static func nextGeneration() -> UInt64 {
        generations.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Called before the box (held by one state only) is changed in place.
    func renewGeneration() { generation = Self.nextGeneration() }

    init() {}

    init(copying other: LayerKindPayloads) {
        shape = other.shape
        gradient = other.gradient
        text = other.text
        replicator = other.replicator
        emitter = other.emitter
        scroll = other.scroll
        tiled = other.tiled
    }
}
