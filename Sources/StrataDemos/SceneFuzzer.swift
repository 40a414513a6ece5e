import Foundation
import QuartzCore
import Raster

/// Seeded random layer trees for hardening: any depth and fan-out, every layer property
/// including extremes (0, negative, ±1e300, subnormals), NaN through animations, masks,
/// shadows, group opacity, transform layers, perspective and back faces.
///
/// Strata extension (no Apple counterpart). The same seed gives the same tree on every run and
/// machine, so a failure found by `strata fuzz` is replayed by its seed. `FuzzChecker` renders
/// the trees and checks them.
public struct SceneFuzzer {
    /// The side of the square surface the scenes are made for (a root of that size).
    public let size: Int

    /// A generator of `size` × `size` scenes.
    public init(size: Int = 96) {
        self.size = max(1, size)
    }

    /// One scene: the root layer, the media times to render it at and the points to hit-test.
    public struct Scene {
        /// The root (committed by the first frame rendered).
        public let root: CALayer
        /// Media times of the frames to check (animations start at time 0).
        public let times: [CFTimeInterval]
        /// Points in the root's space to hit-test.
        public let hitPoints: [CGPoint]
        /// How many layers the tree has (masks included).
        public let layerCount: Int
    }

    /// The scene of `seed`. Call inside a manual media clock at time 0 so that animations begin
    /// at 0 (the checker does).
    public func scene(seed: UInt64) -> Scene {
        var g = Builder(rng: FuzzRandom(seed: seed), extra: FuzzRandom(seed: ~seed), size: CGFloat(size))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: size, height: size)
        root.backgroundColor = g.chance(0.5) ? CGColor(gray: 1, alpha: 1) : nil
        root.sublayerTransform = g.chance(0.3) ? g.perspective() : CATransform3DIdentity
        g.count = 1
        let depth = g.int(1...6)
        for _ in 0..<g.int(1...4) { root.addSublayer(g.subtree(depth: depth)) }
        // Half the seeds add a layer of huge geometry (1e19…1e300), from a stream of its own.
        if let huge = magnitudeLayer(seed: seed) { root.addSublayer(huge) }
        CATransaction.commit()
        let times = [0, g.double(0...0.5), g.double(0.5...2), 30]
        let points = (0..<4).map { _ in CGPoint(x: g.double(-10...Double(size) + 10), y: g.double(-10...Double(size) + 10)) }
        return Scene(root: root, times: times, hitPoints: points, layerCount: g.count)
    }
}

/// The fuzzer's generator: SplitMix64 started one step in (the seeds of earlier fuzz runs still
/// name the same scenes).
struct FuzzRandom: RandomNumberGenerator {
    private var base: SplitMix64
    init(seed: UInt64) { base = SplitMix64(seed: seed &+ 0x9E37_79B9_7F4A_7C15) }
    mutating func next() -> UInt64 { base.next() }
}

