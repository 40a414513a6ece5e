import QuartzCore

/// The app-like benchmark scene (issue 21): music-player cards as an app writes them from
/// Apple's documentation. Each card is a `CAGradientLayer` with a corner radius and a drop
/// shadow holding two `CATextLayer`s, album art drawn once through `draw(in:)`, a `CAShapeLayer`
/// progress ring, a `CAReplicatorLayer` equaliser and a play button.
///
/// `make()` is a 1280 × 800 screen of eight cards, three of them animating at any time: card 0's
/// ring, equaliser and button; card 1 flipping about y (`transform.rotation.y`, in a container
/// with perspective); card 2's level meter, a custom animatable property (`LevelMeterLayer`).
/// `makeSingleCard()` is one 300 × 460 card on 800 × 600 whose children animate.
///
/// Custom properties redraw on the app thread: call `CALayer.displayAnimatedProperties(in:)`
/// before each frame's commit, as `LayerWindow` does. Strata extension (benchmark code).
public enum AppBenchScene {
    /// The screen of eight cards.
    public static let screenSize = CGSize(width: 1280, height: 800)
    /// The single-card canvas.
    public static let singleCardCanvas = CGSize(width: 800, height: 600)
    /// The single card.
    public static let singleCardSize = CGSize(width: 300, height: 460)
    /// A card of the screen (four columns, two rows).
    public static let screenCardSize = CGSize(width: 280, height: 360)

    /// What a card does over time.
    public enum Motion: Sendable {
        /// Nothing animates.
        case still
        /// Its progress ring, equaliser and play button animate.
        case children
        /// The whole card turns about y, forever.
        case flip
        /// Its level meter (a custom animatable property) animates.
        case customProperty
    }

    /// The screen of eight cards; scene time 0 is when it is committed.
    public static func make() -> CALayer {
        SceneParts.withoutActions {
            let root = SceneParts.root(screenSize, color: SceneParts.color(0xDD, 0xE1, 0xEA))
            let columns = 4
            let gapX = (screenSize.width - CGFloat(columns) * screenCardSize.width) / CGFloat(columns + 1)
            let gapY = (screenSize.height - 2 * screenCardSize.height) / 3
            let motions: [Motion] = [.children, .flip, .customProperty, .still, .still, .still, .still, .still]
            for (i, motion) in motions.enumerated() {
                let column = i % columns, row = i / columns
                let center = CGPoint(x: gapX + (screenCardSize.width + gapX) * CGFloat(column) + screenCardSize.width / 2,
                                     y: gapY + (screenCardSize.height + gapY) * CGFloat(row) + screenCardSize.height / 2)
                root.addSublayer(place(card(index: i, size: screenCardSize, motion: motion), at: center, motion: motion))
            }
            return root
        }
    }

    /// One 300 × 460 card on an 800 × 600 canvas, its children animating (issue 21's card).
    public static func makeSingleCard(shadow: Bool = true) -> CALayer {
        SceneParts.withoutActions {
            let root = SceneParts.root(singleCardCanvas, color: SceneParts.color(0xDD, 0xE1, 0xEA))
            let c = card(index: 0, size: singleCardSize, motion: .children)
            if !shadow { c.shadowOpacity = 0 }
            c.position = CGPoint(x: singleCardCanvas.width / 2, y: singleCardCanvas.height / 2)
            root.addSublayer(c)
            return root
        }
    }

    /// A flipping card goes in a container with perspective; the others are placed as they are.
    private static func place(_ card: CALayer, at center: CGPoint, motion: Motion) -> CALayer {
        guard case .flip = motion else {
            card.position = center
            return card
        }
        let holder = CALayer()
        holder.name = "flip container"
        holder.bounds = CGRect(origin: .zero, size: card.bounds.size)
        holder.position = center
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 900
        holder.sublayerTransform = perspective
        card.position = CGPoint(x: card.bounds.midX, y: card.bounds.midY)
        holder.addSublayer(card)
        let flip = CABasicAnimation(keyPath: "transform.rotation.y")
        flip.fromValue = 0.0
        flip.toValue = 2 * Double.pi
        flip.duration = 4
        flip.repeatCount = .infinity
        card.add(flip, forKey: "flip")
        return holder
    }

