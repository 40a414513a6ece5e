import Foundation

/// NSSecureCoding of layers: every property, stored keys with archivable values, sublayers
/// and mask. Delegates, actions, style and animations are not archived.
extension CALayer {
    private static let sublayersKey = "sublayers"
    private static let maskKey = "mask"
    private static let customKeysKey = "strata.customKeys"

    /// Writes the layer into `coder`: each property under its key-value-coding key.
    package func encodeLayer(with coder: NSCoder) {
        for key in LayerState.propertyKeys + state.kindPropertyKeys where shouldArchiveValue(forKey: key) {
            guard let value = state.propertyValue(forKey: key) ?? nil,
                  let archived = ArchivedValue.encode(value) else { continue }
            coder.encode(archived, forKey: key)
        }
        var customKeys: [String] = []
        for (key, value) in state.customValues.sorted(by: { $0.key < $1.key }) where shouldArchiveValue(forKey: key) {
            guard let archived = ArchivedValue.encode(value) else { continue }
            coder.encode(archived, forKey: "custom." + key)
            customKeys.append(key)
        }
        coder.encode(NSArray(array: customKeys.map { NSString(string: $0) }), forKey: Self.customKeysKey)
        if !_sublayers.isEmpty { coder.encode(NSArray(array: _sublayers), forKey: Self.sublayersKey) }
        if let mask = _mask { coder.encode(mask, forKey: Self.maskKey) }
    }

    /// Reads a layer written by `encodeLayer(with:)`; missing keys keep Apple's defaults.
    /// Returns false when `coder` is not a keyed archive.
    package func decodeLayer(from coder: NSCoder) -> Bool {
        guard coder.allowsKeyedCoding else { return false }
        var decoded = type(of: self) == CALayer.self ? LayerState() : LayerDefaults.state(for: type(of: self))
        for key in LayerState.propertyKeys + decoded.kindPropertyKeys where coder.containsValue(forKey: key) {
            let object = coder.decodeObject(of: ArchivedValue.classes, forKey: key)
            _ = decoded.setPropertyValue(ArchivedValue.decode(object), forKey: key)
        }
        // Linux Foundation fails the whole unarchiving when a missing key is decoded as an
        // object, so every optional key is checked first.
        if coder.containsValue(forKey: Self.customKeysKey),
           let keys = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: Self.customKeysKey) as? [String] {
            for key in keys where coder.containsValue(forKey: "custom." + key) {
                decoded.customValues[key] = ArchivedValue.decode(coder.decodeObject(of: ArchivedValue.classes, forKey: "custom." + key))
            }
        }
        state = decoded
        let layerClasses: [AnyClass] = [NSArray.self, CALayer.self]
        if coder.containsValue(forKey: Self.sublayersKey),
           let sublayers = coder.decodeObject(of: layerClasses, forKey: Self.sublayersKey) as? [CALayer] {
            for layer in sublayers where canAdoptDecoded(layer) {
                _sublayers.append(layer)
                layer._superlayer = self
            }
        }
        if coder.containsValue(forKey: Self.maskKey),
           let mask = coder.decodeObject(of: [CALayer.self], forKey: Self.maskKey) as? CALayer, mask._superlayer == nil {
            _mask = mask
            mask._maskOwner = self
        }
        return true
    }

    /// A decoded sublayer is adopted only once (an archive may list one object twice).
    private func canAdoptDecoded(_ layer: CALayer) -> Bool {
        layer !== self && layer._superlayer == nil && layer._maskOwner == nil
    }
}