/// The random choices of one scene.
struct Builder {
    var rng: FuzzRandom
    /// A second stream for choices added later (compositing filters, emitter-cell key paths,
    /// transitions), so `rng` draws what it always drew and earlier seeds keep naming the same scenes.
    var extra: FuzzRandom
    let size: CGFloat
    /// Layers made so far (the tree stops growing at `maximumLayers`).
    var count = 0
    let maximumLayers = 48

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    mutating func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &rng) }
    mutating func double(_ r: ClosedRange<Double>) -> Double { Double.random(in: r, using: &rng) }
    mutating func pick<T>(_ options: [T]) -> T { options[int(0...options.count - 1)] }

    /// 1e-310, a subnormal. Parsed rather than written as a literal, which the compiler reports
    /// as "underflows and loses precision" in every build; the value is the literal's, so each
    /// seed still makes the scene it always made.
    static let subnormal = Double("1e-310")!

    /// A number: mostly ordinary, sometimes an extreme.
    mutating func scalar(_ ordinary: ClosedRange<Double>) -> CGFloat {
        if chance(0.8) { return CGFloat(double(ordinary)) }
        return pick([0, -0.0, -1, 1e300, -1e300, Self.subnormal, -Self.subnormal, .leastNonzeroMagnitude, 1e9, -1e9, 0.5, 1e-9])
    }

    /// A finite value that may be NaN or infinite (for animations: setters refuse these).
    mutating func wild(_ ordinary: ClosedRange<Double>) -> CGFloat {
        chance(0.25) ? pick([.nan, .infinity, -.infinity]) : scalar(ordinary)
    }

    mutating func color() -> CGColor? {
        if chance(0.15) { return nil }
        let a = chance(0.3) ? pick([0, 1, 0.5, Self.subnormal]) : double(0...1)
        return CGColor(red: double(0...1), green: double(0...1), blue: double(0...1), alpha: a)
    }

    mutating func rect(_ extent: Double) -> CGRect {
        CGRect(x: scalar(-extent / 4...extent / 4), y: scalar(-extent / 4...extent / 4),
               width: scalar(0...extent), height: scalar(0...extent))
    }

    mutating func perspective() -> CATransform3D {
        var t = CATransform3DIdentity
        t.m34 = -1 / CGFloat(pick([100.0, 500.0, 1, 1e-300, 1e300, -500]))
        return t
    }

    mutating func transform() -> CATransform3D {
        switch int(0...9) {
        case 0, 1: return CATransform3DIdentity
        case 2: return CATransform3DMakeRotation(scalar(-7...7), scalar(-1...1), scalar(-1...1), scalar(-1...1))
        case 3: return CATransform3DMakeRotation(CGFloat.pi * pick([0.5, 1, 0.99, 1.01]), 0, 1, 0)   // edge-on, back faces
        case 4: return CATransform3DMakeScale(scalar(-3...3), scalar(-3...3), scalar(-3...3))
        case 5: return CATransform3DMakeTranslation(scalar(-50...50), scalar(-50...50), scalar(-300...300))
        case 6: return perspective()
        case 7: return CATransform3D()   // all zero
        case 8:
            var t = CATransform3DIdentity
            t.m44 = pick([0, 1e-300, -1, 1e300])
            return t
        default:
            return CATransform3DRotate(perspective(), scalar(-3...3), 1, 1, 0)
        }
    }

    mutating func path(_ extent: Double) -> CGPath {
        let r = rect(extent)
        switch int(0...3) {
        case 0: return CGPath(rect: r, transform: nil)
        case 1: return CGPath(ellipseIn: r, transform: nil)
        default:
            let p = CGMutablePath()
            p.move(to: CGPoint(x: scalar(0...extent), y: scalar(0...extent)))
            for _ in 0..<int(1...5) {
                let q = CGPoint(x: scalar(0...extent), y: scalar(0...extent))
                if chance(0.5) { p.addLine(to: q) } else {
                    p.addCurve(to: q, control1: CGPoint(x: scalar(0...extent), y: scalar(0...extent)),
                               control2: CGPoint(x: scalar(0...extent), y: scalar(0...extent)))
                }
            }
            if chance(0.5) { p.closeSubpath() }
            return p
        }
    }

    mutating func image() -> CGImage {
        let n = int(1...8)
        var pixels: [UInt32] = []
        for _ in 0..<n * n {
            let a = UInt32(int(0...255)), c = { (x: Int) in UInt32(x) }
            pixels.append(a << 24 | c(int(0...Int(a))) << 16 | c(int(0...Int(a))) << 8 | c(int(0...Int(a))))
        }
        return try! CGImage(width: n, height: n, premultipliedBGRA: pixels)
    }

    /// A layer with random properties and, `depth` allowing, sublayers and a mask.
    mutating func subtree(depth: Int) -> CALayer {
        count += 1
        let l: CALayer = chance(0.12) ? CATransformLayer() : chance(0.1) ? CATextLayer()
            : chance(0.1) ? scrollOrTiledLayer() : chance(0.1) ? particleLayer() : specialLayer() ?? CALayer()
        configure(l)
        configureShapeOrGradient(l)
        configureParticles(l)
        if let text = l as? CATextLayer { configureText(text) }
        if chance(0.5) { scrollHostilely(l) }
        if depth > 1 {
            for _ in 0..<int(0...3) where count < maximumLayers { l.addSublayer(subtree(depth: depth - 1)) }
            if chance(0.15), count < maximumLayers { l.mask = subtree(depth: min(depth - 1, 2)) }
        }
        if chance(0.35) { animate(l) }
        animateShapeOrGradient(l)
        return l
    }

    mutating func configure(_ l: CALayer) {
        let extent = Double(size)
        l.bounds = rect(extent)
        l.position = CGPoint(x: scalar(-10...extent + 10), y: scalar(-10...extent + 10))
        if chance(0.3) { l.anchorPoint = CGPoint(x: scalar(-0.5...1.5), y: scalar(-0.5...1.5)) }
        if chance(0.3) { l.zPosition = scalar(-200...200) }
        if chance(0.1) { l.anchorPointZ = scalar(-50...50) }
        if chance(0.5) { l.transform = transform() }
        if chance(0.25) { l.sublayerTransform = transform() }
        l.backgroundColor = color()
        if chance(0.3) { l.opacity = Float(pick([0, 0.5, 1, 1e-40, 0.999])) }
        if chance(0.2) { l.isDoubleSided = false }
        if chance(0.05) { l.isHidden = true }
        if chance(0.3) { l.masksToBounds = true }
        if chance(0.2) { l.allowsGroupOpacity = false }
        if chance(0.3) { l.cornerRadius = scalar(-5...40) }
        if chance(0.2) { l.maskedCorners = CACornerMask(rawValue: UInt(int(0...15))) }
        if chance(0.3) { l.borderWidth = scalar(-2...10); l.borderColor = color() }
        if chance(0.15) { l.isGeometryFlipped = true }
        if Double.random(in: 0..<1, using: &extra) < 0.05 {
            let filters: [Any] = ["multiplyBlendMode", "screenBlendMode", "CIOverlayBlendMode", "differenceBlendMode",
                                  "gaussianBlur", "", 42]
            l.compositingFilter = filters.randomElement(using: &extra)
        }
        if chance(0.3) {
            l.shadowOpacity = Float(pick([0, 0.5, 1, 2, -1]))
            l.shadowRadius = scalar(-3...20)
            l.shadowOffset = CGSize(width: scalar(-10...10), height: scalar(-10...10))
            l.shadowColor = color()
            if chance(0.3) { l.shadowPath = path(extent) }
        }
        if chance(0.25) {
            l.contents = image()
            if chance(0.3) { l.contentsRect = rect(1) }
            if chance(0.3) { l.contentsCenter = CGRect(x: double(0...0.5), y: double(0...0.5), width: double(0...1), height: double(0...1)) }
            if chance(0.3) { l.contentsScale = scalar(0...4) }
            l.contentsGravity = pick([.resize, .center, .resizeAspect, .resizeAspectFill, .topLeft, .bottomRight])
            if chance(0.3) { l.magnificationFilter = .nearest }
        }
    }

    /// A basic, keyframe or grouped animation, with NaN and infinities among its values; now
    /// and then a transition of any type (the 3D and curl types included, and an unknown one).
    mutating func animate(_ l: CALayer) {
        let duration = pick([0.5, 1, 2, 1e-9, 1e9])
        addTransitionNowAndThen(l, duration: duration)
        func basic(_ b: inout Builder) -> CAAnimation {
            let (key, from, to) = b.animatedValues()
            let a = CABasicAnimation(keyPath: key)
            a.fromValue = from
            if b.chance(0.2) { a.byValue = to } else { a.toValue = to }
            a.duration = duration
            if b.chance(0.3) { a.repeatCount = Float(b.pick([2, 0.5, .infinity])) }
            if b.chance(0.3) { a.autoreverses = true }
            if b.chance(0.2) { a.isAdditive = true }
            if b.chance(0.2) { a.fillMode = .both; a.isRemovedOnCompletion = false }
            if b.chance(0.2) { a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut) }
            return a
        }
        switch int(0...3) {
        case 0, 1:
            l.add(basic(&self), forKey: "fuzz")
        case 2:
            let (key, from, to) = animatedValues()
            let k = CAKeyframeAnimation(keyPath: key)
            k.values = [from as Any, to as Any, from as Any]
            k.duration = duration
            if chance(0.3), key == "position" { k.path = path(Double(size)); k.values = nil }
            l.add(k, forKey: "fuzz")
        default:
            let g = CAAnimationGroup()
            g.animations = [basic(&self), basic(&self)]
            g.duration = duration
            l.add(g, forKey: "fuzz")
        }
    }

    /// One time in ten, a transition of any type, its choices from the `extra` stream.
    mutating func addTransitionNowAndThen(_ l: CALayer, duration: Double) {
        func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0...options.count - 1, using: &extra)] }
        guard Double.random(in: 0..<1, using: &extra) < 0.1 else { return }
        let t = CATransition()
        t.type = pick([.fade, .push, .cube, .oglFlip, .flip, .pageCurl, .pageUnCurl, CATransitionType(rawValue: "suckEffect")])
        t.subtype = pick([nil, .fromLeft, .fromRight, .fromTop, .fromBottom])
        t.duration = duration
        if pick([true, false, false]) { t.startProgress = pick([-1, 0.3, 2]); t.endProgress = pick([Float.nan, 0.5, 2]) }
        l.add(t, forKey: nil)
    }

    /// A key path and two values for it (possibly NaN, infinite or of the wrong type).
    mutating func animatedValues() -> (String, Any?, Any?) {
        let extent = Double(size)
        switch int(0...10) {
        case 0: return ("position", CGPoint(x: wild(0...extent), y: wild(0...extent)), CGPoint(x: wild(0...extent), y: wild(0...extent)))
        case 1: return ("bounds", rect(extent), CGRect(x: 0, y: 0, width: wild(0...extent), height: wild(0...extent)))
        case 2: return ("transform", transform(), transform())
        case 3: return (pick(["transform.rotation.z", "transform.rotation.y", "transform.scale", "transform.translation.x"]),
                        wild(-7...7), wild(-7...7))
        case 4: return ("opacity", Float(double(0...1)), pick([Float.nan, 0, 1, -1]))
        case 5: return (pick(["cornerRadius", "borderWidth", "shadowRadius", "zPosition", "anchorPointZ"]), wild(-10...40), wild(-10...40))
        case 6: return ("anchorPoint", CGPoint(x: wild(0...1), y: wild(0...1)), CGPoint(x: 0.5, y: 0.5))
        case 7: return ("backgroundColor", color(), color())
        case 8: return ("shadowPath", path(extent), path(extent))
        case 9: return ("sublayerTransform", perspective(), transform())
        default:
            let hostile = ["position.z", "nonsense", "bounds.size.depth"]
            // Emitter-cell key paths from the second stream: the first draws as it always did.
            let key = pick(hostile)
            let cellPath = Double.random(in: 0..<1, using: &extra) < 0.25
            return (cellPath ? "emitterCells.spark.birthRate" : key, wild(0...1), "wrong type")
        }
    }
}