    /// The card's gradient colours, one pair per index.
    private static func gradient(_ i: Int) -> [CGColor] {
        let pairs: [((Int, Int, Int), (Int, Int, Int))] = [
            ((0x5B, 0x3F, 0xD9), (0x22, 0x1B, 0x4D)), ((0xD9, 0x4F, 0x6A), (0x4A, 0x17, 0x2B)),
            ((0x2F, 0xA8, 0x9E), (0x10, 0x3B, 0x40)), ((0xE0, 0x8A, 0x2E), (0x52, 0x25, 0x12)),
        ]
        let p = pairs[i % pairs.count]
        return [SceneParts.color(p.0.0, p.0.1, p.0.2), SceneParts.color(p.1.0, p.1.1, p.1.2)]
    }

    /// One card of `size` (its parts laid out in proportion to it).
    public static func card(index i: Int, size: CGSize, motion: Motion) -> CALayer {
        let w = size.width, h = size.height
        let card = CAGradientLayer()
        card.name = "card \(i)"
        card.bounds = CGRect(origin: .zero, size: size)
        card.colors = gradient(i)
        card.startPoint = CGPoint(x: 0, y: 0)
        card.endPoint = CGPoint(x: 1, y: 1)
        card.cornerRadius = 20
        card.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        card.shadowOpacity = 0.5
        card.shadowRadius = 14
        card.shadowOffset = CGSize(width: 0, height: 8)

        let artSide = min(w - 48, h * 0.48)
        let art = AlbumArtLayer()
        art.name = "album art"
        art.seed = i
        art.bounds = CGRect(x: 0, y: 0, width: artSide, height: artSide)
        art.position = CGPoint(x: w / 2, y: 24 + artSide / 2)
        art.cornerRadius = 12
        art.masksToBounds = true
        art.setNeedsDisplay()
        art.displayIfNeeded()
        card.addSublayer(art)

        var y = 24 + artSide + 14
        card.addSublayer(text("Track \(i + 1): Night Drive", size: 18, bold: true, frame: CGRect(x: 24, y: y, width: w - 48, height: 24)))
        y += 26
        card.addSublayer(text("Strata Ensemble", size: 14, bold: false, frame: CGRect(x: 24, y: y, width: w - 48, height: 20)))
        y += 28
        let controls = max(y, h - 76)
        let ringSide: CGFloat = 52
        card.addSublayer(ring(center: CGPoint(x: 24 + ringSide / 2, y: controls + ringSide / 2), side: ringSide, animated: motion.animatesChildren))
        card.addSublayer(equaliser(frame: CGRect(x: w / 2 - 40, y: controls + 6, width: 80, height: 40), animated: motion.animatesChildren))
        card.addSublayer(playButton(center: CGPoint(x: w - 24 - ringSide / 2, y: controls + ringSide / 2), side: ringSide,
                                    animated: motion.animatesChildren))
        if case .customProperty = motion {
            let meter = LevelMeterLayer()
            meter.name = "level meter"
            meter.bounds = CGRect(x: 0, y: 0, width: artSide - 40, height: 14)
            meter.position = CGPoint(x: w / 2, y: 24 + artSide - 20)
            meter.level = 1
            meter.setNeedsDisplay()
            meter.displayIfNeeded()
            let a = CABasicAnimation(keyPath: "level")
            a.fromValue = 0.0
            a.toValue = 1.0
            a.duration = 1.5
            a.autoreverses = true
            a.repeatCount = .infinity
            meter.add(a, forKey: "level")
            card.addSublayer(meter)
        }
        return card
    }

