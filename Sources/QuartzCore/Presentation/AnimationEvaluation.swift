import Foundation

/// Applies attached animations to a layer's values at the layer's local time, in the order they
/// were added (a later animation of the same key path sees the earlier one's result).
package enum AnimationEvaluation {
    package static func apply(_ animations: [AttachedAnimation], to state: inout LayerState, layerTime: CFTimeInterval) {
        guard !animations.isEmpty else { return }
        var working = state
        for attached in animations {
            if let compiled = attached.compiled {
                compiled.apply(to: &working, layerTime: layerTime)
                continue
            }
            attached.animation.apply(
                atParentTime: layerTime,
                get: { working.value(forKeyPath: $0) },
                set: { keyPath, value in
                    guard let value else { return }
                    working.setValue(value, forKeyPath: keyPath)
                })
        }
        state = working
    }
}
