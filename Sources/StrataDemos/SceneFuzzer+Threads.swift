import Foundation
import QuartzCore

// Threaded scenes (issue 25): Core Animation is documented as thread-safe, so a scene may be
// changed by several threads at once while a renderer draws it. Some seeds get a threaded phase:
// two to four threads, each with a branch of its own and the scene's layers shared between
// them, change properties, structure, animations and special layers, set delegates, actions
// and styles, and read presentation copies, inside explicit transactions (nested now and then)
// and their own implicit ones, while the checking thread renders and hit-tests. Their choices
// come from streams of their own, so every other choice of a seed is what it always was.

extension SceneFuzzer {
    /// Which seeds get a threaded phase.
    public enum ThreadScenes: Sendable {
        /// None (the scenes as before).
        case off
        /// One seed in four.
        case sometimes
        /// Every seed.
        case always
    }

    /// How many threads mutate the scene of `seed`: 0 (no threaded phase) or 2…4.
    public func mutatingThreads(seed: UInt64, _ scenes: ThreadScenes) -> Int {
        var r = FuzzRandom(seed: seed ^ 0x7468_7265_6164_7321)
        let wanted: Bool
        switch scenes {
        case .off: wanted = false
        case .sometimes: wanted = r.next() % 4 == 0
        case .always: wanted = true
        }
        return wanted ? 2 + Int(r.next() % 3) : 0
    }

    /// Thread `index`'s mutations of the scene: `steps` transactions on its own `branch` and on
    /// `shared` (the scene's layers, which every thread changes and moves).
    public func mutate(seed: UInt64, thread index: Int, steps: Int, root: CALayer, branch: CALayer, shared: [CALayer]) {
        let s = seed &+ UInt64(index) &* 0x9E37_79B9
        var m = Mutator(g: Builder(rng: FuzzRandom(seed: s), extra: FuzzRandom(seed: ~s), size: CGFloat(size)),
                        root: root, branch: branch, shared: shared)
        for _ in 0..<steps { m.step() }
        CATransaction.flush()
    }
}

/// A delegate shared by the threads' layers: it answers actions and lays out sublayers.
private final class FuzzDelegate: NSObject, CALayerDelegate, @unchecked Sendable {
    static let shared = FuzzDelegate()
    func action(for layer: CALayer, forKey event: String) -> CAAction? { event == "opacity" ? NSNull() : nil }
    func layoutSublayers(of layer: CALayer) {
        for (i, s) in (layer.sublayers ?? []).prefix(4).enumerated() { s.position = CGPoint(x: 4 * CGFloat(i), y: 4) }
    }
}

/// One thread's random changes.
private struct Mutator {
    var g: Builder
    let root: CALayer
    let branch: CALayer
    let shared: [CALayer]

    /// A layer to change: the thread's branch or one below it, or a shared one.
    mutating func target() -> CALayer {
        if g.chance(0.4) { return shared[g.int(0...shared.count - 1)] }
        let own = branch.sublayers ?? []
        return own.isEmpty || g.chance(0.3) ? branch : own[g.int(0...own.count - 1)]
    }

    /// One transaction: explicit (sometimes nested, with its own duration or actions off) or
    /// this thread's implicit one, flushed now and then.
    mutating func step() {
        switch g.int(0...3) {
        case 0, 1:
            CATransaction.begin()
            if g.chance(0.5) { CATransaction.setDisableActions(true) }
            if g.chance(0.3) { CATransaction.setAnimationDuration(g.pick([0, 0.2, 1e9, -1])) }
            if g.chance(0.2) { CATransaction.setCompletionBlock { _ = CATransaction.disableActions() } }
            for _ in 0..<g.int(1...4) { change() }
            if g.chance(0.2) {
                CATransaction.begin()
                change()
                CATransaction.commit()
            }
            CATransaction.commit()
        case 2:
            change()
            if g.chance(0.5) { CATransaction.flush() }
        default:
            read()
        }
    }

    mutating func change() {
        let l = target()
        switch g.int(0...9) {
        case 0, 1: g.configure(l)
        case 2: structure(l)
        case 3: g.animate(l)
        case 4: l.removeAnimation(forKey: g.pick(["fuzz", "fuzz-kind", "nothing"])); if g.chance(0.2) { l.removeAllAnimations() }
        case 5: special(l)
        case 6: handlers(l)
        case 7: l.position = CGPoint(x: g.wild(-10...100), y: g.wild(-10...100)); l.opacity = Float(g.double(0...1))
        case 8: g.chance(0.5) ? l.setNeedsLayout() : l.setNeedsDisplay()
        default: read()
        }
    }