    private static func text(_ string: String, size: CGFloat, bold: Bool, frame: CGRect) -> CATextLayer {
        let t = CATextLayer()
        t.string = string
        t.font = (bold ? "DejaVu Sans Bold" : "DejaVu Sans") as CFString
        t.fontSize = size
        t.foregroundColor = bold ? CGColor(gray: 1, alpha: 1) : CGColor(gray: 0.8, alpha: 1)
        t.frame = frame
        return t
    }

    /// A track ring and a progress arc (`strokeEnd` 0 → 1 over 3 s when animated).
    private static func ring(center: CGPoint, side: CGFloat, animated: Bool) -> CALayer {
        let holder = CALayer()
        holder.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        holder.position = center
        let path = CGPath(ellipseIn: CGRect(x: 3, y: 3, width: side - 6, height: side - 6), transform: nil)
        let track = CAShapeLayer()
        track.frame = holder.bounds
        track.path = path
        track.fillColor = nil
        track.strokeColor = CGColor(gray: 1, alpha: 0.25)
        track.lineWidth = 4
        holder.addSublayer(track)
        let progress = CAShapeLayer()
        progress.name = "progress"
        progress.frame = holder.bounds
        progress.path = path
        progress.fillColor = nil
        progress.strokeColor = CGColor(red: 0.4, green: 0.9, blue: 0.6, alpha: 1)
        progress.lineWidth = 4
        progress.lineCap = .round
        progress.strokeEnd = 0.35
        if animated {
            let a = CABasicAnimation(keyPath: "strokeEnd")
            a.fromValue = 0.0
            a.toValue = 1.0
            a.duration = 3
            a.repeatCount = .infinity
            progress.add(a, forKey: "progress")
        }
        holder.addSublayer(progress)
        return holder
    }

    /// Five bars bouncing one after another (`instanceDelay`) when animated.
    private static func equaliser(frame: CGRect, animated: Bool) -> CAReplicatorLayer {
        let r = CAReplicatorLayer()
        r.name = "equaliser"
        r.frame = frame
        let count = 5
        let step = frame.width / CGFloat(count)
        let bar = CALayer()
        bar.bounds = CGRect(x: 0, y: 0, width: step * 0.6, height: frame.height)
        bar.anchorPoint = CGPoint(x: 0.5, y: 1)
        bar.position = CGPoint(x: step / 2, y: frame.height)
        bar.cornerRadius = 2
        bar.backgroundColor = CGColor(red: 0.95, green: 0.75, blue: 0.35, alpha: 1)
        bar.transform = CATransform3DMakeScale(1, 0.5, 1)
        r.addSublayer(bar)
        r.instanceCount = count
        r.instanceTransform = CATransform3DMakeTranslation(step, 0, 0)
        r.instanceDelay = 0.12
        if animated {
            let bounce = CABasicAnimation(keyPath: "transform.scale.y")
            bounce.fromValue = 0.2
            bounce.toValue = 1.0
            bounce.duration = 0.4
            bounce.autoreverses = true
            bounce.repeatCount = .infinity
            bounce.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            bar.add(bounce, forKey: "bounce")
        }
        return r
    }

    /// A round button with a play triangle; animated, it pulses (a scale set in a transaction).
    private static func playButton(center: CGPoint, side: CGFloat, animated: Bool) -> CALayer {
        let button = CALayer()
        button.name = "play"
        button.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        button.position = center
        button.cornerRadius = side / 2
        button.backgroundColor = CGColor(gray: 1, alpha: 0.92)
        let triangle = CAShapeLayer()
        triangle.frame = button.bounds
        let path = CGMutablePath()
        path.move(to: CGPoint(x: side * 0.4, y: side * 0.3))
        path.addLine(to: CGPoint(x: side * 0.72, y: side * 0.5))
        path.addLine(to: CGPoint(x: side * 0.4, y: side * 0.7))
        path.closeSubpath()
        triangle.path = path
        triangle.fillColor = CGColor(red: 0.15, green: 0.12, blue: 0.3, alpha: 1)
        button.addSublayer(triangle)
        if animated {
            CATransaction.begin()
            CATransaction.setAnimationDuration(0.6)
            let pulse = CABasicAnimation(keyPath: "transform.scale")
            pulse.fromValue = 1.0
            pulse.toValue = 1.12
            pulse.autoreverses = true
            pulse.repeatCount = .infinity
            button.add(pulse, forKey: "pulse")
            CATransaction.commit()
        }
        return button
    }
}

