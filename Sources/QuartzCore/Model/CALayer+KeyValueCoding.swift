import Foundation

/// Key-value coding: every property by Apple's key, arbitrary keys as stored values, and Apple's
/// sub-paths (`transform.rotation.z`, `position.x`, `bounds.size.width`…).
extension CALayer {
    /// The value of a property key (`"opacity"`, `"hidden"`…) or of an arbitrary stored key.
    package func kvcValue(forKey key: String) -> Any? {
        switch key {
        case "frame": return frame
        case "sublayers": return sublayers
        case "mask": return mask
        case "superlayer": return superlayer
        case "delegate": return delegate
        case "actions": return actions
        case "style": return style
        default:
            if let v = state.propertyValue(forKey: key) { return v }
            if let v = state.customValues[key] { return v }
            // Unset keys: the style dictionary, then the class's default (Apple's order).
            if let v = style.flatMap({ Self.styleValue(forKey: key, in: $0) }) { return v }
            return type(of: self).defaultValue(forKey: key)
        }
    }

    /// Sets a property by Apple's key, or stores a value under an arbitrary key. A value of the
    /// wrong type for a property is refused with a message and the old value kept.
    package func kvcSetValue(_ value: Any?, forKey key: String) {
        switch key {
        case "frame":
            guard let r = KVCValue.rect(value) else { return refuseType(key, value) }
            frame = r
        case "sublayers":
            guard value == nil || value is [CALayer] else { return refuseType(key, value) }
            sublayers = value as? [CALayer]
        case "mask":
            guard value == nil || value is CALayer else { return refuseType(key, value) }
            mask = value as? CALayer
        case "actions": actions = value as? [String: CAAction]
        case "style": style = value as? [AnyHashable: Any]
        default:
            if state.propertyValue(forKey: key) != nil {
                var copy = state
                guard copy.setPropertyValue(value, forKey: key),
                      let newValue = copy.propertyValue(forKey: key) else { return refuseType(key, value) }
                applyValidated(newValue, forKey: key)
            } else {
                let action = actionForChange(ofKey: key)
                state.customValues[key] = value
                didChangeProperty(key, action: action)
            }
        }
    }

    /// The value at a dotted key path: a property key followed by Apple's sub-paths.
    /// An unknown sub-path is reported and gives nil.
    package func kvcValue(forKeyPath keyPath: String) -> Any? {
        let parts = keyPath.split(separator: ".").map(String.init)
        guard let first = parts.first else { return nil }
        if parts.count == 1 { return value(forKey: first) }
        guard let base = value(forKey: first) else { return nil }
        do {
            return try KeyPathComponents.get(base, Array(parts.dropFirst()))
        } catch {
            StrataDiagnostics.report("value(forKeyPath: \"\(keyPath)\"): \(error)")
            return nil
        }
    }

    /// Sets the value at a dotted key path. An unknown sub-path or a wrong value type is reported
    /// and changes nothing.
    package func kvcSetValue(_ value: Any?, forKeyPath keyPath: String) {
        let parts = keyPath.split(separator: ".").map(String.init)
        guard let first = parts.first else { return }
        if parts.count == 1 { return setValue(value, forKey: first) }
        guard let base = self.value(forKey: first) else {
            StrataDiagnostics.report("setValue(_:forKeyPath: \"\(keyPath)\"): \(first) has no value to modify")
            return
        }
        do {
            let updated = try KeyPathComponents.set(base, Array(parts.dropFirst()), value)
            setValue(updated, forKey: first)
        } catch {
            StrataDiagnostics.report("setValue(_:forKeyPath: \"\(keyPath)\"): \(error)")
        }
    }

    /// Whether `keyPath` names a layer property (with a valid sub-path). Strata extension.
    package func isPropertyKeyPath(_ keyPath: String) -> Bool {
        let parts = keyPath.split(separator: ".").map(String.init)
        guard let first = parts.first, let base = state.propertyValue(forKey: first) ?? (first == "frame" ? frame : nil) else { return false }
        if parts.count == 1 { return true }
        return (try? KeyPathComponents.get(base as Any, Array(parts.dropFirst()))) != nil
    }

    private func refuseType(_ key: String, _ value: Any?) {
        StrataDiagnostics.report("setValue: \(value.map { "\(type(of: $0))" } ?? "nil") is not a valid value for \(key); the old value is kept")
    }

    /// Routes a typed value through the public setter so validation and actions run.
    private func applyValidated(_ v: Any?, forKey key: String) {
        switch key {
        case "bounds": bounds = v as! CGRect
        case "position": position = v as! CGPoint
        case "anchorPoint": anchorPoint = v as! CGPoint
        case "transform": transform = v as! CATransform3D
        case "sublayerTransform": sublayerTransform = v as! CATransform3D
        case "contentsRect": contentsRect = v as! CGRect
        case "contentsCenter": contentsCenter = v as! CGRect
        case "shadowOffset": shadowOffset = v as! CGSize
        case "hidden": isHidden = v as! Bool        // also runs the order events
        default:
            // Scalars and the rest: validate finiteness generically, then write.
            if let d = KVCValue.double(v), !(v is Bool), !d.isFinite, key != "repeatCount", key != "repeatDuration" {
                return reject(key, d)
            }
            let action = actionForChange(ofKey: key)
            _ = state.setPropertyValue(v, forKey: key)
            didChangeProperty(key, action: action)
        }
    }

