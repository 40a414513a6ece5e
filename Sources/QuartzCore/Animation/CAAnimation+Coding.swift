import Foundation

/// NSSecureCoding of animations: the timing, the attributes of each concrete class and their
/// values (archivable as `ArchivedValue` says). The delegate is not archived, as on Apple.
extension CAAnimation {
    /// Writes the animation into `coder`.
    package func encodeAnimation(with coder: NSCoder) {
        coder.encode(beginTime, forKey: "beginTime")
        coder.encode(duration, forKey: "duration")
        coder.encode(speed, forKey: "speed")
        coder.encode(timeOffset, forKey: "timeOffset")
        coder.encode(repeatCount, forKey: "repeatCount")
        coder.encode(repeatDuration, forKey: "repeatDuration")
        coder.encode(autoreverses, forKey: "autoreverses")
        coder.encode(NSString(string: fillMode.rawValue), forKey: "fillMode")
        coder.encode(isRemovedOnCompletion, forKey: "removedOnCompletion")
        if let timingFunction { coder.encode(timingFunction, forKey: "timingFunction") }
        // Keys set with setValue(_:forKey:), as Apple archives them (those whose values archive).
        var extraKeys: [NSString] = []
        for (key, value) in extraValues.sorted(by: { $0.key < $1.key }) where shouldArchiveValue(forKey: key) {
            guard let archived = ArchivedValue.encode(value) else { continue }
            coder.encode(archived, forKey: "extra." + key)
            extraKeys.append(NSString(string: key))
        }
        if !extraKeys.isEmpty { coder.encode(NSArray(array: extraKeys), forKey: "strata.extraKeys") }
        if let p = self as? CAPropertyAnimation {
            if let keyPath = p.keyPath { coder.encode(NSString(string: keyPath), forKey: "keyPath") }
            coder.encode(p.isAdditive, forKey: "additive")
            coder.encode(p.isCumulative, forKey: "cumulative")
            if let f = p.valueFunction { coder.encode(f, forKey: "valueFunction") }
        }
        if let b = self as? CABasicAnimation {
            encodeValue(b.fromValue, "fromValue", coder)
            encodeValue(b.toValue, "toValue", coder)
            encodeValue(b.byValue, "byValue", coder)
        }
        if let s = self as? CASpringAnimation {
            coder.encode(Double(s.mass), forKey: "mass")
            coder.encode(Double(s.stiffness), forKey: "stiffness")
            coder.encode(Double(s.damping), forKey: "damping")
            coder.encode(Double(s.initialVelocity), forKey: "initialVelocity")
            coder.encode(s.allowsOverdamping, forKey: "allowsOverdamping")
        }
        if let k = self as? CAKeyframeAnimation {
            encodeValue(k.values, "values", coder)
            encodeValue(k.path, "path", coder)
            if let t = k.keyTimes { coder.encode(NSArray(array: t), forKey: "keyTimes") }
            if let f = k.timingFunctions { coder.encode(NSArray(array: f), forKey: "timingFunctions") }
            coder.encode(NSString(string: k.calculationMode.rawValue), forKey: "calculationMode")
            if let v = k.tensionValues { coder.encode(NSArray(array: v), forKey: "tensionValues") }
            if let v = k.continuityValues { coder.encode(NSArray(array: v), forKey: "continuityValues") }
            if let v = k.biasValues { coder.encode(NSArray(array: v), forKey: "biasValues") }
            if let r = k.rotationMode { coder.encode(NSString(string: r.rawValue), forKey: "rotationMode") }
        }
        if let g = self as? CAAnimationGroup, let animations = g.animations {
            coder.encode(NSArray(array: animations), forKey: "animations")
        }
        if let t = self as? CATransition {
            coder.encode(NSString(string: t.type.rawValue), forKey: "type")
            if let s = t.subtype { coder.encode(NSString(string: s.rawValue), forKey: "subtype") }
            coder.encode(t.startProgress, forKey: "startProgress")
            coder.encode(t.endProgress, forKey: "endProgress")
        }
    }

