import Foundation

/// Key-value coding of the animation's own properties by Apple's keys (`"duration"`,
/// `"fromValue"`, `"keyPath"`…), boxed as Apple hands them out; other keys are stored values.
extension CAAnimation {
    /// The property under `key`: `.some(value)` for a property (value may be nil), nil when
    /// `key` is not a property of this animation's class.
    package func propertyValue(forKey key: String) -> Any?? {
        switch key {
        case "beginTime": return .some(beginTime)
        case "duration": return .some(duration)
        case "speed": return .some(speed)
        case "timeOffset": return .some(timeOffset)
        case "repeatCount": return .some(repeatCount)
        case "repeatDuration": return .some(repeatDuration)
        case "autoreverses": return .some(autoreverses)
        case "fillMode": return .some(fillMode)
        case "timingFunction": return .some(timingFunction)
        case "delegate": return .some(delegate)
        case "removedOnCompletion": return .some(isRemovedOnCompletion)
        default: break
        }
        if let p = self as? CAPropertyAnimation {
            switch key {
            case "keyPath": return .some(p.keyPath)
            case "additive": return .some(p.isAdditive)
            case "cumulative": return .some(p.isCumulative)
            case "valueFunction": return .some(p.valueFunction)
            default: break
            }
        }
        if let b = self as? CABasicAnimation {
            switch key {
            case "fromValue": return .some(b.fromValue)
            case "toValue": return .some(b.toValue)
            case "byValue": return .some(b.byValue)
            default: break
            }
        }
        if let k = self as? CAKeyframeAnimation {
            switch key {
            case "values": return .some(k.values)
            case "path": return .some(k.path)
            case "keyTimes": return .some(k.keyTimes)
            case "timingFunctions": return .some(k.timingFunctions)
            case "calculationMode": return .some(k.calculationMode.rawValue)
            case "rotationMode": return .some(k.rotationMode?.rawValue)
            default: break
            }
        }
        if let g = self as? CAAnimationGroup, key == "animations" { return .some(g.animations) }
        if let t = self as? CATransition {
            switch key {
            case "type": return .some(t.type.rawValue)
            case "subtype": return .some(t.subtype?.rawValue)
            case "startProgress": return .some(t.startProgress)
            case "endProgress": return .some(t.endProgress)
            default: break
            }
        }
        return nil
    }

    /// Sets the property under `key` from a KVC value; false when `key` is not a property of
    /// this class or the value does not fit (then nothing changes).
    package func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "beginTime": guard let v = KVCValue.double(value) else { return false }; beginTime = v
        case "duration": guard let v = KVCValue.double(value) else { return false }; duration = v
        case "speed": guard let v = KVCValue.float(value) else { return false }; speed = v
        case "timeOffset": guard let v = KVCValue.double(value) else { return false }; timeOffset = v
        case "repeatCount": guard let v = KVCValue.float(value) else { return false }; repeatCount = v
        case "repeatDuration": guard let v = KVCValue.double(value) else { return false }; repeatDuration = v
        case "autoreverses": guard let v = KVCValue.bool(value) else { return false }; autoreverses = v
        case "removedOnCompletion": guard let v = KVCValue.bool(value) else { return false }; isRemovedOnCompletion = v
        case "fillMode":
            if let m = value as? CAMediaTimingFillMode { fillMode = m }
            else if let s = value as? String { fillMode = CAMediaTimingFillMode(rawValue: s) }
            else { return false }
        case "timingFunction":
            guard value == nil || value is CAMediaTimingFunction else { return false }
            timingFunction = value as? CAMediaTimingFunction
        default:
            if let p = self as? CAPropertyAnimation, key == "keyPath" {
                guard value == nil || value is String else { return false }
                p.keyPath = value as? String
                return true
            }
            if let b = self as? CABasicAnimation {
                switch key {
                case "fromValue": b.fromValue = value; return true
                case "toValue": b.toValue = value; return true
                case "byValue": b.byValue = value; return true
                default: break
                }
            }
            if let k = self as? CAKeyframeAnimation, key == "values" {
                guard value == nil || value is [Any] else { return false }
                k.values = value as? [Any]
                return true
            }
            return false
        }
        return true
    }
}