// MARK: Shape and gradient layers (hostile paths, dashes, widths, colours, locations)

extension Builder {
    /// Sometimes a special layer instead of a plain one (nil: a plain `CALayer`).
    mutating func specialLayer() -> CALayer? {
        switch int(0...9) {
        case 0: return CAShapeLayer()
        case 1: return CAGradientLayer()
        default: return nil
        }
    }

    /// A path that may hold NaN or infinite points (the setter refuses those), huge or
    /// degenerate ones, or no elements at all.
    mutating func hostilePath(_ extent: Double) -> CGPath {
        if chance(0.7) { return path(extent) }
        let p = CGMutablePath()
        switch int(0...3) {
        case 0: p.move(to: CGPoint(x: wild(0...extent), y: wild(0...extent))); p.addLine(to: CGPoint(x: wild(0...extent), y: 1))
        case 1: p.move(to: CGPoint(x: 1, y: 1)); p.addLine(to: CGPoint(x: 1, y: 1))   // zero length: a dot
        case 2: p.move(to: .zero)                                                   // a lone move
        default: break                                                              // empty
        }
        return p
    }

    mutating func configureShapeOrGradient(_ l: CALayer) {
        let extent = Double(size)
        if let s = l as? CAShapeLayer {
            s.path = hostilePath(extent)
            s.fillColor = color()
            if chance(0.3) { s.fillRule = .evenOdd }
            if chance(0.7) { s.strokeColor = color() }
            s.lineWidth = wild(-2...12)
            s.lineCap = pick([.butt, .round, .square, CAShapeLayerLineCap(rawValue: "nonsense")])
            s.lineJoin = pick([.miter, .round, .bevel])
            if chance(0.3) { s.miterLimit = wild(-1...20) }
            if chance(0.4) {
                s.lineDashPattern = pick([[4, 2], [0, 3], [1e-300, 1e-300], [-1, 2], [0, 0], [3], [], [1e300, 1]]).map { NSNumber(value: $0) }
                s.lineDashPhase = wild(-10...10)
            }
            if chance(0.4) { s.strokeStart = wild(-0.5...1.5) }
            if chance(0.4) { s.strokeEnd = wild(-0.5...1.5) }
        } else if let g = l as? CAGradientLayer {
            let n = pick([0, 1, 2, 3, 7])
            var colors: [Any] = (0..<n).map { _ in color() ?? CGColor(gray: 0, alpha: 0) }
            if chance(0.1) { colors.append("not a colour") }
            g.colors = chance(0.1) ? nil : colors
            if chance(0.5) { g.locations = (0..<pick([0, 1, n, n + 2])).map { _ in NSNumber(value: Double(wild(-0.5...1.5))) } }
            g.startPoint = CGPoint(x: wild(-0.5...1.5), y: wild(-0.5...1.5))
            g.endPoint = chance(0.2) ? g.startPoint : CGPoint(x: wild(-0.5...1.5), y: wild(-0.5...1.5))
            g.type = pick([.axial, .radial, .conic, CAGradientLayerType(rawValue: "nonsense")])
        }
    }

