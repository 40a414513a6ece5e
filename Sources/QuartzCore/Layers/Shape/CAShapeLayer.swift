import Foundation

/// A layer that draws a path, filled and stroked, between its contents and its first sublayer
/// (Apple's `CAShapeLayer`).
///
/// The compositor re-fills and re-strokes the path from the presentation values every frame, in
/// the layer's plane, so it stays sharp under any scale, 3D perspective or BSP split. The shape is
/// not clipped to the bounds unless `masksToBounds`; as a `mask` its anti-aliased coverage masks.
///
/// Differs from Apple: a path with a non-finite point, or a non-finite number, is refused with a
/// message (the old value kept); curves and round joins are drawn within 0.1 device pixel.
/// Dashes are laid out along the whole path before `strokeStart`/`strokeEnd` trim it.
open class CAShapeLayer: CALayer {
    /// The shape. Default nil (nothing drawn). Animatable: paths with the same number and kinds of
    /// elements interpolate point by point; any other change jumps at the middle of the animation.
    ///
    /// A `CGMutablePath` is copied when set (later changes to it do not show), as Apple does.
    open var path: CGPath? {
        get { state.shape!.path }
        set {
            if let p = newValue, !ShapeLayerState.isFinite(p) {
                return StrataDiagnostics.report("CAShapeLayer.path: rejected a path with a non-finite point; the old path is kept")
            }
            setProperty("path", \.shape!.path, ShapeLayerState.immutable(newValue))
        }
    }

    /// The colour inside the path. Default opaque black; nil fills nothing. Animatable.
    open var fillColor: CGColor? {
        get { state.shape!.fillColor }
        set { setProperty("fillColor", \.shape!.fillColor, newValue) }
    }

    /// How the inside of the path is decided. Default `.nonZero`.
    open var fillRule: CAShapeLayerFillRule {
        get { state.shape!.fillRule }
        set { setProperty("fillRule", \.shape!.fillRule, newValue) }
    }

    /// The colour of the stroke. Default nil (no stroke). Animatable.
    open var strokeColor: CGColor? {
        get { state.shape!.strokeColor }
        set { setProperty("strokeColor", \.shape!.strokeColor, newValue) }
    }

    /// The stroke's width, in the layer's units. Default 1. Animatable. Not positive: no stroke.
    open var lineWidth: CGFloat {
        get { state.shape!.lineWidth }
        set { guard isFiniteScalar(newValue, key: "lineWidth") else { return }; setProperty("lineWidth", \.shape!.lineWidth, newValue) }
    }

    /// How open subpaths end. Default `.butt`.
    open var lineCap: CAShapeLayerLineCap {
        get { state.shape!.lineCap }
        set { setProperty("lineCap", \.shape!.lineCap, newValue) }
    }

    /// How segments join. Default `.miter`.
    open var lineJoin: CAShapeLayerLineJoin {
        get { state.shape!.lineJoin }
        set { setProperty("lineJoin", \.shape!.lineJoin, newValue) }
    }

    /// The longest miter, in line widths, before a miter join is bevelled. Default 10. Animatable.
    open var miterLimit: CGFloat {
        get { state.shape!.miterLimit }
        set { guard isFiniteScalar(newValue, key: "miterLimit") else { return }; setProperty("miterLimit", \.shape!.miterLimit, newValue) }
    }

    /// Painted and unpainted lengths, alternating; nil (the default) strokes solid. A pattern
    /// with a negative or non-finite length, or all zero, strokes solid (with a message when set).
    open var lineDashPattern: [NSNumber]? {
        get { state.shape!.lineDashPattern }
        set {
            if let lengths = newValue, !lengths.isEmpty,
               !LayerStrokeStyle.isValidDash(lengths.map { CGFloat($0.doubleValue) }) {
                StrataDiagnostics.report("CAShapeLayer.lineDashPattern \(lengths.map(\.doubleValue)) has a negative or non-finite length or is all zero; the line is stroked solid")
            }
            setProperty("lineDashPattern", \.shape!.lineDashPattern, newValue)
        }
    }

    /// How far into the dash pattern each subpath starts. Default 0. Animatable (marching ants).
    open var lineDashPhase: CGFloat {
        get { state.shape!.lineDashPhase }
        set { guard isFiniteScalar(newValue, key: "lineDashPhase") else { return }; setProperty("lineDashPhase", \.shape!.lineDashPhase, newValue) }
    }

    /// Where the stroke starts, as a fraction of the path's length (all subpaths in order).
    /// Default 0. Animatable. Stored as given; drawn clamped to 0…1.
    open var strokeStart: CGFloat {
        get { state.shape!.strokeStart }
        set { guard isFiniteScalar(newValue, key: "strokeStart") else { return }; setProperty("strokeStart", \.shape!.strokeStart, newValue) }
    }

    /// Where the stroke ends, as a fraction of the path's length. Default 1. Animatable. Stored
    /// as given; drawn clamped to 0…1 (nothing is stroked unless `strokeStart` < `strokeEnd`).
    open var strokeEnd: CGFloat {
        get { state.shape!.strokeEnd }
        set { guard isFiniteScalar(newValue, key: "strokeEnd") else { return }; setProperty("strokeEnd", \.shape!.strokeEnd, newValue) }
    }
}
