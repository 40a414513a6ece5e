// Dispatch from the layer property table to the special layer kinds' own properties.
import Foundation

extension LayerState {
    /// Gives a layer of class `type` the property payload of its kind, with Apple's defaults.
    package mutating func installKindPayloads(for type: CALayer.Type) {
        if type is CAShapeLayer.Type { shape = ShapeLayerState() }
        if type is CAGradientLayer.Type { gradient = GradientLayerState() }
        if type is CATextLayer.Type { text = TextLayerState() }
        if type is CAReplicatorLayer.Type { replicator = ReplicatorLayerState() }
        if type is CAEmitterLayer.Type { emitter = EmitterLayerState() }
        if type is CAScrollLayer.Type { scroll = ScrollLayerState() }
        if type is CATiledLayer.Type { tiled = TiledLayerState() }
    }

    /// The kinds present on this layer (normally one), as existentials: for the property table
    /// only, never per pixel.
    private var kinds: [any LayerKindState] {
        var k: [any LayerKindState] = []
        if let shape { k.append(shape) }
        if let gradient { k.append(gradient) }
        if let text { k.append(text) }
        if let replicator { k.append(replicator) }
        if let emitter { k.append(emitter) }
        if let scroll { k.append(scroll) }
        if let tiled { k.append(tiled) }
        k.append(compositing)
        return k
    }

    /// The property keys this layer's kind adds.
    package var kindPropertyKeys: [String] { kinds.flatMap { type(of: $0).propertyKeys } }
    /// The keys this layer's kind animates implicitly.
    package var kindAnimatableKeys: Set<String> { kinds.reduce(into: []) { $0.formUnion(type(of: $1).animatableKeys) } }
    /// This layer's kind's colour keys.
    package var kindColorKeys: Set<String> { kinds.reduce(into: []) { $0.formUnion(type(of: $1).colorKeys) } }

    /// The value of one of the kind's properties, or nil when `key` is none of them.
    package func kindPropertyValue(forKey key: String) -> Any?? {
        if let v = shape?.propertyValue(forKey: key) { return v }
        if let v = gradient?.propertyValue(forKey: key) { return v }
        if let v = text?.propertyValue(forKey: key) { return v }
        if let v = replicator?.propertyValue(forKey: key) { return v }
        if let v = emitter?.propertyValue(forKey: key) { return v }
        if let v = scroll?.propertyValue(forKey: key) { return v }
        if let v = tiled?.propertyValue(forKey: key) { return v }
        return compositing.propertyValue(forKey: key)
    }

    /// Sets one of the kind's properties; false when `key` is none of them or `value` does not fit.
    package mutating func setKindPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        if shape?.setPropertyValue(value, forKey: key) == true { return true }
        if gradient?.setPropertyValue(value, forKey: key) == true { return true }
        if text?.setPropertyValue(value, forKey: key) == true { return true }
        if replicator?.setPropertyValue(value, forKey: key) == true { return true }
        if emitter?.setPropertyValue(value, forKey: key) == true { return true }
        if scroll?.setPropertyValue(value, forKey: key) == true { return true }
        if tiled?.setPropertyValue(value, forKey: key) == true { return true }
        return compositing.setPropertyValue(value, forKey: key)
    }
}
