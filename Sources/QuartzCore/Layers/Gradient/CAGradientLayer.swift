import Foundation

/// A layer that fills its shape (bounds with rounded corners) with a colour gradient, drawn over
/// its background colour (Apple's `CAGradientLayer`).
///
/// Colours interpolate in straight sRGB with alpha between stops, unbanded to 1 level in 8 bits.
/// Differs from Apple: with no colours nothing is drawn and with one colour the shape is filled
/// with it; `locations` whose count differs from the colours' is ignored (stops spread evenly)
/// with a message; a `colors` element that is not a `CGColor` is skipped with a message.
open class CAGradientLayer: CALayer {
    /// The stops' colours, `CGColor`s, typed `[Any]` as on Apple. Default nil. Animatable: arrays
    /// of the same length interpolate colour by colour; others jump at the animation's middle.
    open var colors: [Any]? {
        get { state.gradient!.colors }
        set { setProperty("colors", \.gradient!.colors, newValue) }
    }

    /// Where each colour sits, 0…1, increasing; nil (the default) spreads them evenly.
    /// Animatable (element by element, when the counts match). Non-finite values are refused.
    open var locations: [NSNumber]? {
        get { state.gradient!.locations }
        set {
            if let l = newValue, !l.allSatisfy({ $0.doubleValue.isFinite }) {
                return StrataDiagnostics.report("CAGradientLayer.locations: rejected \(l.map(\.doubleValue)), which has a non-finite value; the old locations are kept")
            }
            setProperty("locations", \.gradient!.locations, newValue)
        }
    }

    /// Where location 0 lies, in unit coordinates of the bounds. Default (0.5, 0). Animatable.
    open var startPoint: CGPoint {
        get { state.gradient!.startPoint }
        set { guard isFinitePoint(newValue, key: "startPoint") else { return }; setProperty("startPoint", \.gradient!.startPoint, newValue) }
    }

    /// Where location 1 lies (see `CAGradientLayerType` for each type), in unit coordinates.
    /// Default (0.5, 1). Animatable.
    open var endPoint: CGPoint {
        get { state.gradient!.endPoint }
        set { guard isFinitePoint(newValue, key: "endPoint") else { return }; setProperty("endPoint", \.gradient!.endPoint, newValue) }
    }

    /// The gradient's geometry. Default `.axial`.
    open var type: CAGradientLayerType {
        get { state.gradient!.type }
        set { setProperty("type", \.gradient!.type, newValue) }
    }
}