    /// On shape and gradient layers, sometimes an animation of one of their own properties.
    mutating func animateShapeOrGradient(_ l: CALayer) {
        guard l is CAShapeLayer || l is CAGradientLayer, chance(0.4) else { return }
        let extent = Double(size)
        let (key, from, to): (String, Any?, Any?)
        if l is CAShapeLayer {
            switch int(0...3) {
            case 0: (key, from, to) = ("path", hostilePath(extent), hostilePath(extent))
            case 1: (key, from, to) = (pick(["strokeEnd", "strokeStart", "lineDashPhase", "lineWidth", "miterLimit"]), wild(-1...2), wild(-1...2))
            case 2: (key, from, to) = (pick(["fillColor", "strokeColor"]), color(), color())
            default: (key, from, to) = ("path", path(extent), "wrong type")
            }
        } else {
            switch int(0...2) {
            case 0: (key, from, to) = ("colors", [color() as Any, color() as Any], [color() as Any])
            case 1: (key, from, to) = ("locations", [0, wild(0...1)].map { NSNumber(value: Double($0)) }, [NSNumber(value: 1)])
            default: (key, from, to) = (pick(["startPoint", "endPoint"]), CGPoint(x: wild(0...1), y: wild(0...1)), CGPoint(x: 0.5, y: 0.5))
            }
        }
        let a = CABasicAnimation(keyPath: key)
        a.fromValue = from
        a.toValue = to
        a.duration = pick([0.5, 1, 1e-9])
        if chance(0.3) { a.repeatCount = .infinity; a.autoreverses = true }
        l.add(a, forKey: "fuzz-kind")
    }
}

