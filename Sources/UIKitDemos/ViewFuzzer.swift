import Foundation
import UIKit

/// Seeded hostile UIKit scenes (issue #22's bad input), checked for what must hold whatever the
/// input: no crash, no hang, no cycle in the view tree, finite model geometry, completions run
/// once, validly premultiplied pixels, and the same pixels from one full-frame rasteriser
/// thread and two redrawing only the damage.
///
/// Each seed builds a random tree of views in a window and then throws at it: non-finite and
/// huge frames, centres, bounds, alphas and transforms; a view added to itself or to one of
/// its descendants; animation blocks with hostile durations, delays and options whose
/// completions chain further animations on the same view; views removed in the middle of
/// their animations; transitions on views with no superview; image names that do not exist;
/// and, for one seed in `deepEvery`, a 10,000-deep chain laid out, hit-tested, drawn and torn
/// down. UIKit runs on the main thread, so this does too (`strata fuzz --views` watches the
/// time from another thread).
///
/// Strata extension (no Apple counterpart).
@MainActor
public struct ViewFuzzer {
    /// The window side in points (= pixels).
    public let size: Int
    /// One seed in this many also builds the 10,000-deep chain.
    public var deepEvery: UInt64 = 16
    /// The depth of that chain.
    public var deepDepth = 10_000

    public init(size: Int = 96) { self.size = max(8, min(size, 1024)) }

    /// Values a hostile caller passes for a coordinate, a size, an alpha or a matrix entry.
    nonisolated static let hostile: [CGFloat] = [.nan, .infinity, -.infinity, 1e300, -1e300, 1e19, -1e19, 3.4e38,
                                     0, -0.0, -1, 0.5, 1, 2, 1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude]

    /// Checks the scene of `seed`; the first problem found, or nil. Messages the scene provokes
    /// (rejected values, refused insertions) are collected, not printed.
    public func check(seed: UInt64) -> String? {
        var problem: String?
        _ = StrataDiagnostics.capture {
            CAMediaClock.withManualClock(startingAt: 100) { clock in
                var run = Run(seed: seed, size: CGFloat(size), clock: clock)
                problem = run.go(deep: seed % max(deepEvery, 1) == 0 ? deepDepth : 0)
            }
        }
        return problem
    }
}

/// SplitMix64: the same sequence for a seed on every machine.
struct ViewFuzzRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }
    mutating func unit() -> CGFloat { CGFloat(Double(next() >> 11) / Double(1 << 53)) }
    /// A hostile value one time in `oneIn`, else a plain one in 0…`scale`.
    mutating func value(_ scale: CGFloat, oneIn: Int = 4) -> CGFloat {
        int(oneIn) == 0 ? ViewFuzzer.hostile[int(ViewFuzzer.hostile.count)] : unit() * scale
    }
}

@MainActor
private struct Run {
    var random: ViewFuzzRandom
    let size: CGFloat
    let clock: CAMediaClock
    let window: UIWindow
    var views: [UIView] = []
    /// Completions seen, by block number; a block must complete at most once.
    final class Completions { var counts: [Int: Int] = [:]; var problem: String? }
    let completions = Completions()
    var blocks = 0

