import Foundation

/// A property animation reduced to plain numbers and a typed property writer, so that evaluating
/// it per frame involves no `Any`, no key-path strings and no allocation.
///
/// Built once per attached animation when its layer is committed (after its begin time is
/// resolved), for the common shapes only: a `CABasicAnimation` with `fromValue` and `toValue`, or
/// a linear `CAKeyframeAnimation` over `values`, of a number or a point, or a `CABasicAnimation`
/// of the whole `transform` between two matrices (split into their parts once, here, instead of
/// every frame: what `UIView.animate` adds for a view's `transform`), neither additive nor
/// cumulative, without a value function, on a key path with a typed writer below. Everything
/// else keeps the general `Any`-based path. Both paths compute the same values with the same
/// arithmetic (a test holds them to each other).
package struct CompiledAnimation: @unchecked Sendable {
    /// The property written, with Apple's key-path meaning.
    package enum Property: Equatable, Sendable {
        case opacity, zPosition, cornerRadius, borderWidth, shadowOpacity, shadowRadius, anchorPointZ
        case position, positionX, positionY, anchorPoint
        /// `transform.rotation.x/y/z` (0, 1, 2; bare `transform.rotation` is z).
        case transformRotation(Int)
        /// `transform.scale.x/y/z`; nil for bare `transform.scale` (all three).
        case transformScale(Int?)
        /// `transform.translation.x/y/z`.
        case transformTranslation(Int)
        /// The whole `transform` matrix (basic animations only: `Curve.transform`).
        case transform

        var isPoint: Bool { self == .position || self == .anchorPoint }

        init?(keyPath: String) {
            switch keyPath {
            case "opacity": self = .opacity
            case "zPosition": self = .zPosition
            case "cornerRadius": self = .cornerRadius
            case "borderWidth": self = .borderWidth
            case "shadowOpacity": self = .shadowOpacity
            case "shadowRadius": self = .shadowRadius
            case "anchorPointZ": self = .anchorPointZ
            case "position": self = .position
            case "position.x": self = .positionX
            case "position.y": self = .positionY
            case "anchorPoint": self = .anchorPoint
            case "transform.rotation", "transform.rotation.z": self = .transformRotation(2)
            case "transform.rotation.x": self = .transformRotation(0)
            case "transform.rotation.y": self = .transformRotation(1)
            case "transform.scale": self = .transformScale(nil)
            case "transform.scale.x": self = .transformScale(0)
            case "transform.scale.y": self = .transformScale(1)
            case "transform.scale.z": self = .transformScale(2)
            case "transform.translation.x": self = .transformTranslation(0)
            case "transform.translation.y": self = .transformTranslation(1)
            case "transform.translation.z": self = .transformTranslation(2)
            case "transform": self = .transform
            default: return nil
            }
        }
    }

    /// The values, as two lanes (numbers use lane 0 only).
    package enum Curve {
        /// `from + (to − from)·f`, f not clamped (overshooting timing functions extrapolate).
        case basic(SIMD2<Double>, SIMD2<Double>)
        /// Keyframes at `times` (≥ 2 of each), linear between them, with optional per-segment timing.
        case keyframes([SIMD2<Double>], times: [Double], functions: [CAMediaTimingFunction]?)
        /// Two matrices and their decompositions (nil where a matrix cannot be split), interpolated
        /// as `CATransform3D.interpolated(from:to:fraction:)` does.
        case transform(Box<TransformEndpoints>)
    }

    /// The endpoints of a `transform` animation, split once.
    package struct TransformEndpoints {
        let from: CATransform3D, to: CATransform3D
        let fromParts: DecomposedTransform?, toParts: DecomposedTransform?
    }

    /// Keeps `Curve` small: the transform endpoints are 300 bytes.
    package final class Box<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    package let property: Property
    package let curve: Curve
    package let timing: MediaTiming
    /// nil: linear.
    package let function: CAMediaTimingFunction?
    /// The begin time it was compiled with: a later change (a begin time resolved at another
    /// commit) makes it stale.
    package let beginTime: CFTimeInterval

    /// The compiled form of `animation`, or nil when it needs the general path.
    package init?(_ animation: CAAnimation) {
        guard let pa = animation as? CAPropertyAnimation, let keyPath = pa.keyPath,
              let property = Property(keyPath: keyPath),
              !pa.isAdditive, !pa.isCumulative, pa.valueFunction == nil else { return nil }
        func lanes(_ any: Any?) -> SIMD2<Double>? {
            switch AnimatableValue.decode(any)?.value {
            case .number(let n)? where !property.isPoint: return SIMD2(n, 0)
            case .point(let p)? where property.isPoint: return SIMD2(Double(p.x), Double(p.y))
            default: return nil
            }
        }
        let t = type(of: animation)
        if property == .transform {
            guard t == CABasicAnimation.self, let basic = animation as? CABasicAnimation, basic.byValue == nil,
                  case .transform(let a)? = AnimatableValue.decode(basic.fromValue)?.value,
                  case .transform(let b)? = AnimatableValue.decode(basic.toValue)?.value else { return nil }
            curve = .transform(Box(TransformEndpoints(from: a, to: b, fromParts: a.decomposed(), toParts: b.decomposed())))
        } else if t == CABasicAnimation.self, let basic = animation as? CABasicAnimation {
            guard basic.byValue == nil, let a = lanes(basic.fromValue), let b = lanes(basic.toValue) else { return nil }
            curve = .basic(a, b)
        } else if t == CAKeyframeAnimation.self, let keyframe = animation as? CAKeyframeAnimation {
            guard keyframe.path == nil, keyframe.rotationMode == nil, keyframe.calculationMode == .linear,
                  let values = keyframe.values, values.count >= 2 else { return nil }
            var points: [SIMD2<Double>] = []
            points.reserveCapacity(values.count)
            for v in values {
                guard let p = lanes(v) else { return nil }
                points.append(p)
            }
            curve = .keyframes(points, times: keyframe.linearKeyTimes(count: values.count),
                               functions: keyframe.timingFunctions)
        } else {
            return nil
        }
        self.property = property
        timing = animation.mediaTiming()
        function = animation.timingFunction
        beginTime = animation.beginTime
    }

    /// Writes the animation's value at the layer's local time `layerTime` into `state`
    /// (nothing when the animation is inactive then). False when the value was not finite and
    /// the property kept its value.
    @inline(__always) @discardableResult
    package func apply(to state: inout LayerState, layerTime: CFTimeInterval) -> Bool {
        let sample = timing.sample(atParentTime: layerTime)
        guard sample.isVisible else { return true }
        let u = CAAnimation.easedFraction(atLocalTime: sample.localTime, duration: timing.effectiveDuration, function)
        let v: SIMD2<Double>
        switch curve {
        case .transform(let box):
            let e = box.value
            let m = CATransform3D.interpolated(from: e.from, e.fromParts, to: e.to, e.toParts, fraction: u)
            guard m.isFinite else { return false }
            state.transform = m
            return true
        case .basic(let a, let b):
            v = a + (b - a) * u
        case .keyframes(let points, let times, let functions):
            // As CAKeyframeAnimation's segmentTiming.
            var (i, s) = CAKeyframeAnimation.locate(u, in: times)
            if let functions, i < functions.count { s = functions[i].evaluate(at: s) }
            let a = points[i], b = points[i + 1]
            v = a + (b - a) * s
        }
        return write(v, to: &state)
    }

    @inline(__always)
    private func write(_ v: SIMD2<Double>, to state: inout LayerState) -> Bool {
        // As the general path: a non-finite value is refused (the property keeps its value).
        guard v.x.isFinite, v.y.isFinite else { return false }
        switch property {
        case .opacity: state.opacity = Float(v.x)
        case .zPosition: state.zPosition = CGFloat(v.x)
        case .cornerRadius: state.cornerRadius = CGFloat(v.x)
        case .borderWidth: state.borderWidth = CGFloat(v.x)
        case .shadowOpacity: state.shadowOpacity = Float(v.x)
        case .shadowRadius: state.shadowRadius = CGFloat(v.x)
        case .anchorPointZ: state.anchorPointZ = CGFloat(v.x)
        case .position: state.position = CGPoint(x: v.x, y: v.y)
        case .positionX: state.position.x = CGFloat(v.x)
        case .positionY: state.position.y = CGFloat(v.x)
        case .anchorPoint: state.anchorPoint = CGPoint(x: v.x, y: v.y)
        case .transform:
            break   // written by apply (Curve.transform)
        case .transformRotation, .transformScale, .transformTranslation:
            // As TransformComponents.set: replace one component, rebuild the matrix.
            var c = TransformComponents.components(of: state.transform)
            switch property {
            case .transformRotation(let axis): c.rotation[axis] = v.x
            case .transformScale(let axis?): c.scale[axis] = v.x
            case .transformScale(nil): c.scale = SIMD3(repeating: v.x)
            case .transformTranslation(let axis): c.translation[axis] = v.x
            default: break
            }
            let m = TransformComponents.matrix(from: c)
            guard m.isFinite else { return false }   // finite components can still overflow
            state.transform = m
        }
        return true
    }
}