    static func styleValue(forKey key: String, in style: [AnyHashable: Any]) -> Any? {
        var current: [AnyHashable: Any]? = style
        var depth = 0
        while let s = current, depth < 64 {
            if let v = s[key] { return v }
            current = s["style"] as? [AnyHashable: Any]
            depth += 1
        }
        return nil
    }
}

/// Apple's structure sub-paths for KVC: CGPoint `x y`, CGSize `width height`, CGRect `origin size`
/// (and theirs), CATransform3D `rotation(.x .y .z)`, `scale(.x .y .z)`, `translation(.x .y .z)`.
package enum KeyPathComponents {
    package struct UnknownPath: Error, CustomStringConvertible {
        let component: String
        let type: String
        package var description: String { "unknown key path component \"\(component)\" for a value of type \(type)" }
    }
    /// A NaN or infinite number for a component (`transform.rotation.z` = NaN).
    package struct NonFiniteValue: Error, CustomStringConvertible {
        let value: Double
        package var description: String { "rejected non-finite value \(value); the old value is kept" }
    }
    /// A value of the wrong type for a component.
    package struct WrongValue: Error, CustomStringConvertible {
        /// The type of the value given ("nil" for none): an error is `Sendable`, the value is not.
        let given: String
        let expected: String
        init(value: Any?, expected: String) {
            given = value.map { "\(type(of: $0))" } ?? "nil"
            self.expected = expected
        }
        package var description: String { "\(given) is not a valid value (expected \(expected)); the old value is kept" }
    }

    package static func get(_ base: Any, _ path: [String]) throws -> Any {
        var value = base
        var i = 0
        while i < path.count {
            let c = path[i]
            switch value {
            case let p as CGPoint:
                guard c == "x" || c == "y" else { throw UnknownPath(component: c, type: "CGPoint") }
                value = c == "x" ? p.x : p.y
            case let s as CGSize:
                guard c == "width" || c == "height" else { throw UnknownPath(component: c, type: "CGSize") }
                value = c == "width" ? s.width : s.height
            case let r as CGRect:
                guard c == "origin" || c == "size" else { throw UnknownPath(component: c, type: "CGRect") }
                value = c == "origin" ? r.origin as Any : r.size as Any
            case let t as CATransform3D:
                let rest = Array(path[(i + 1)...])
                return try TransformComponents.get(t, c, rest.first, consumed: rest.count)
            default:
                throw UnknownPath(component: c, type: "\(type(of: value))")
            }
            i += 1
        }
        return value
    }

    package static func set(_ base: Any, _ path: [String], _ newValue: Any?) throws -> Any {
        guard let c = path.first else {
            guard let v = newValue else { throw UnknownPath(component: "nil", type: "\(type(of: base))") }
            return v
        }
        let rest = Array(path.dropFirst())
        switch base {
        case var p as CGPoint:
            guard c == "x" || c == "y" else { throw UnknownPath(component: c, type: "CGPoint") }
            let v = try scalar(try set(c == "x" ? p.x : p.y, rest, newValue))
            if c == "x" { p.x = v } else { p.y = v }
            return p
        case var s as CGSize:
            guard c == "width" || c == "height" else { throw UnknownPath(component: c, type: "CGSize") }
            let v = try scalar(try set(c == "width" ? s.width : s.height, rest, newValue))
            if c == "width" { s.width = v } else { s.height = v }
            return s
        case var r as CGRect:
            guard c == "origin" || c == "size" else { throw UnknownPath(component: c, type: "CGRect") }
            if c == "origin" {
                guard let o = try set(r.origin, rest, newValue) as? CGPoint else { throw UnknownPath(component: c, type: "CGRect") }
                r.origin = o
            } else {
                guard let s = try set(r.size, rest, newValue) as? CGSize else { throw UnknownPath(component: c, type: "CGRect") }
                r.size = s
            }
            return r
        case let t as CATransform3D:
            return try TransformComponents.set(t, c, rest.first, consumed: rest.count, newValue)
        case is CGFloat, is Double, is Float, is NSNumber:
            throw UnknownPath(component: c, type: "\(type(of: base))")
        default:
            throw UnknownPath(component: c, type: "\(type(of: base))")
        }
    }

    static func scalar(_ v: Any) throws -> CGFloat {
        guard let d = KVCValue.cgFloat(v) else { throw UnknownPath(component: "\(v)", type: "number") }
        return d
    }
}