    /// Reads an animation written by `encodeAnimation(with:)`; missing keys keep the defaults.
    package func decodeAnimation(from coder: NSCoder) {
        guard coder.allowsKeyedCoding else { return }
        func has(_ key: String) -> Bool { coder.containsValue(forKey: key) }
        // Linux Foundation fails the whole unarchiving when a missing key is decoded as an
        // object, so every optional key is checked first.
        func string(_ key: String) -> String? {
            guard has(key) else { return nil }
            return (coder.decodeObject(of: [NSString.self], forKey: key) as? NSString).map { String($0) }
        }
        func numbers(_ key: String) -> [NSNumber]? {
            guard has(key) else { return nil }
            return coder.decodeObject(of: [NSArray.self, NSNumber.self], forKey: key) as? [NSNumber]
        }
        if has("beginTime") { beginTime = coder.decodeDouble(forKey: "beginTime") }
        if has("duration") { duration = coder.decodeDouble(forKey: "duration") }
        if has("speed") { speed = coder.decodeFloat(forKey: "speed") }
        if has("timeOffset") { timeOffset = coder.decodeDouble(forKey: "timeOffset") }
        if has("repeatCount") { repeatCount = coder.decodeFloat(forKey: "repeatCount") }
        if has("repeatDuration") { repeatDuration = coder.decodeDouble(forKey: "repeatDuration") }
        if has("autoreverses") { autoreverses = coder.decodeBool(forKey: "autoreverses") }
        if let m = string("fillMode") { fillMode = CAMediaTimingFillMode(rawValue: m) }
        if has("removedOnCompletion") { isRemovedOnCompletion = coder.decodeBool(forKey: "removedOnCompletion") }
        if has("strata.extraKeys"),
           let keys = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "strata.extraKeys") as? [String] {
            for key in keys where has("extra." + key) {
                extraValues[key] = ArchivedValue.decode(coder.decodeObject(of: ArchivedValue.classes, forKey: "extra." + key))
            }
        }
        if has("timingFunction") {
            timingFunction = coder.decodeObject(of: [CAMediaTimingFunction.self], forKey: "timingFunction") as? CAMediaTimingFunction
        }
        if let p = self as? CAPropertyAnimation {
            p.keyPath = string("keyPath")
            p.isAdditive = coder.decodeBool(forKey: "additive")
            p.isCumulative = coder.decodeBool(forKey: "cumulative")
            if has("valueFunction") {
                p.valueFunction = coder.decodeObject(of: [CAValueFunction.self], forKey: "valueFunction") as? CAValueFunction
            }
        }
        if let b = self as? CABasicAnimation {
            b.fromValue = decodeValue("fromValue", coder)
            b.toValue = decodeValue("toValue", coder)
            b.byValue = decodeValue("byValue", coder)
        }
        if let s = self as? CASpringAnimation {
            if has("mass") { s.mass = CGFloat(coder.decodeDouble(forKey: "mass")) }
            if has("stiffness") { s.stiffness = CGFloat(coder.decodeDouble(forKey: "stiffness")) }
            if has("damping") { s.damping = CGFloat(coder.decodeDouble(forKey: "damping")) }
            if has("initialVelocity") { s.initialVelocity = CGFloat(coder.decodeDouble(forKey: "initialVelocity")) }
            s.allowsOverdamping = coder.decodeBool(forKey: "allowsOverdamping")
        }
        if let k = self as? CAKeyframeAnimation {
            k.values = decodeValue("values", coder) as? [Any]
            k.path = decodeValue("path", coder) as? CGPath
            k.keyTimes = numbers("keyTimes")
            if has("timingFunctions") {
                k.timingFunctions = coder.decodeObject(of: [NSArray.self, CAMediaTimingFunction.self],
                                                       forKey: "timingFunctions") as? [CAMediaTimingFunction]
            }
            if let m = string("calculationMode") { k.calculationMode = CAAnimationCalculationMode(rawValue: m) }
            k.tensionValues = numbers("tensionValues")
            k.continuityValues = numbers("continuityValues")
            k.biasValues = numbers("biasValues")
            k.rotationMode = string("rotationMode").map(CAAnimationRotationMode.init(rawValue:))
        }
        if let g = self as? CAAnimationGroup, has("animations") {
            g.animations = coder.decodeObject(of: [NSArray.self, CAAnimation.self], forKey: "animations") as? [CAAnimation]
        }
        if let t = self as? CATransition {
            if let type = string("type") { t.type = CATransitionType(rawValue: type) }
            t.subtype = string("subtype").map(CATransitionSubtype.init(rawValue:))
            if has("startProgress") { t.startProgress = coder.decodeFloat(forKey: "startProgress") }
            if has("endProgress") { t.endProgress = coder.decodeFloat(forKey: "endProgress") }
        }
    }

    private func encodeValue(_ value: Any?, _ key: String, _ coder: NSCoder) {
        guard let archived = ArchivedValue.encode(value) else { return }
        coder.encode(archived, forKey: key)
    }

    private func decodeValue(_ key: String, _ coder: NSCoder) -> Any? {
        guard coder.containsValue(forKey: key) else { return nil }
        return ArchivedValue.decode(coder.decodeObject(of: ArchivedValue.classes, forKey: key))
    }
}
