import Foundation

/// A layer that draws its sublayers `instanceCount` times, each copy transformed, delayed in
/// time and tinted relative to the one before (Apple's `CAReplicatorLayer`).
///
/// Differs from Apple: at most 4,096 instances are drawn (more are cut with a message), and at
/// most 4,096 instance layers in a frame over all (nested) replicators; the
/// colour modulation multiplies every colour an instance draws (background, border, contents,
/// shapes, gradients, text, particles) and its shadow's colour.
open class CAReplicatorLayer: CALayer {
    /// The number of copies, including the original. Default 1. Animatable.
    open var instanceCount: Int {
        get { state.replicator!.instanceCount }
        set {
            if newValue > ReplicatorLayerState.maximumInstanceCount {
                StrataDiagnostics.report("CAReplicatorLayer.instanceCount \(newValue) is more than Strata draws; the first \(ReplicatorLayerState.maximumInstanceCount) instances are drawn")
            }
            setProperty("instanceCount", \.replicator!.instanceCount, newValue)
        }
    }

    /// Whether the instances share the superlayer's 3D space, as a `CATransformLayer`'s
    /// sublayers do (and with its restrictions: the replicator then draws nothing of its own).
    /// Default false: they are flattened into the replicator's plane.
    open var preservesDepth: Bool {
        get { state.replicator!.preservesDepth }
        set { setProperty("preservesDepth", \.replicator!.preservesDepth, newValue) }
    }

    /// The time between instances: instance k shows its sublayers' animations k × this earlier.
    /// Default 0. Animatable.
    open var instanceDelay: CFTimeInterval {
        get { state.replicator!.instanceDelay }
        set { guard newValue.isFinite else { return reject("instanceDelay", newValue) }
              setProperty("instanceDelay", \.replicator!.instanceDelay, newValue) }
    }

    /// The transform applied to instance k−1 to make instance k, about the centre of the
    /// replicator's bounds. Default identity. Animatable.
    open var instanceTransform: CATransform3D {
        get { state.replicator!.instanceTransform }
        set { guard isFiniteTransform(newValue, key: "instanceTransform") else { return }
              setProperty("instanceTransform", \.replicator!.instanceTransform, newValue) }
    }

    /// The colour the first instance's colours are multiplied by. Default opaque white.
    /// Animatable.
    open var instanceColor: CGColor? {
        get { state.replicator!.instanceColor }
        set { setProperty("instanceColor", \.replicator!.instanceColor, newValue) }
    }

    /// Added to instance k−1's modulation red to give instance k's (results clamped to 0…1).
    /// Default 0. Animatable.
    open var instanceRedOffset: Float {
        get { state.replicator!.instanceRedOffset }
        set { guard isFiniteFloat(newValue, key: "instanceRedOffset") else { return }
              setProperty("instanceRedOffset", \.replicator!.instanceRedOffset, newValue) }
    }

    /// Added to instance k−1's modulation green to give instance k's. Default 0. Animatable.
    open var instanceGreenOffset: Float {
        get { state.replicator!.instanceGreenOffset }
        set { guard isFiniteFloat(newValue, key: "instanceGreenOffset") else { return }
              setProperty("instanceGreenOffset", \.replicator!.instanceGreenOffset, newValue) }
    }

    /// Added to instance k−1's modulation blue to give instance k's. Default 0. Animatable.
    open var instanceBlueOffset: Float {
        get { state.replicator!.instanceBlueOffset }
        set { guard isFiniteFloat(newValue, key: "instanceBlueOffset") else { return }
              setProperty("instanceBlueOffset", \.replicator!.instanceBlueOffset, newValue) }
    }

    /// Added to instance k−1's modulation alpha to give instance k's. Default 0. Animatable.
    open var instanceAlphaOffset: Float {
        get { state.replicator!.instanceAlphaOffset }
        set { guard isFiniteFloat(newValue, key: "instanceAlphaOffset") else { return }
              setProperty("instanceAlphaOffset", \.replicator!.instanceAlphaOffset, newValue) }
    }

    /// Apple's default of `key`: this class's own properties first, then `CALayer`'s.
    open override class func defaultValue(forKey key: String) -> Any? {
        if let v = ReplicatorLayerState().propertyValue(forKey: key) { return KVCBoxing.box(v) }
        return super.defaultValue(forKey: key)
    }
}