extension SceneFuzzer {
    /// A description of the scene of `seed` (layer classes, bounds, transforms, animations),
    /// to compare generations and to show a failing scene.
    public func sceneSummary(seed: UInt64) -> String {
        CAMediaClock.withManualClock(startingAt: 0) { _ in
            let s = scene(seed: seed)
            var lines: [String] = []
            var work: [(CALayer, Int)] = [(s.root, 0)]
            while let (l, depth) = work.popLast() {
                lines.append(String(repeating: "  ", count: depth)
                    + "\(type(of: l)) bounds=\(l.bounds) position=\(l.position) transform.m11=\(l.transform.m11) "
                    + "opacity=\(l.opacity) animations=\(l.animationKeys() ?? [])")
                if let m = l.mask { work.append((m, depth + 1)) }
                for c in (l.sublayers ?? []).reversed() { work.append((c, depth + 1)) }
            }
            return lines.joined(separator: "\n")
        }
    }
}

/// Scroll and tiled layers with hostile settings: tile sizes of 0, NaN, 1e9 and 1 pixel,
/// levels of detail 0 and 10⁶, biases of 10⁶ and −1, scrolls to NaN and 1e300.
extension Builder {
    /// A `CAScrollLayer` or a `CATiledLayer` (drawing a checkerboard) with random settings.
    mutating func scrollOrTiledLayer() -> CALayer {
        if chance(0.5) {
            let s = CAScrollLayer()
            s.scrollMode = pick([.both, .none, .vertically, .horizontally, CAScrollLayerScrollMode(rawValue: "sideways")])
            // A child asks its scroll layer to scroll (to NaN, 1e300…).
            let child = CALayer()
            child.frame = rect(Double(size))
            child.backgroundColor = color()
            s.addSublayer(child)
            count += 1
            scrollHostilely(child)
            return s
        }
        let t = FuzzTiledLayer()
        t.tileSize = pick([CGSize(width: 256, height: 256), .zero, CGSize(width: CGFloat.nan, height: 64),
                           CGSize(width: 1e9, height: 1e9), CGSize(width: 1, height: 1), CGSize(width: -5, height: 32)])
        t.levelsOfDetail = pick([1, 0, 3, 1_000_000, -3])
        t.levelsOfDetailBias = pick([0, 2, 1_000_000, -1])
        return t
    }

