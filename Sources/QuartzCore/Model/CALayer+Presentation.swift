import Foundation

/// Model and presentation layers.
extension CALayer {
    /// The presentation copy of this layer (see `presentation()`).
    package func presentationCopy() -> CALayer? {
        if isPresentationCopy { return self }
        let root = rootLayer
        guard let (tree, _) = CommittedTrees.snapshot(for: root) else { return nil }
        let presented = PresentationEvaluator.evaluate(tree, at: CACurrentMediaTime())
        return CATransaction.makingPresentationCopies { PresentationCopies.make(presented, finding: self) }
    }
}

/// Where a presentation copy sits in its evaluated tree.
///
/// Ownership runs upwards only: a copy holds the copy above it (its superlayer, or the layer it
/// masks) strongly, and the copies below it weakly, making them from the evaluated nodes when they
/// are asked for. So whichever copy the caller holds, its ancestors stay (`superlayer` chains to
/// the copied root, as on Apple) and its descendants can be reached; when the caller lets go,
/// nothing is left holding any copy. A copy reached twice while held is the same object.
package final class PresentationLink {
    /// The evaluated layer this copy shows (its subtree: the copies below are made from it).
    let node: PresentedLayer
    /// The copy above: the superlayer, or the masked layer when `isMask`. Nil at the root.
    private(set) var parent: CALayer?
    /// Whether this copy is its parent's mask.
    let isMask: Bool
    private struct WeakLayer { weak var layer: CALayer? }
    /// Copies made of `node.sublayers`, by index, while someone holds them.
    private var children: [WeakLayer] = []
    private weak var maskCopy: CALayer?

    init(node: PresentedLayer, parent: CALayer?, isMask: Bool) {
        self.node = node
        self.parent = parent
        self.isMask = isMask
    }

    /// Copies of the presented sublayers of `owner` (the copy this link belongs to).
    func sublayers(of owner: CALayer) -> [CALayer] {
        node.sublayers.indices.map { sublayer(at: $0, of: owner) }
    }

    /// The copy of the presented sublayer at `i` of `owner`.
    func sublayer(at i: Int, of owner: CALayer) -> CALayer {
        let nodes = node.sublayers
        if children.count != nodes.count { children = Array(repeating: WeakLayer(), count: nodes.count) }
        if let made = children[i].layer { return made }
        let made = CATransaction.makingPresentationCopies { PresentationCopies.copy(nodes[i], parent: owner, isMask: false) }
        children[i].layer = made
        return made
    }

    /// The copy of the presented mask of `owner`, if it has one.
    func mask(of owner: CALayer) -> CALayer? {
        guard let m = node.mask else { return nil }
        if let made = maskCopy { return made }
        let made = CATransaction.makingPresentationCopies { PresentationCopies.copy(m, parent: owner, isMask: true) }
        maskCopy = made
        return made
    }

    /// The copy below `parent` for `child` (a node of `parent`'s sublayers or its mask).
    static func copy(of child: PresentedLayer, below parent: CALayer) -> CALayer? {
        guard let link = parent.presentationLink else { return nil }
        if link.node.mask === child { return link.mask(of: parent) }
        guard let i = link.node.sublayers.firstIndex(where: { $0 === child }) else { return nil }
        return link.sublayer(at: i, of: parent)
    }

    /// Lets go of the ancestors from `deinit` without recursion: a copy deep in a 100,000-level
    /// chain would otherwise free each level from the `deinit` of the one below.
    func releaseAncestorsIteratively() {
        var pending = parent
        parent = nil
        while var layer = pending {
            pending = nil
            guard isKnownUniquelyReferenced(&layer), let link = layer.presentationLink else { break }
            pending = link.parent
            link.parent = nil
        }
    }
}