    /// Adds, moves, replaces and removes layers: new ones into the branch, shared ones into the
    /// branch or back under the root (cycles are refused), masks on and off.
    mutating func structure(_ l: CALayer) {
        g.count = 0
        switch g.int(0...6) {
        case 0: branch.addSublayer(g.subtree(depth: g.int(1...2)))
        case 1: branch.insertSublayer(shared[g.int(0...shared.count - 1)], at: UInt32(g.int(0...3)))
        case 2: root.insertSublayer(target(), above: shared[g.int(0...shared.count - 1)])
        case 3:
            if let old = l.sublayers?.first { l.replaceSublayer(old, with: g.chance(0.5) ? CALayer() : target()) }
        case 4: l.mask = g.chance(0.5) ? nil : (g.chance(0.5) ? CALayer() : target())
        case 5: l.sublayers = (l.sublayers ?? []).reversed()
        default: if l !== branch, l !== root { l.removeFromSuperlayer() }
        }
        // The branch stays small: its oldest layers leave.
        while let subs = branch.sublayers, subs.count > 6 { subs[0].removeFromSuperlayer() }
        if branch.superlayer == nil { root.addSublayer(branch) }
    }

    /// Properties of the special layer kinds (shape, gradient, text, replicator, emitter, tiled).
    mutating func special(_ l: CALayer) {
        switch l {
        case let s as CAShapeLayer: s.path = g.hostilePath(Double(g.size)); s.strokeEnd = g.wild(-0.5...1.5)
        case let t as CATextLayer: t.string = g.chance(0.5) ? "thread \(g.int(0...9))" : nil; t.fontSize = g.scalar(0...40)
        case let r as CAReplicatorLayer: r.instanceCount = g.pick([0, 1, 3, 12]); r.instanceDelay = g.pick([0, 0.1])
        case let e as CAEmitterLayer: e.birthRate = Float(g.pick([0, 1, 4])); e.emitterPosition = CGPoint(x: g.scalar(0...90), y: 9)
        case let t as CATiledLayer: t.setNeedsDisplay(); t.tileSize = CGSize(width: g.pick([16, 64, 256]), height: 64)
        default: g.configureShapeOrGradient(l); g.configureParticles(l)
        }
    }

    /// The delegate, actions and style dictionaries, changed and consulted (a property change
    /// asks all three for its action).
    mutating func handlers(_ l: CALayer) {
        switch g.int(0...2) {
        case 0: l.delegate = g.chance(0.5) ? FuzzDelegate.shared : nil
        case 1: l.actions = g.chance(0.5) ? ["position": NSNull(), "bounds": CABasicAnimation()] : nil
        default: l.style = g.chance(0.5) ? ["actions": ["opacity": NSNull()], "style": ["cornerRadius": 3]] : nil
        }
        l.cornerRadius = g.scalar(0...10)
        _ = l.action(forKey: "position")
    }

    /// Reads: presentation copies and their trees, hit tests, conversions, animation keys.
    mutating func read() {
        let l = target()
        let p = l.presentation()
        _ = p?.position
        _ = p?.sublayers?.count
        _ = p?.superlayer?.opacity
        _ = root.presentation()?.hitTest(CGPoint(x: g.double(0...96), y: g.double(0...96)))
        _ = root.hitTest(CGPoint(x: g.double(0...96), y: g.double(0...96)))
        _ = l.convert(CGPoint(x: 1, y: 2), to: root)
        _ = l.animationKeys()
        _ = l.value(forKeyPath: "sublayers.@count")
        _ = l.delegate
        _ = l.style?.count
    }
}

extension FuzzChecker {
    /// The threaded phase of a scene: `threads` threads run `SceneFuzzer.mutate` while this
    /// thread renders with `renderers` and hit-tests; the first invalid pixel found, if any.
    /// Returns when every thread has finished (the caller's time budget catches a hang).
    static func runThreads(seed: UInt64, threads: Int, scene: SceneFuzzer.Scene, size: Int,
                           renderers: [CARenderer], clock: CAMediaClock) -> String? {
        final class Shared: @unchecked Sendable {
            let root: CALayer, branches: [CALayer], layers: [CALayer]
            let done = DispatchGroup()
            init(root: CALayer, branches: [CALayer], layers: [CALayer]) { (self.root, self.branches, self.layers) = (root, branches, layers) }
        }
        var layers: [CALayer] = []
        var work = [scene.root]
        while let l = work.popLast() { layers.append(l); work += l.sublayers ?? []; if let m = l.mask { work.append(m) } }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let branches = (0..<threads).map { _ in CALayer() }
        for b in branches { scene.root.addSublayer(b) }
        CATransaction.commit()
        let shared = Shared(root: scene.root, branches: branches, layers: layers)
        for k in 0..<threads {
            shared.done.enter()
            let t = Thread {
                _ = StrataDiagnostics.capture {
                    CAMediaClock.withManualClock(startingAt: 0) { _ in
                        SceneFuzzer(size: size).mutate(seed: seed, thread: k, steps: 16, root: shared.root,
                                                       branch: shared.branches[k], shared: shared.layers)
                    }
                }
                shared.done.leave()
            }
            t.stackSize = 16 << 20
            t.start()
        }
        var problem: String?
        var t = 0.0
        repeat {
            t += 0.05
            clock.set(t)
            for r in renderers {
                r.beginFrame(atTime: t)
                r.render()
                r.endFrame()
                if problem == nil, let p = firstInvalidPixel(r.makeImage()) { problem = "threads, t=\(t): pixel \(p.x),\(p.y) is not premultiplied" }
            }
            for point in scene.hitPoints { _ = scene.root.presentation()?.hitTest(point) }
        } while shared.done.wait(timeout: .now()) == .timedOut
        return problem
    }
}