    /// Scroll calls with extreme and non-finite arguments on `l` (any layer: most have no
    /// scroll layer above them, and then nothing happens).
    mutating func scrollHostilely(_ l: CALayer) {
        let p = CGPoint(x: wild(-100...100), y: wild(-100...100))
        switch int(0...3) {
        case 0: (l as? CAScrollLayer)?.scroll(to: p)
        case 1: (l as? CAScrollLayer)?.scroll(to: CGRect(origin: p, size: CGSize(width: wild(0...200), height: wild(-10...200))))
        case 2: l.scroll(p)
        default: l.scrollRectToVisible(CGRect(x: wild(-1e300...1e300), y: wild(0...10), width: 10, height: 10))
        }
        _ = l.visibleRect
    }
}

/// A tiled layer that fills each tile with a two-colour checkerboard of 8-point squares.
private final class FuzzTiledLayer: CATiledLayer {
    override func draw(in ctx: CGContext) {
        let r = ctx.boundingBoxOfClipPath
        ctx.setFillColor(CGColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1))
        ctx.fill(r)
        ctx.setFillColor(CGColor(red: 0.9, green: 0.9, blue: 0.2, alpha: 1))
        guard r.width.isFinite, r.height.isFinite, r.width * r.height < 1e5 else { return }
        var y = (r.minY / 16).rounded(.down) * 16
        while y < r.maxY {
            var x = (r.minX / 16).rounded(.down) * 16
            while x < r.maxX { ctx.fill(CGRect(x: x, y: y, width: 8, height: 8)); x += 16 }
            y += 16
        }
    }
}

// MARK: Replicators and emitters (hostile counts, delays, rates)