/// Builds CALayer objects for a presentation tree.
package enum PresentationCopies {
    /// The copy of `target` in `root`'s evaluated tree (with the copies above it), if present.
    package static func make(_ root: PresentedLayer, finding target: CALayer) -> CALayer? {
        guard let path = path(in: root, to: target) else { return nil }
        var layer = copy(root, parent: nil, isMask: false)
        for node in path.dropFirst() {
            guard let next = PresentationLink.copy(of: node, below: layer) else { return nil }
            layer = next
        }
        return layer
    }

    /// The nodes from `root` down to the one showing `target` (sublayers and masks). Iterative.
    private static func path(in root: PresentedLayer, to target: CALayer) -> [PresentedLayer]? {
        // Depth-first with the path so far: (node, index of its parent entry in `visited`).
        var visited: [(node: PresentedLayer, parent: Int)] = []
        var stack: [(PresentedLayer, Int)] = [(root, -1)]
        while let (node, parent) = stack.popLast() {
            visited.append((node, parent))
            if node.model === target {
                var path: [PresentedLayer] = []
                var i = visited.count - 1
                while i >= 0 { path.append(visited[i].node); i = visited[i].parent }
                return path.reversed()
            }
            let me = visited.count - 1
            if let m = node.mask { stack.append((m, me)) }
            for child in node.sublayers.reversed() { stack.append((child, me)) }
        }
        return nil
    }

    /// One copy of `node`, below `parent`.
    static func copy(_ node: PresentedLayer, parent: CALayer?, isMask: Bool) -> CALayer {
        let layer = node.model.map(instance(copying:)) ?? (node.isTransformLayer ? CATransformLayer() : CALayer())
        layer.state = node.state
        layer.isPresentationCopy = true
        layer.modelLayer = node.model
        layer.presentationLink = PresentationLink(node: node, parent: parent, isMask: isMask)
        return layer
    }

    /// A new layer of `model`'s class when the class says how to make one
    /// (`CALayer.makePresentationCopy(of:)`), else of the nearest Strata class.
    package static func instance(copying model: CALayer) -> CALayer {
        let type = Swift.type(of: model)
        if let made = type.makePresentationCopy(of: model), Swift.type(of: made) == type, made !== model { return made }
        var cls: AnyClass? = type
        while let c = cls {
            if let make = strataClasses[ObjectIdentifier(c)] { return make(model) }
            cls = _getSuperclass(c)
        }
        return CALayer(layer: model)
    }

    /// A new layer of class `type` with that class's defaults, as `[[type alloc] init]` makes one
    /// on Apple (UIKit's `layerClass`). Swift on Linux constructs a class it knows only by its
    /// metatype through a `required` initializer, which CALayer does not impose; so Strata's own
    /// classes are made directly, a subclass through its `makePresentationCopy(of:)` when it
    /// overrides it, and any other subclass as its nearest Strata class (with a message).
    package static func instance(ofClass type: CALayer.Type) -> CALayer {
        let blank = CALayer()
        var made: CALayer?
        if let m = type.makePresentationCopy(of: blank), Swift.type(of: m) == type { made = m }
        var cls: AnyClass? = type
        while made == nil, let c = cls {
            if let make = strataClasses[ObjectIdentifier(c)] {
                made = make(blank)
                if c != type {
                    StrataDiagnostics.report("\(type) cannot be constructed from its class on Linux; a \(c) stands in. Add `override class func makePresentationCopy(of model: CALayer) -> CALayer? { \(type)(layer: model) }` to make it one")
                }
            }
            cls = _getSuperclass(c)
        }
        let layer = made ?? CALayer()
        layer.state = LayerDefaults.state(for: type)
        return layer
    }

    /// Strata's own layer classes, each copied by its own `init(layer:)`.
    private static let strataClasses: [ObjectIdentifier: @Sendable (CALayer) -> CALayer] = [
        ObjectIdentifier(CALayer.self): { CALayer(layer: $0) },
        ObjectIdentifier(CATransformLayer.self): { CATransformLayer(layer: $0) },
        ObjectIdentifier(CAShapeLayer.self): { CAShapeLayer(layer: $0) },
        ObjectIdentifier(CATextLayer.self): { CATextLayer(layer: $0) },
        ObjectIdentifier(CAGradientLayer.self): { CAGradientLayer(layer: $0) },
        ObjectIdentifier(CAReplicatorLayer.self): { CAReplicatorLayer(layer: $0) },
        ObjectIdentifier(CAEmitterLayer.self): { CAEmitterLayer(layer: $0) },
        ObjectIdentifier(CAScrollLayer.self): { CAScrollLayer(layer: $0) },
        ObjectIdentifier(CATiledLayer.self): { CATiledLayer(layer: $0) },
    ]
}
