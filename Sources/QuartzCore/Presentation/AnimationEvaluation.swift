import Foundation

/// Applies attached animations to a layer's values at the layer's local time, in the order they
/// were added (a later animation of the same key path sees the earlier one's result).
///
/// A value that cannot be applied never leaves evaluation: a non-finite result (an animation to
/// NaN, an overflowing `byValue`), a key path the layer does not have or a value of the wrong
/// type keeps the property as it was for that frame, and the animation reports it once.
package enum AnimationEvaluation {
    /// What a property animation hands to `set` instead of a value when its values cannot be
    /// interpolated (a string for a number, keyframes without values…).
    package struct Uninterpretable {
        package let values: String
    }

    package static func apply(_ animations: [AttachedAnimation], to state: inout LayerState, layerTime: CFTimeInterval) {
        guard !animations.isEmpty else { return }
        var working = state
        for attached in animations {
            let animation = attached.animation
            if let compiled = attached.compiled {
                if !compiled.apply(to: &working, layerTime: layerTime) {
                    animation.evaluationDiagnostic.report(
                        "animation \(describe(attached)) reached a non-finite value; the property keeps its value")
                }
                continue
            }
            animation.apply(
                atParentTime: layerTime,
                get: { working.value(forKeyPath: $0) },
                set: { keyPath, value in
                    guard let value else { return }
                    if let bad = value as? Uninterpretable {
                        animation.evaluationDiagnostic.report(
                            "animation \(describe(attached)) of \"\(keyPath)\": its values (\(bad.values)) cannot be interpolated for that property; it changes nothing")
                        return
                    }
                    let before = working
                    guard working.setValue(value, forKeyPath: keyPath) else {
                        working = before
                        if let d = KVCValue.double(value), !d.isFinite {
                            return animation.evaluationDiagnostic.report(
                                "animation \(describe(attached)) of \"\(keyPath)\" reached a non-finite value; the property keeps its value")
                        }
                        animation.evaluationDiagnostic.report(
                            "animation \(describe(attached)): \"\(keyPath)\" is not an animatable key path of the layer or \(type(of: value)) is the wrong type for it; it changes nothing")
                        working = before
                        return
                    }
                    if !working.isFinite(atKeyPath: keyPath) {
                        working = before
                        animation.evaluationDiagnostic.report(
                            "animation \(describe(attached)) of \"\(keyPath)\" reached a non-finite value; the property keeps its value")
                    }
                })
        }
        state = working
    }

    private static func describe(_ attached: AttachedAnimation) -> String {
        attached.key.hasPrefix(CALayer.anonymousKeyPrefix) ? "\(type(of: attached.animation))" : "\"\(attached.key)\""
    }
}