extension Builder {
    /// A `CAReplicatorLayer` or a `CAEmitterLayer`.
    mutating func particleLayer() -> CALayer { chance(0.5) ? CAReplicatorLayer() : CAEmitterLayer() }

    /// Random replicator or emitter properties, extremes included (10⁶ instances, 10⁶ births a
    /// second, negative and enormous lifetimes, delays and speeds); nothing for other layers.
    mutating func configureParticles(_ l: CALayer) {
        if let r = l as? CAReplicatorLayer {
            r.instanceCount = chance(0.05) ? 1_000_000 : pick([0, 1, 3, 12, -4])
            // A million instances in 3D would measure the plane sorter (10,000 planes), not them.
            if chance(0.5) { r.instanceTransform = r.instanceCount > 12 ? CATransform3DMakeTranslation(wild(-5...5), wild(-5...5), 0) : transform() }
            if chance(0.4) { r.instanceDelay = pick([0, 0.1, -0.5, 1e300]) }
            if chance(0.4) { r.instanceColor = color() }
            if chance(0.4) {
                r.instanceRedOffset = Float(wild(-1...1)); r.instanceGreenOffset = Float(wild(-1...1))
                r.instanceBlueOffset = Float(wild(-1...1)); r.instanceAlphaOffset = Float(pick([0, -0.1, -2, 1e30]))
            }
            if chance(0.3) { r.preservesDepth = true }
        } else if let e = l as? CAEmitterLayer {
            let extent = Double(size)
            e.emitterPosition = CGPoint(x: scalar(0...extent), y: scalar(0...extent))
            e.emitterSize = CGSize(width: wild(0...extent), height: wild(0...extent))
            e.emitterDepth = wild(0...extent)
            e.emitterShape = pick([.point, .line, .rectangle, .cuboid, .circle, .sphere, CAEmitterLayerEmitterShape(rawValue: "bogus")])
            e.emitterMode = pick([.points, .outline, .surface, .volume])
            e.renderMode = pick([.unordered, .oldestFirst, .oldestLast, .backToFront, .additive])
            e.birthRate = chance(0.05) ? 1e6 : Float(pick([0, 1, 4, -3]))
            e.lifetime = Float(pick([1, 0, 1e6, -1]))
            e.seed = UInt32(int(0...1000))
            if chance(0.3) { e.velocity = Float(wild(-3...3)); e.scale = Float(wild(-2...4)); e.spin = Float(wild(-5...5)) }
            var cells: [CAEmitterCell] = []
            for _ in 0..<int(0...2) {
                let c = CAEmitterCell()
                c.birthRate = chance(0.05) ? 1e6 : Float(pick([0, 5, 200]))
                c.lifetime = Float(pick([0.5, 2, 1e9]))
                c.lifetimeRange = Float(double(0...2))
                c.velocity = wild(-100...100)
                c.velocityRange = wild(0...100)
                c.emissionRange = wild(0...7)
                c.emissionLongitude = wild(-7...7)
                c.yAcceleration = wild(-100...100)
                c.scale = wild(-1...3)
                c.scaleSpeed = wild(-1...1)
                c.spin = wild(-10...10)
                c.color = color()
                c.alphaSpeed = Float(wild(-1...1))
                if chance(0.8) { c.contents = image() }
                if chance(0.3) { c.contentsRect = rect(1) }
                if chance(0.2) { c.emitterCells = [c] }   // a cell that emits itself: depth is capped
                c.name = ["spark", "smoke", ""].randomElement(using: &extra)
                cells.append(c)
            }
            e.emitterCells = cells
            // Cells by name in key paths, with hostile values and names.
            if Double.random(in: 0..<1, using: &extra) < 0.3 {
                let value: CGFloat = [.nan, .infinity, -3, 0, 40, 300].randomElement(using: &extra)!
                e.setValue(value, forKeyPath: ["emitterCells.spark.birthRate", "emitterCells.ghost.velocity"].randomElement(using: &extra)!)
            }
        }
    }
}