    init(seed: UInt64, size: CGFloat, clock: CAMediaClock) {
        random = ViewFuzzRandom(state: seed)
        self.size = size
        self.clock = clock
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: size, height: size))
        window.backgroundColor = .black
    }

    mutating func go(deep: Int) -> String? {
        window.makeKeyAndVisible()
        defer { window.isHidden = true }
        buildTree()
        var problem = abuseGeometry() ?? abuseHierarchy()
        animate()
        if problem == nil, UIImage(named: "strata-fuzz-no-such-image-\(random.next())") != nil {
            problem = "UIImage(named:) of a missing name is not nil"
        }
        for step in 0..<4 {
            clock.advance(by: [0, 0.3, 0.9, 5][step])
            CATransaction.flush()
            if step == 1 { removeSomeMidAnimation() }
            problem = problem ?? render(step) ?? checkTree()
        }
        if deep > 0 { problem = problem ?? deepChain(deep) }
        window.subviews.forEach { $0.removeFromSuperview() }
        CATransaction.flush()
        return problem ?? completions.problem
    }

    // MARK: The tree

    mutating func buildTree() {
        views = [window]
        for _ in 0..<(3 + random.int(14)) {
            let v = random.chance(0.15) ? UILabel() : random.chance(0.1) ? UIImageView(image: nil) : UIView()
            v.frame = CGRect(x: random.unit() * size, y: random.unit() * size,
                             width: random.unit() * size / 2, height: random.unit() * size / 2)
            v.backgroundColor = UIColor(hue: random.unit(), saturation: 0.7, brightness: 0.9, alpha: 0.3 + random.unit() * 0.7)
            v.clipsToBounds = random.chance(0.3)
            v.layer.cornerRadius = random.chance(0.3) ? random.value(20, oneIn: 6) : 0
            if let label = v as? UILabel { label.text = random.chance(0.5) ? "Fuzz" : "" }
            views[random.int(views.count)].addSubview(v)
            views.append(v)
        }
    }

    /// Hostile geometry on random views: rejected values leave the model finite.
    mutating func abuseGeometry() -> String? {
        for _ in 0..<(4 + random.int(12)) {
            let v = views[1 + random.int(views.count - 1)]
            switch random.int(7) {
            case 0: v.frame = CGRect(x: random.value(size), y: random.value(size), width: random.value(size), height: random.value(size))
            case 1: v.center = CGPoint(x: random.value(size), y: random.value(size))
            case 2: v.bounds = CGRect(x: random.value(9), y: random.value(9), width: random.value(size), height: random.value(size))
            case 3: v.alpha = random.value(1)
            case 4: v.transform = CGAffineTransform(a: random.value(2), b: random.value(1), c: random.value(1),
                                                    d: random.value(2), tx: random.value(size), ty: random.value(size))
            case 5:
                var t = CATransform3DMakeRotation(random.value(7), random.value(1), random.value(1), 1)
                t.m34 = random.chance(0.5) ? -1 / random.value(500) : 0
                v.transform3D = t
            default: v.layer.cornerRadius = random.value(40)
            }
        }
        return checkTree()
    }

    /// Insertions that would make a cycle are refused.
    mutating func abuseHierarchy() -> String? {
        for _ in 0..<(1 + random.int(4)) {
            let v = views[1 + random.int(views.count - 1)]
            let descendant = descendants(of: v).randomElement(using: &random) ?? v
            switch random.int(4) {
            case 0: v.addSubview(v)
            case 1: descendant.addSubview(v)
            case 2: descendant.insertSubview(v, at: random.int(3) - 1)
            default: v.superview?.insertSubview(v, belowSubview: descendant)
            }
            if let cycle = cycle(from: v) { return cycle }
        }
        return nil
    }

    func descendants(of v: UIView) -> [UIView] {
        var out: [UIView] = [], stack = v.subviews
        while let next = stack.popLast() { out.append(next); stack += next.subviews }
        return out
    }

    /// A problem when walking up from `v` does not reach a root within the number of views.
    func cycle(from v: UIView) -> String? {
        var steps = 0, current: UIView? = v
        while let c = current {
            steps += 1
            if steps > views.count + deepLimit { return "the superview chain from a view loops (a cycle was accepted)" }
            current = c.superview
        }
        return nil
    }
    var deepLimit: Int { 20_000 }

    /// Every view: finite model geometry and alpha, in its superview's subviews, acyclic.
    func checkTree() -> String? {
        for (i, v) in views.enumerated() {
            let b = v.bounds, c = v.center
            // `frame` is undefined under a transform (Apple: a huge finite one can make it null),
            // and is worked out from the centre and size: huge finite ones can overflow it, with
            // the same arithmetic as Apple's (strata fuzz --views, seed 387 at size 96).
            let derivable = v.transform3D == CATransform3DIdentity && [c.x, c.y, b.width, b.height].allSatisfy { abs($0) < 1e300 }
            let f = derivable ? v.frame : .zero
            guard [f.minX, f.minY, f.width, f.height, b.minX, b.minY, b.width, b.height, c.x, c.y].allSatisfy(\.isFinite),
                  v.transform3D.isFinite else { return "view \(i): non-finite geometry \(f) \(b) \(c)" }
            // UIKit keeps any finite alpha (and draws it clamped to 0…1).
            guard v.alpha.isFinite, v.layer.opacity.isFinite else { return "view \(i): alpha \(v.alpha)" }
            if let s = v.superview, !s.subviews.contains(where: { $0 === v }) { return "view \(i) is not among its superview's subviews" }
            if v.subviews.contains(where: { $0 === v }) { return "view \(i) is its own subview" }
            if let loop = cycle(from: v) { return loop }
        }
        return nil
    }

    // MARK: Animations

    mutating func animate() {
        for _ in 0..<(2 + random.int(6)) {
            // Not the window: the deep chain's hit test needs it hittable.
            let v = views[1 + random.int(views.count - 1)]
            let duration = TimeInterval(random.value(1, oneIn: 3))
            let delay = TimeInterval(random.chance(0.3) ? random.value(0.5, oneIn: 2) : 0)
            var options: UIView.AnimationOptions = [[], .curveEaseIn, .curveLinear, .beginFromCurrentState, .autoreverse][random.int(5)]
            if random.chance(0.1) { options.insert(.repeat) }
            let block = nextBlock()
            let chain = random.int(3)
            let target = CGPoint(x: random.value(size), y: random.value(size)), alpha = random.value(1)
            let removes = random.chance(0.2)
            switch random.int(6) {
            case 0:
                UIView.animate(withDuration: duration, delay: delay, usingSpringWithDamping: random.value(1),
                               initialSpringVelocity: random.value(5), options: options,
                               animations: { v.center = target }, completion: completion(block, chain: chain, on: v))
            case 1:
                UIView.animateKeyframes(withDuration: duration, delay: delay, options: [], animations: {
                    UIView.addKeyframe(withRelativeStartTime: Double(alpha), relativeDuration: Double(alpha)) { v.alpha = alpha }
                    UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { v.center = target }
                }, completion: completion(block, chain: chain, on: v))
            case 2:
                // Transitions, also on a view with no superview and between two orphans.
                let orphan = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                let subject = random.chance(0.5) ? orphan : v
                UIView.transition(with: subject, duration: duration, options: [.transitionFlipFromLeft, .transitionCurlUp,
                                  .transitionCrossDissolve][random.int(3)], animations: { subject.alpha = alpha },
                                  completion: completion(block, chain: chain, on: v))
                UIView.transition(from: orphan, to: UIView(), duration: duration, options: .transitionFlipFromRight)
            case 3:
                propertyAnimator(on: v, duration: duration, target: target, alpha: alpha)
            default:
                UIView.animate(withDuration: duration, delay: delay, options: options, animations: {
                    v.center = target
                    v.alpha = alpha
                    v.transform = CGAffineTransform(rotationAngle: alpha * 7).scaledBy(x: alpha, y: 2)
                    if removes { v.removeFromSuperview() }
                }, completion: completion(block, chain: chain, on: v))
            }
        }
    }

    /// A property animator with hostile timing, scrubbed, reversed and continued with hostile
    /// factors (kept alive only by its running animations, as app code often leaves it).
    mutating func propertyAnimator(on v: UIView, duration: TimeInterval, target: CGPoint, alpha: CGFloat) {
        let timing: UITimingCurveProvider = switch random.int(3) {
        case 0: UICubicTimingParameters(controlPoint1: CGPoint(x: random.value(2), y: random.value(3)),
                                        controlPoint2: CGPoint(x: random.value(2), y: random.value(3)))
        case 1: UISpringTimingParameters(dampingRatio: random.value(2), initialVelocity: CGVector(dx: random.value(50), dy: 0))
        default: UISpringTimingParameters(mass: random.value(3), stiffness: random.value(500), damping: random.value(40),
                                          initialVelocity: CGVector(dx: random.value(9), dy: random.value(9)))
        }
        let animator = UIViewPropertyAnimator(duration: duration, timingParameters: timing)
        animator.addAnimations { v.center = target; v.alpha = alpha }
        animator.pausesOnCompletion = random.chance(0.3)
        animator.scrubsLinearly = random.chance(0.5)
        animator.pauseAnimation()
        animator.fractionComplete = random.value(1.5)
        if random.chance(0.5) { animator.isReversed = true }
        if random.chance(0.3) {
            // Resumed on an overshooting curve from a linear scrub, paused again, switched.
            animator.startAnimation()
            animator.pauseAnimation()
            animator.scrubsLinearly.toggle()
        }
        let next: UITimingCurveProvider? = random.chance(0.5) ? nil : UICubicTimingParameters(animationCurve: .easeOut)
        animator.continueAnimation(withTimingParameters: next, durationFactor: random.value(3))
        if random.chance(0.3) { animator.isReversed.toggle() }
        if random.chance(0.2) { animator.addAnimations { v.bounds.size.width = target.x } }
        if random.chance(0.2) { animator.stopAnimation(random.chance(0.5)) }
    }

    mutating func nextBlock() -> Int {
        blocks += 1
        return blocks
    }

    /// A completion that records itself and, `chain` times, starts another animation on `view`.
    func completion(_ block: Int, chain: Int, on view: UIView) -> (Bool) -> Void {
        let completions = self.completions
        return { [weak view] _ in
            completions.counts[block, default: 0] += 1
            if completions.counts[block]! > 1 { completions.problem = completions.problem ?? "block \(block) completed twice" }
            guard chain > 0, let view else { return }
            let next = -block * 10 - chain
            UIView.animate(withDuration: 0.2, animations: { view.alpha = CGFloat(chain) / 3 },
                           completion: Run.chained(next, remaining: chain - 1, view: view, completions: completions))
        }
    }

    static func chained(_ block: Int, remaining: Int, view: UIView, completions: Completions) -> (Bool) -> Void {
        { [weak view] _ in
            completions.counts[block, default: 0] += 1
            if completions.counts[block]! > 1 { completions.problem = completions.problem ?? "chained block \(block) completed twice" }
            guard remaining > 0, let view else { return }
            UIView.animate(withDuration: 0.2, animations: { view.center.x += 1 },
                           completion: chained(block * 10, remaining: remaining - 1, view: view, completions: completions))
        }
    }

    /// Some views leave the tree in the middle of their animations.
    mutating func removeSomeMidAnimation() {
        for v in views.dropFirst() where random.chance(0.2) { v.removeFromSuperview() }
        if random.chance(0.3), views.count > 2 { views[1].layer.removeAllAnimations() }
    }

    // MARK: Pixels

    /// One thread redrawing everything and two redrawing the damage give the same, validly
    /// premultiplied pixels; hit tests at hostile points return.
    mutating func render(_ step: Int) -> String? {
        let side = Int(size)
        var images: [CGImage] = []
        for threads in [1, 2] {
            let r = CARenderer(width: side, height: side)
            r.threads = threads
            r.redrawsDamageOnly = threads == 2
            r.layer = window.layer
            CATransaction.flush()
            r.beginFrame(atTime: CACurrentMediaTime())
            r.render()
            r.endFrame()
            images.append(r.makeImage())
        }
        for y in 0..<side {
            for x in 0..<side {
                let p = images[1].pixel(x: x, y: y), a = p >> 24
                if (p >> 16) & 255 > a || (p >> 8) & 255 > a || p & 255 > a {
                    return "step \(step): pixel \(x),\(y) = 0x\(String(p, radix: 16)) is not premultiplied"
                }
                if p != images[0].pixel(x: x, y: y) { return "step \(step): 1 and 2 threads differ at \(x),\(y)" }
            }
        }
        for _ in 0..<4 {
            let point = CGPoint(x: random.value(size), y: random.value(size))
            _ = window.hitTest(point, with: nil)
            _ = views[random.int(views.count)].convert(point, to: nil)
        }
        return nil
    }

    // MARK: Depth

    /// A `depth`-deep chain of views: laid out, hit-tested, converted through, drawn and torn
    /// down without recursion overflowing the stack.
    func deepChain(_ depth: Int) -> String? {
        weak var weakLeaf: UIView?
        var problem: String?
        do {
            let leaf = UIView(frame: CGRect(x: 1, y: 1, width: size - 2, height: size - 2))
            leaf.backgroundColor = .red
            var top = leaf
            for _ in 1..<depth {
                let v = UIView(frame: CGRect(x: 0, y: 0, width: size, height: size))
                v.addSubview(top)
                top = v
            }
            window.addSubview(top)
            weakLeaf = leaf
            leaf.setNeedsLayout()
            window.layoutIfNeeded()
            let hit = window.hitTest(CGPoint(x: size / 2, y: size / 2), with: nil)
            if hit !== leaf {
                problem = "deep chain: the leaf is not hit but \(hit.map { "\(type(of: $0)) \($0.frame) alpha \($0.alpha) in chain: \(descendants(of: top).contains($0))" } ?? "nothing")"
            }
            if leaf.convert(CGPoint.zero, to: nil) != CGPoint(x: 1, y: 1) { problem = problem ?? "deep chain: conversion is wrong" }
            leaf.addSubview(top)   // a cycle through 10,000 levels: refused
            if top.superview !== window { problem = problem ?? "deep chain: a cycle was accepted" }
            UIView.animate(withDuration: 1) { leaf.alpha = 0.5 }
            CATransaction.flush()
            let r = CARenderer(width: Int(size), height: Int(size))
            r.layer = window.layer
            r.beginFrame(atTime: CACurrentMediaTime())
            r.render()
            r.endFrame()
            top.removeFromSuperview()
            CATransaction.flush()
            // The animation ends after the chain left the window; then nothing holds it.
            clock.advance(by: 2)
            CATransaction.flush()
        }
        if weakLeaf != nil { problem = problem ?? "deep chain: the views leak after teardown" }
        return problem
    }
}

extension ViewFuzzRandom: RandomNumberGenerator {}
