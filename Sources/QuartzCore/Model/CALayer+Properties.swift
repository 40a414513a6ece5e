// Generated from one table (the property name, type, key and validation of each layer property):
// edit by hand, keeping the pattern: every setter goes through `setProperty`.
import Foundation

extension CALayer {
    /// The layer's own coordinate space: origin and size.
    public var bounds: CGRect {
        get { state.bounds }
        set { guard isFiniteRect(newValue, key: "bounds") else { return }; setProperty("bounds", \.bounds, newValue) }
    }

    /// Where the anchor point lies in the superlayer's coordinate space.
    public var position: CGPoint {
        get { state.position }
        set { guard isFinitePoint(newValue, key: "position") else { return }; setProperty("position", \.position, newValue) }
    }

    /// The layer's position on the z axis of the superlayer's space.
    public var zPosition: CGFloat {
        get { state.zPosition }
        set { guard isFiniteScalar(newValue, key: "zPosition") else { return }; setProperty("zPosition", \.zPosition, newValue) }
    }

    /// The point, in unit coordinates of the bounds, that `position` refers to and transforms turn about. Default (0.5, 0.5).
    public var anchorPoint: CGPoint {
        get { state.anchorPoint }
        set { guard isFinitePoint(newValue, key: "anchorPoint") else { return }; setProperty("anchorPoint", \.anchorPoint, newValue) }
    }

    /// The anchor point's z coordinate.
    public var anchorPointZ: CGFloat {
        get { state.anchorPointZ }
        set { guard isFiniteScalar(newValue, key: "anchorPointZ") else { return }; setProperty("anchorPointZ", \.anchorPointZ, newValue) }
    }

    /// The transform applied about the anchor point.
    public var transform: CATransform3D {
        get { state.transform }
        set { guard isFiniteTransform(newValue, key: "transform") else { return }; setProperty("transform", \.transform, newValue) }
    }

    /// The transform applied to the sublayers, about the anchor point (perspective goes here, `m34 = −1/d`).
    public var sublayerTransform: CATransform3D {
        get { state.sublayerTransform }
        set { guard isFiniteTransform(newValue, key: "sublayerTransform") else { return }; setProperty("sublayerTransform", \.sublayerTransform, newValue) }
    }

    /// Whether the sublayers' geometry is flipped vertically.
    public var isGeometryFlipped: Bool {
        get { state.isGeometryFlipped }
        set { setProperty("geometryFlipped", \.isGeometryFlipped, newValue) }
    }

    /// Whether the layer and its subtree are hidden (not drawn, not hit).
    ///
    /// A change runs the `hidden` action, then `kCAOnOrderOut` (hiding) or `kCAOnOrderIn`
    /// (showing), as Apple documents for those events.
    public var isHidden: Bool {
        get { state.isHidden }
        set {
            let changed = state.isHidden != newValue
            setProperty("hidden", \.isHidden, newValue)
            if changed { runOrderAction(newValue ? kCAOnOrderOut : kCAOnOrderIn) }
        }
    }

    /// Whether the layer is drawn when it faces away from the viewer. Default true.
    public var isDoubleSided: Bool {
        get { state.isDoubleSided }
        set { setProperty("doubleSided", \.isDoubleSided, newValue) }
    }

    /// Whether sublayers are clipped to the (rounded) bounds.
    public var masksToBounds: Bool {
        get { state.masksToBounds }
        set { setProperty("masksToBounds", \.masksToBounds, newValue) }
    }

    /// A hint that the layer's contents are opaque.
    public var isOpaque: Bool {
        get { state.isOpaque }
        set { setProperty("opaque", \.isOpaque, newValue) }
    }

    /// The layer's opacity, 0…1. Default 1.
    public var opacity: Float {
        get { state.opacity }
        set { guard isFiniteFloat(newValue, key: "opacity") else { return }; setProperty("opacity", \.opacity, newValue) }
    }

    /// Whether a translucent layer fades its subtree as one group. Default true.
    public var allowsGroupOpacity: Bool {
        get { state.allowsGroupOpacity }
        set { setProperty("allowsGroupOpacity", \.allowsGroupOpacity, newValue) }
    }

    /// Apple's edge anti-aliasing switch. Strata always anti-aliases edges.
    public var allowsEdgeAntialiasing: Bool {
        get { state.allowsEdgeAntialiasing }
        set { setProperty("allowsEdgeAntialiasing", \.allowsEdgeAntialiasing, newValue) }
    }

    /// The colour filling the (rounded) bounds.
    public var backgroundColor: CGColor? {
        get { state.backgroundColor }
        set { setProperty("backgroundColor", \.backgroundColor, newValue) }
    }

    /// The radius of the rounded corners of the background, border and `masksToBounds` clip.
    public var cornerRadius: CGFloat {
        get { state.cornerRadius }
        set { guard isFiniteScalar(newValue, key: "cornerRadius") else { return }; setProperty("cornerRadius", \.cornerRadius, newValue) }
    }

    /// Which corners `cornerRadius` rounds. Default all four.
    public var maskedCorners: CACornerMask {
        get { state.maskedCorners }
        set { setProperty("maskedCorners", \.maskedCorners, newValue) }
    }

    /// The width of the border drawn inside the bounds, above the sublayers.
    public var borderWidth: CGFloat {
        get { state.borderWidth }
        set { guard isFiniteScalar(newValue, key: "borderWidth") else { return }; setProperty("borderWidth", \.borderWidth, newValue) }
    }

    /// The border's colour. Default opaque black.
    public var borderColor: CGColor? {
        get { state.borderColor }
        set { setProperty("borderColor", \.borderColor, newValue) }
    }

