import Foundation

/// The properties `CAEmitterLayer` adds to `CALayer`, with Apple's defaults.
package struct EmitterLayerState: LayerKindState, @unchecked Sendable {
    package static let propertyKeys: [String] = [
        "emitterCells", "birthRate", "lifetime", "emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth",
        "emitterShape", "emitterMode", "renderMode", "preservesDepth", "velocity", "scale", "spin", "seed",
    ]
    package static let animatableKeys: Set<String> = [
        "birthRate", "lifetime", "emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth", "velocity", "scale", "spin",
    ]
    /// The most particles one layer draws in a frame (the newest are kept).
    package static let maximumParticles = 50_000
    /// How deep sub-cells nest (each level multiplies the particles).
    package static let maximumCellDepth = 4

    package var emitterCells: [CAEmitterCell]? = nil
    /// The cells' values when `emitterCells` was set: what the simulation reads.
    package var cells: [EmitterCellState] = []
    package var birthRate: Float = 1
    package var lifetime: Float = 1
    package var emitterPosition = CGPoint.zero
    package var emitterZPosition: CGFloat = 0
    package var emitterSize = CGSize.zero
    package var emitterDepth: CGFloat = 0
    package var emitterShape: CAEmitterLayerEmitterShape = .point
    package var emitterMode: CAEmitterLayerEmitterMode = .volume
    package var renderMode: CAEmitterLayerRenderMode = .unordered
    package var preservesDepth = false
    package var velocity: Float = 1
    package var scale: Float = 1
    package var spin: Float = 1
    package var seed: UInt32 = 0

    package init() {}

    /// How many particles the cells ask to be alive at once (birth rate × longest lifetime,
    /// summed over the top-level cells; sub-cells not counted).
    package var requestedParticles: Double {
        cells.reduce(0) { sum, c in
            guard c.isEnabled else { return sum }
            let rate = max(0, Double(c.birthRate) * Double(birthRate))
            let life = max(0, (Double(c.lifetime) + abs(Double(c.lifetimeRange)) / 2) * Double(lifetime))
            let n = rate * life
            return n.isFinite ? sum + n : .infinity
        }
    }

    package func propertyValue(forKey key: String) -> Any?? {
        switch key {
        case "emitterCells": return .some(emitterCells as Any?)
        case "birthRate": return .some(birthRate)
        case "lifetime": return .some(lifetime)
        case "emitterPosition": return .some(emitterPosition)
        case "emitterZPosition": return .some(emitterZPosition)
        case "emitterSize": return .some(emitterSize)
        case "emitterDepth": return .some(emitterDepth)
        case "emitterShape": return .some(emitterShape)
        case "emitterMode": return .some(emitterMode)
        case "renderMode": return .some(renderMode)
        case "preservesDepth": return .some(preservesDepth)
        case "velocity": return .some(velocity)
        case "scale": return .some(scale)
        case "spin": return .some(spin)
        case "seed": return .some(seed)
        default: return nil
        }
    }

    package mutating func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        func finiteFloat() -> Float? { KVCValue.float(value).flatMap { $0.isFinite ? $0 : nil } }
        func finiteCG() -> CGFloat? { KVCValue.cgFloat(value).flatMap { $0.isFinite ? $0 : nil } }
        switch key {
        case "emitterCells":
            guard value == nil || value is [CAEmitterCell] else { return false }
            emitterCells = value as? [CAEmitterCell]
            cells = (emitterCells ?? []).map { $0.snapshot() }
        case "birthRate": guard let v = finiteFloat() else { return false }; birthRate = v
        case "lifetime": guard let v = finiteFloat() else { return false }; lifetime = v
        case "emitterPosition": guard let v = KVCValue.point(value), v.x.isFinite, v.y.isFinite else { return false }; emitterPosition = v
        case "emitterZPosition": guard let v = finiteCG() else { return false }; emitterZPosition = v
        case "emitterSize": guard let v = KVCValue.size(value), v.width.isFinite, v.height.isFinite else { return false }; emitterSize = v
        case "emitterDepth": guard let v = finiteCG() else { return false }; emitterDepth = v
        case "emitterShape":
            if let v = value as? CAEmitterLayerEmitterShape { emitterShape = v }
            else if let s = value as? String { emitterShape = CAEmitterLayerEmitterShape(rawValue: s) } else { return false }
        case "emitterMode":
            if let v = value as? CAEmitterLayerEmitterMode { emitterMode = v }
            else if let s = value as? String { emitterMode = CAEmitterLayerEmitterMode(rawValue: s) } else { return false }
        case "renderMode":
            if let v = value as? CAEmitterLayerRenderMode { renderMode = v }
            else if let s = value as? String { renderMode = CAEmitterLayerRenderMode(rawValue: s) } else { return false }
        case "preservesDepth": guard let v = KVCValue.bool(value) else { return false }; preservesDepth = v
        case "velocity": guard let v = finiteFloat() else { return false }; velocity = v
        case "scale": guard let v = finiteFloat() else { return false }; scale = v
        case "spin": guard let v = finiteFloat() else { return false }; spin = v
        case "seed":
            if let v = value as? UInt32 { seed = v }
            else if let d = KVCValue.double(value), d.isFinite { seed = UInt32(truncatingIfNeeded: Int64(max(-9e18, min(9e18, d)))) }
            else { return false }
        default: return false
        }
        return true
    }
}

extension LayerState {
    /// Whether this (emitter) layer may draw a live particle at its local time `t` or later
    /// (`-.infinity`: at any time), so that what it draws changes with time alone: the one
    /// answer the renderer's change check (a display link sleeps without it), the layer-content
    /// cache and still subtrees (`LayerSnapshot.isStill`) share. See `ParticleSimulation.hasParticles`.
    package func hasLiveParticles(after t: CFTimeInterval) -> Bool {
        guard let emitter else { return false }
        return ParticleSimulation.hasParticles(emitter, after: t)
    }
}
