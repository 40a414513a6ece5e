// The key-value coding table of the layer properties: Apple's KVC key for each property.
import Foundation

extension LayerState {
    /// The value of a property key, or nil when `key` is not a layer property.
    package func propertyValue(forKey key: String) -> Any?? {
        switch key {
        case "bounds": return .some(bounds as Any?)
        case "position": return .some(position as Any?)
        case "zPosition": return .some(zPosition as Any?)
        case "anchorPoint": return .some(anchorPoint as Any?)
        case "anchorPointZ": return .some(anchorPointZ as Any?)
        case "transform": return .some(transform as Any?)
        case "sublayerTransform": return .some(sublayerTransform as Any?)
        case "geometryFlipped": return .some(isGeometryFlipped as Any?)
        case "hidden": return .some(isHidden as Any?)
        case "doubleSided": return .some(isDoubleSided as Any?)
        case "masksToBounds": return .some(masksToBounds as Any?)
        case "opaque": return .some(isOpaque as Any?)
        case "opacity": return .some(opacity as Any?)
        case "allowsGroupOpacity": return .some(allowsGroupOpacity as Any?)
        case "allowsEdgeAntialiasing": return .some(allowsEdgeAntialiasing as Any?)
        case "edgeAntialiasingMask": return .some(edgeAntialiasingMask as Any?)
        case "cornerCurve": return .some(cornerCurve as Any?)
        case "shouldRasterize": return .some(shouldRasterize as Any?)
        case "rasterizationScale": return .some(rasterizationScale as Any?)
        case "drawsAsynchronously": return .some(drawsAsynchronously as Any?)
        case "contentsFormat": return .some(contentsFormat as Any?)
        case "minificationFilterBias": return .some(minificationFilterBias as Any?)
        case "backgroundColor": return .some(backgroundColor as Any?)
        case "cornerRadius": return .some(cornerRadius as Any?)
        case "maskedCorners": return .some(maskedCorners as Any?)
        case "borderWidth": return .some(borderWidth as Any?)
        case "borderColor": return .some(borderColor as Any?)
        case "contents": return .some(contents as Any?)
        case "contentsGravity": return .some(contentsGravity as Any?)
        case "contentsRect": return .some(contentsRect as Any?)
        case "contentsScale": return .some(contentsScale as Any?)
        case "contentsCenter": return .some(contentsCenter as Any?)
        case "minificationFilter": return .some(minificationFilter as Any?)
        case "magnificationFilter": return .some(magnificationFilter as Any?)
        case "shadowColor": return .some(shadowColor as Any?)
        case "shadowOpacity": return .some(shadowOpacity as Any?)
        case "shadowOffset": return .some(shadowOffset as Any?)
        case "shadowRadius": return .some(shadowRadius as Any?)
        case "shadowPath": return .some(shadowPath as Any?)
        case "name": return .some(name as Any?)
        case "needsDisplayOnBoundsChange": return .some(needsDisplayOnBoundsChange as Any?)
        case "beginTime": return .some(beginTime as Any?)
        case "timeOffset": return .some(timeOffset as Any?)
        case "speed": return .some(speed as Any?)
        case "duration": return .some(duration as Any?)
        case "repeatCount": return .some(repeatCount as Any?)
        case "repeatDuration": return .some(repeatDuration as Any?)
        case "autoreverses": return .some(autoreverses as Any?)
        case "fillMode": return .some(fillMode as Any?)
        default: return kindPropertyValue(forKey: key)
        }
    }