    /// The layer's content: a `CGImage`.
    public var contents: Any? {
        get { state.contents }
        set { setProperty("contents", \.contents, newValue) }
    }

    /// How `contents` is placed in the bounds. Default `.resize`.
    public var contentsGravity: CALayerContentsGravity {
        get { state.contentsGravity }
        set { setProperty("contentsGravity", \.contentsGravity, newValue) }
    }

    /// The part of `contents` shown, in unit coordinates. Default (0, 0, 1, 1).
    public var contentsRect: CGRect {
        get { state.contentsRect }
        set { guard isFiniteRect(newValue, key: "contentsRect") else { return }; setProperty("contentsRect", \.contentsRect, newValue) }
    }

    /// Pixels per point of `contents`. Default 1.
    public var contentsScale: CGFloat {
        get { state.contentsScale }
        set { guard isFiniteScalar(newValue, key: "contentsScale") else { return }; setProperty("contentsScale", \.contentsScale, newValue) }
    }

    /// The stretchable centre of `contents` (nine-part scaling), in unit coordinates.
    public var contentsCenter: CGRect {
        get { state.contentsCenter }
        set { guard isFiniteRect(newValue, key: "contentsCenter") else { return }; setProperty("contentsCenter", \.contentsCenter, newValue) }
    }

    /// The filter used when `contents` is drawn smaller.
    public var minificationFilter: CALayerContentsFilter {
        get { state.minificationFilter }
        set { setProperty("minificationFilter", \.minificationFilter, newValue) }
    }

    /// The filter used when `contents` is drawn larger.
    public var magnificationFilter: CALayerContentsFilter {
        get { state.magnificationFilter }
        set { setProperty("magnificationFilter", \.magnificationFilter, newValue) }
    }

    /// The shadow's colour. Default opaque black.
    public var shadowColor: CGColor? {
        get { state.shadowColor }
        set { setProperty("shadowColor", \.shadowColor, newValue) }
    }

    /// The shadow's opacity, 0…1. Default 0 (no shadow).
    public var shadowOpacity: Float {
        get { state.shadowOpacity }
        set { guard isFiniteFloat(newValue, key: "shadowOpacity") else { return }; setProperty("shadowOpacity", \.shadowOpacity, newValue) }
    }

    /// The shadow's offset. Default (0, −3).
    public var shadowOffset: CGSize {
        get { state.shadowOffset }
        set { guard isFiniteSize(newValue, key: "shadowOffset") else { return }; setProperty("shadowOffset", \.shadowOffset, newValue) }
    }

    /// The shadow's blur radius. Default 3.
    public var shadowRadius: CGFloat {
        get { state.shadowRadius }
        set { guard isFiniteScalar(newValue, key: "shadowRadius") else { return }; setProperty("shadowRadius", \.shadowRadius, newValue) }
    }

    /// The shadow's shape; nil uses the layer's own shape.
    public var shadowPath: CGPath? {
        get { state.shadowPath }
        set { setProperty("shadowPath", \.shadowPath, newValue) }
    }

    /// A name for the layer.
    public var name: String? {
        get { state.name }
        set { setProperty("name", \.name, newValue) }
    }

    /// Whether a bounds change asks for redisplay.
    public var needsDisplayOnBoundsChange: Bool {
        get { state.needsDisplayOnBoundsChange }
        set { setProperty("needsDisplayOnBoundsChange", \.needsDisplayOnBoundsChange, newValue) }
    }

    /// The layer's begin time in its superlayer's time space (CAMediaTiming).
    public var beginTime: CFTimeInterval {
        get { state.beginTime }
        set { guard isFiniteScalar(newValue, key: "beginTime") else { return }; setProperty("beginTime", \.beginTime, newValue) }
    }

    /// An offset added to the layer's local time (CAMediaTiming).
    public var timeOffset: CFTimeInterval {
        get { state.timeOffset }
        set { guard isFiniteScalar(newValue, key: "timeOffset") else { return }; setProperty("timeOffset", \.timeOffset, newValue) }
    }

    /// How fast the layer's time runs relative to its superlayer's (CAMediaTiming). Default 1.
    public var speed: Float {
        get { state.speed }
        set { guard isFiniteFloat(newValue, key: "speed") else { return }; setProperty("speed", \.speed, newValue) }
    }

    /// CAMediaTiming duration of the layer.
    public var duration: CFTimeInterval {
        get { state.duration }
        set { guard isFiniteScalar(newValue, key: "duration") else { return }; setProperty("duration", \.duration, newValue) }
    }

    /// CAMediaTiming repeat count of the layer.
    public var repeatCount: Float {
        get { state.repeatCount }
        set { guard !newValue.isNaN else { reject("repeatCount", newValue); return }; setProperty("repeatCount", \.repeatCount, newValue) }
    }

    /// CAMediaTiming repeat duration of the layer.
    public var repeatDuration: CFTimeInterval {
        get { state.repeatDuration }
        set { guard !newValue.isNaN else { reject("repeatDuration", newValue); return }; setProperty("repeatDuration", \.repeatDuration, newValue) }
    }

    /// CAMediaTiming fill mode of the layer.
    public var fillMode: CAMediaTimingFillMode {
        get { state.fillMode }
        set { setProperty("fillMode", \.fillMode, newValue) }
    }

    /// CAMediaTiming autoreverses of the layer.
    public var autoreverses: Bool {
        get { state.autoreverses }
        set { setProperty("autoreverses", \.autoreverses, newValue) }
    }
}