extension AppBenchScene.Motion {
    var animatesChildren: Bool { if case .children = self { true } else { false } }
}

/// Album art drawn once with `CGContext` (`draw(in:)`): bands of colour and a disc.
public final class AlbumArtLayer: CALayer {
    /// Picks the colours.
    public var seed = 0

    public override init() { super.init() }
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? AlbumArtLayer { seed = other.seed }
    }
    public required init?(coder: NSCoder) { nil }

    public override func draw(in ctx: CGContext) {
        let b = bounds
        let hue = Double(seed % 8) / 8
        for k in 0..<6 {
            let (r, g, bl) = HSB.rgb(hue: hue + Double(k) * 0.04, saturation: 0.55, brightness: 0.95 - Double(k) * 0.1)
            ctx.setFillColor(CGColor(red: r, green: g, blue: bl, alpha: 1))
            ctx.fill(CGRect(x: b.minX, y: b.minY + b.height * CGFloat(k) / 6, width: b.width, height: b.height / 6 + 1))
        }
        let d = b.width * 0.55
        ctx.setFillColor(CGColor(gray: 0.08, alpha: 0.85))
        ctx.fillEllipse(in: CGRect(x: b.midX - d / 2, y: b.midY - d / 2, width: d, height: d))
        ctx.setFillColor(CGColor(gray: 0.9, alpha: 1))
        ctx.fillEllipse(in: CGRect(x: b.midX - d / 10, y: b.midY - d / 10, width: d / 5, height: d / 5))
    }
}

/// A level meter whose `level` (0…1) is a custom animatable property, Apple's recipe: stored by
/// key-value coding, redisplayed for by `needsDisplay(forKey:)`, drawn in `draw(in:)`.
public final class LevelMeterLayer: CALayer {
    /// 0…1: how much of the meter is lit.
    public var level: CGFloat {
        get { (value(forKey: "level") as? CGFloat) ?? 0 }
        set { setValue(newValue, forKey: "level") }
    }

    public override class func needsDisplay(forKey key: String) -> Bool {
        key == "level" || super.needsDisplay(forKey: key)
    }

    public override func draw(in ctx: CGContext) {
        let b = bounds
        ctx.setFillColor(CGColor(gray: 0, alpha: 0.45))
        ctx.fill(b)
        let lit = max(0, min(1, level.isFinite ? level : 0))
        ctx.setFillColor(CGColor(red: 0.4, green: 0.9, blue: 0.6, alpha: 1))
        ctx.fill(CGRect(x: b.minX + 2, y: b.minY + 2, width: (b.width - 4) * lit, height: b.height - 4))
    }
}

extension DemoScene {
    /// The app-like benchmark's screen (`strata bench --variant app`).
    public static let app = DemoScene(
        name: "app", summary: "Eight music-player cards (gradient, shadow, text, drawn art, ring, equaliser, button); three animate",
        defaultSize: AppBenchScene.screenSize
    ) { _ in AppBenchScene.make() }

    /// One card of the app-like benchmark, its children animating (`--variant app --layers 1`).
    public static let appCard = DemoScene(
        name: "app-card", summary: "One 300 × 460 music-player card with a drop shadow on 800 × 600, its children animating",
        defaultSize: AppBenchScene.singleCardCanvas
    ) { _ in AppBenchScene.makeSingleCard() }
}