    /// Sets a property from a KVC value (Swift value or NSNumber). Returns false when the
    /// key is not a property or the value has the wrong type.
    package mutating func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "bounds": guard let v = KVCValue.rect(value) else { return false }; bounds = v
        case "position": guard let v = KVCValue.point(value) else { return false }; position = v
        case "zPosition": guard let v = KVCValue.cgFloat(value) else { return false }; zPosition = v
        case "anchorPoint": guard let v = KVCValue.point(value) else { return false }; anchorPoint = v
        case "anchorPointZ": guard let v = KVCValue.cgFloat(value) else { return false }; anchorPointZ = v
        case "transform": guard let v = KVCValue.transform(value) else { return false }; transform = v
        case "sublayerTransform": guard let v = KVCValue.transform(value) else { return false }; sublayerTransform = v
        case "geometryFlipped": guard let v = KVCValue.bool(value) else { return false }; isGeometryFlipped = v
        case "hidden": guard let v = KVCValue.bool(value) else { return false }; isHidden = v
        case "doubleSided": guard let v = KVCValue.bool(value) else { return false }; isDoubleSided = v
        case "masksToBounds": guard let v = KVCValue.bool(value) else { return false }; masksToBounds = v
        case "opaque": guard let v = KVCValue.bool(value) else { return false }; isOpaque = v
        case "opacity": guard let v = KVCValue.float(value) else { return false }; opacity = v
        case "allowsGroupOpacity": guard let v = KVCValue.bool(value) else { return false }; allowsGroupOpacity = v
        case "allowsEdgeAntialiasing": guard let v = KVCValue.bool(value) else { return false }; allowsEdgeAntialiasing = v
        case "edgeAntialiasingMask":
            if let m = value as? CAEdgeAntialiasingMask { edgeAntialiasingMask = m }
            else if let d = KVCValue.double(value), d >= 0, d <= Double(UInt32.max) { edgeAntialiasingMask = CAEdgeAntialiasingMask(rawValue: UInt32(d)) }
            else { return false }
        case "cornerCurve":
            if let c = value as? CALayerCornerCurve { cornerCurve = c }
            else if let s = value as? String { cornerCurve = CALayerCornerCurve(rawValue: s) }
            else { return false }
        case "shouldRasterize": guard let v = KVCValue.bool(value) else { return false }; shouldRasterize = v
        case "rasterizationScale": guard let v = KVCValue.cgFloat(value) else { return false }; rasterizationScale = v
        case "drawsAsynchronously": guard let v = KVCValue.bool(value) else { return false }; drawsAsynchronously = v
        case "contentsFormat":
            if let f = value as? CALayerContentsFormat { contentsFormat = f }
            else if let r = value as? String { contentsFormat = CALayerContentsFormat(rawValue: r) } else { return false }
        case "minificationFilterBias": guard let v = KVCValue.float(value) else { return false }; minificationFilterBias = v
        case "backgroundColor": guard value == nil || KVCValue.color(value) != nil else { return false }; backgroundColor = KVCValue.color(value)
        case "cornerRadius": guard let v = KVCValue.cgFloat(value) else { return false }; cornerRadius = v
        case "maskedCorners": guard let v = KVCValue.cornerMask(value) else { return false }; maskedCorners = v
        case "borderWidth": guard let v = KVCValue.cgFloat(value) else { return false }; borderWidth = v
        case "borderColor": guard value == nil || KVCValue.color(value) != nil else { return false }; borderColor = KVCValue.color(value)
        case "contents": contents = value
        case "contentsGravity": guard let v = KVCValue.gravity(value) else { return false }; contentsGravity = v
        case "contentsRect": guard let v = KVCValue.rect(value) else { return false }; contentsRect = v
        case "contentsScale": guard let v = KVCValue.cgFloat(value) else { return false }; contentsScale = v
        case "contentsCenter": guard let v = KVCValue.rect(value) else { return false }; contentsCenter = v
        case "minificationFilter": guard let v = KVCValue.filter(value) else { return false }; minificationFilter = v
        case "magnificationFilter": guard let v = KVCValue.filter(value) else { return false }; magnificationFilter = v
        case "shadowColor": guard value == nil || KVCValue.color(value) != nil else { return false }; shadowColor = KVCValue.color(value)
        case "shadowOpacity": guard let v = KVCValue.float(value) else { return false }; shadowOpacity = v
        case "shadowOffset": guard let v = KVCValue.size(value) else { return false }; shadowOffset = v
        case "shadowRadius": guard let v = KVCValue.cgFloat(value) else { return false }; shadowRadius = v
        case "shadowPath": guard value == nil || value is CGPath else { return false }; shadowPath = value as? CGPath
        case "name": guard value == nil || value is String else { return false }; name = value as? String
        case "needsDisplayOnBoundsChange": guard let v = KVCValue.bool(value) else { return false }; needsDisplayOnBoundsChange = v
        case "beginTime": guard let v = KVCValue.double(value) else { return false }; beginTime = v
        case "timeOffset": guard let v = KVCValue.double(value) else { return false }; timeOffset = v
        case "speed": guard let v = KVCValue.float(value) else { return false }; speed = v
        case "duration": guard let v = KVCValue.double(value) else { return false }; duration = v
        case "repeatCount": guard let v = KVCValue.float(value) else { return false }; repeatCount = v
        case "repeatDuration": guard let v = KVCValue.double(value) else { return false }; repeatDuration = v
        case "autoreverses": guard let v = KVCValue.bool(value) else { return false }; autoreverses = v
        case "fillMode":
            if let m = value as? CAMediaTimingFillMode { fillMode = m }
            else if let s = value as? String { fillMode = CAMediaTimingFillMode(rawValue: s) }
            else { return false }
        default: return setKindPropertyValue(value, forKey: key)
        }
        return true
    }

    /// Every property key, in declaration order.
    package static let propertyKeys: [String] = ["bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform", "geometryFlipped", "hidden", "doubleSided", "masksToBounds", "opaque", "opacity", "allowsGroupOpacity", "allowsEdgeAntialiasing", "edgeAntialiasingMask", "cornerCurve", "shouldRasterize", "rasterizationScale", "drawsAsynchronously", "contentsFormat", "minificationFilterBias", "backgroundColor", "cornerRadius", "maskedCorners", "borderWidth", "borderColor", "contents", "contentsGravity", "contentsRect", "contentsScale", "contentsCenter", "minificationFilter", "magnificationFilter", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "name", "needsDisplayOnBoundsChange", "beginTime", "timeOffset", "speed", "duration", "repeatCount", "repeatDuration", "autoreverses", "fillMode"]
}

