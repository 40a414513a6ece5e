import Foundation

/// The initial property values of each CALayer subclass: Apple's defaults, overridden by the
/// class's `defaultValue(forKey:)`. Computed once per class (a subclass's override is a pure
/// function of the key, as Apple requires).
package enum LayerDefaults {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var states: [ObjectIdentifier: LayerState] = [:]

    package static func state(for type: CALayer.Type) -> LayerState {
        let id = ObjectIdentifier(type)
        lock.lock()
        if let known = states[id] { lock.unlock(); return known }
        lock.unlock()
        // Outside the lock: the subclass's code may make layers (and so come back here).
        var state = LayerState()
        state.installKindPayloads(for: type)
        for key in LayerState.propertyKeys + state.kindPropertyKeys {
            guard let value = type.defaultValue(forKey: key) else { continue }
            if !state.setPropertyValue(value, forKey: key) {
                StrataDiagnostics.report("\(type).defaultValue(forKey: \"\(key)\"): \(Swift.type(of: value)) does not fit the property; Apple's default kept")
            }
        }
        lock.lock(); states[id] = state; lock.unlock()
        return state
    }
}
