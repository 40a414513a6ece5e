import Foundation

/// The properties `CAReplicatorLayer` adds to `CALayer`, with Apple's defaults.
package struct ReplicatorLayerState: LayerKindState, @unchecked Sendable {
    package static let propertyKeys: [String] = [
        "instanceCount", "preservesDepth", "instanceDelay", "instanceTransform", "instanceColor",
        "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset",
    ]
    package static let animatableKeys: Set<String> = [
        "instanceCount", "instanceDelay", "instanceTransform", "instanceColor",
        "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset",
    ]
    package static let colorKeys: Set<String> = ["instanceColor"]

    /// The most instances one replicator draws; more are cut with a message (10⁶ spinner dots
    /// would take minutes a frame and say nothing a few thousand do not; instances in 3D are
    /// depth-sorted against each other, quadratic in their number).
    package static let maximumInstanceCount = 4_096

    package var instanceCount = 1
    package var preservesDepth = false
    package var instanceDelay: CFTimeInterval = 0
    package var instanceTransform = CATransform3DIdentity
    package var instanceColor: CGColor? = CGColor.white
    package var instanceRedOffset: Float = 0
    package var instanceGreenOffset: Float = 0
    package var instanceBlueOffset: Float = 0
    package var instanceAlphaOffset: Float = 0

    package init() {}

    /// The instances drawn: `instanceCount` within 0…`maximumInstanceCount`.
    package var drawnInstanceCount: Int { max(0, min(instanceCount, Self.maximumInstanceCount)) }

    /// The colour instance `i` multiplies its layers' colours by (straight r, g, b, a, each
    /// clamped to 0…1): `instanceColor` (nil: white) plus `i` times the offsets, as Apple's
    /// "added to the colour of instance k−1".
    package func modulation(ofInstance i: Int) -> SIMD4<Float> {
        let base = instanceColor?.rgba ?? (r: 1, g: 1, b: 1, a: 1)
        let k = Float(i)
        func c(_ v: Float) -> Float { v.isNaN ? 0 : min(1, max(0, v)) }
        return SIMD4(c(Float(base.r) + k * instanceRedOffset), c(Float(base.g) + k * instanceGreenOffset),
                     c(Float(base.b) + k * instanceBlueOffset), c(Float(base.a) + k * instanceAlphaOffset))
    }

    /// Whether any instance's colour differs from white.
    package var modulatesColor: Bool {
        modulation(ofInstance: 0) != SIMD4(repeating: 1)
            || instanceRedOffset != 0 || instanceGreenOffset != 0 || instanceBlueOffset != 0 || instanceAlphaOffset != 0
    }

    package func propertyValue(forKey key: String) -> Any?? {
        switch key {
        case "instanceCount": return .some(instanceCount)
        case "preservesDepth": return .some(preservesDepth)
        case "instanceDelay": return .some(instanceDelay)
        case "instanceTransform": return .some(instanceTransform)
        case "instanceColor": return .some(instanceColor as Any?)
        case "instanceRedOffset": return .some(instanceRedOffset)
        case "instanceGreenOffset": return .some(instanceGreenOffset)
        case "instanceBlueOffset": return .some(instanceBlueOffset)
        case "instanceAlphaOffset": return .some(instanceAlphaOffset)
        default: return nil
        }
    }

    package mutating func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "instanceCount":
            // Animations interpolate it as a Double; any finite value is kept, clamped to Int's range.
            guard let v = KVCValue.double(value), !v.isNaN else { return false }
            instanceCount = Int(max(-1e15, min(1e15, v.rounded())))
        case "preservesDepth": guard let v = KVCValue.bool(value) else { return false }; preservesDepth = v
        case "instanceDelay": guard let v = KVCValue.double(value), v.isFinite else { return false }; instanceDelay = v
        case "instanceTransform": guard let v = KVCValue.transform(value), v.isFinite else { return false }; instanceTransform = v
        case "instanceColor": guard value == nil || KVCValue.color(value) != nil else { return false }; instanceColor = KVCValue.color(value)
        case "instanceRedOffset": guard let v = KVCValue.float(value), v.isFinite else { return false }; instanceRedOffset = v
        case "instanceGreenOffset": guard let v = KVCValue.float(value), v.isFinite else { return false }; instanceGreenOffset = v
        case "instanceBlueOffset": guard let v = KVCValue.float(value), v.isFinite else { return false }; instanceBlueOffset = v
        case "instanceAlphaOffset": guard let v = KVCValue.float(value), v.isFinite else { return false }; instanceAlphaOffset = v
        default: return false
        }
        return true
    }
}