extension LayerState {
    /// The value at a dotted key path (a property or stored key, then Apple's sub-paths); nil
    /// when the path does not exist.
    package func value(forKeyPath keyPath: String) -> Any? {
        if let emitter, let path = EmitterCellKeyPath(keyPath) { return emitter.cellValue(at: path) ?? nil }
        let parts = keyPath.split(separator: ".").map(String.init)
        guard let first = parts.first else { return nil }
        let base: Any? = propertyValue(forKey: first) ?? customValues[first]
        guard parts.count > 1 else { return base }
        guard let base else { return nil }
        return try? KeyPathComponents.get(base, Array(parts.dropFirst()))
    }

    /// Writes the value at a dotted key path; false when the path or the value does not fit.
    @discardableResult
    package mutating func setValue(_ value: Any?, forKeyPath keyPath: String) -> Bool {
        if emitter != nil, let path = EmitterCellKeyPath(keyPath) { return emitter!.setCellValue(value, at: path) }
        let parts = keyPath.split(separator: ".").map(String.init)
        guard let first = parts.first else { return false }
        if parts.count == 1 {
            if propertyValue(forKey: first) != nil { return setPropertyValue(value, forKey: first) }
            customValues[first] = value
            return true
        }
        let current: Any? = propertyValue(forKey: first) ?? customValues[first]
        guard let b = current, let updated = try? KeyPathComponents.set(b, Array(parts.dropFirst()), value) else { return false }
        if propertyValue(forKey: first) != nil { return setPropertyValue(updated, forKey: first) }
        customValues[first] = updated
        return true
    }
}
