import Foundation
import Raster

/// `CAReplicatorLayer`: its sublayers are gathered once per instance into the 3D context they
/// draw in, each instance with its cumulative transform, its delayed subtree and its colour.
///
/// The colour modulation is applied to the commands an instance's subtree produces (a tint on
/// each command's paint: solid colours, textures through `Paint.tintedTexture`, gradient stops,
/// alpha-mask colours), so every kind of content is modulated without each kind knowing.
/// Nested replicators multiply: an inner instance's commands are tinted, then the outer's.
extension DrawListBuilder {
    /// The most layers replicator instances add in one frame, over all replicators.
    static let maximumInstanceItems = 4_096

    /// The items `node`'s sublayers contribute to a context reached by `toContext` (node's
    /// space → context space): the sublayers, or for a replicator each instance of them.
    func childItems(of node: PresentedLayer, toContext m: CATransform3D, opacity: Float, tint: SIMD4<Float>?) -> [Item] {
        let s = node.state
        guard let r = s.replicator else {
            // LayerGeometry.toSuperlayer, without copying each sublayer's state.
            let sub = s.sublayerMatrix
            return node.sublayers.map {
                Item(layer: $0, matrix: $0.localToParent.concatenating(sub).concatenating(m), opacity: opacity, tint: tint)
            }
        }
        // With a delay, only the instances the evaluator made (it may have cut some) draw.
        let count = r.instanceDelay == 0 ? r.drawnInstanceCount : min(r.drawnInstanceCount, 1 + node.delayedInstances.count)
        guard count > 0, !node.sublayers.isEmpty else { return [] }
        let b = s.bounds
        let centre = (x: b.midX, y: b.midY)
        let toCentre = CATransform3DMakeTranslation(-centre.x, -centre.y, 0)
        let fromCentre = CATransform3DMakeTranslation(centre.x, centre.y, 0).concatenating(s.sublayerMatrix).concatenating(m)
        let modulates = r.modulatesColor
        var items: [Item] = []
        items.reserveCapacity(min(count, instanceBudget) * node.sublayers.count)
        var instance = CATransform3DIdentity   // instanceTransform^k
        // What one more instance costs: every layer of the replicated subtrees.
        let cost = PresentedLayer.subtreeSize(node.sublayers, atMost: Self.maximumInstanceItems + 1)
        for k in 0..<count {
            if k > 0 {
                guard instanceBudget >= cost else {
                    Self.instanceBudgetMessage.report("CAReplicatorLayer: instances would add more than \(Self.maximumInstanceItems) layers to one frame (nested replicators multiply); the rest are not drawn")
                    break
                }
                instanceBudget -= cost
                instance = instance.concatenating(r.instanceTransform)
            }
            let place = toCentre.concatenating(instance).concatenating(fromCentre)
            let layers = k == 0 || node.delayedInstances.isEmpty ? node.sublayers : node.delayedInstances[k - 1]
            var t = tint
            if modulates {
                let own = r.modulation(ofInstance: k)
                t = tint.map { $0 * own } ?? own
            }
            for child in layers {
                items.append(Item(layer: child, matrix: child.state.localToParent.concatenating(place), opacity: opacity, tint: t))
            }
        }
        return items
    }

    private static let instanceBudgetMessage = DiagnosticOnce()

    /// Draws one item of a 3D context: its layer, tinted by its instance colour if it has one.
    func emitItemStep(_ it: Item, matrix: CATransform3D, clip: Clip, opacity: Float) {
        guard let tint = it.tint, tint != SIMD4(repeating: 1) else {
            return emitStep(it.layer, matrix: matrix, clip: clip, opacity: opacity)
        }
        guard tint.w > 0 else { return }   // a fully transparent instance draws nothing
        let drawn = withCommandList { emit(it.layer, matrix: matrix, clip: clip, opacity: opacity) }
        for command in drawn { Self.appendTinted(command, tint, to: self) }
    }

    /// `command` with its paint multiplied by `tint` (straight RGBA in 0…1).
    private static func appendTinted(_ command: FillCommand, _ tint: SIMD4<Float>, to builder: DrawListBuilder) {
        let p = premultiplied(tint)
        var c = command
        switch command.paint {
        case .solid(let color):
            c.paint = .solid(multiply(color, p))
        case .texture(let surface, let map, let filter):
            c.paint = .tintedTexture(surface, map: map, filter: filter, tint: p)
        case .tintedTexture(let surface, let map, let filter, let t):
            c.paint = .tintedTexture(surface, map: map, filter: filter, tint: multiply(t, p))
        case .textureOverColor(let surface, let map, let filter, let color):
            // Two commands: the colour, then the tinted image over it (the fused group's
            // opacity then applies to each; close enough for a tinted translucent instance).
            var under = command
            under.paint = .solid(multiply(color, p))
            builder.appendCommand(under)
            c.paint = .tintedTexture(surface, map: map, filter: filter, tint: p)
        case .alphaMask(let surface, let map, let color):
            c.paint = .alphaMask(surface, map: map, color: multiply(color, p))
        case .gradient(var gradient, let map):
            for i in gradient.stops.indices { gradient.stops[i].color *= tint }
            c.paint = .gradient(gradient, map: map)
        }
        builder.appendCommand(c)
    }

    /// Straight RGBA in 0…1 → premultiplied 0xAARRGGBB.
    static func premultiplied(_ c: SIMD4<Float>) -> UInt32 {
        func byte(_ v: Float) -> UInt32 { UInt32((max(0, min(1, v)) * 255).rounded()) }
        let a = max(0, min(1, c.w))
        return byte(a) << 24 | byte(c.x * a) << 16 | byte(c.y * a) << 8 | byte(c.z * a)
    }

    /// Two premultiplied 0xAARRGGBB colours multiplied channel by channel (rounded).
    static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let x = ((a >> shift) & 0xFF) * ((b >> shift) & 0xFF)
            out |= ((x + 127) / 255) << shift
        }
        return out
    }
}
