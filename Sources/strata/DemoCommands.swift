import ArgumentParser
import Foundation
import QuartzCore
import StrataApp
import StrataDemos

/// Options every demo shares: a window by default, or PNG frames with `--headless`.
struct DemoOptions: ParsableArguments {
    @Flag(help: "Render frames to PNG instead of opening a window (no X server needed).") var headless = false
    @Option(parsing: .unconditional, help: "Frames to render with --headless.") var frames: Int = 60
    @Option(help: "Output folder for --headless frames.") var out: String?
    @Option(help: "Window or image size, WxH.") var size: PixelSize = PixelSize(width: 640, height: 480)
    @Option(parsing: .unconditional, help: "Rasteriser threads.") var threads: Int = 2

    func validate() throws {
        guard (1...100_000).contains(frames) else { throw ValidationError("--frames must be 1…100000") }
        guard (1...64).contains(threads) else { throw ValidationError("--threads must be 1…64") }
    }
}

/// Opens a demo window, turning a missing X server into a clear message and exit code 2.
@MainActor
func openWindow(title: String, size: PixelSize, root: CALayer) -> LayerWindow {
    do {
        return try LayerWindow(title: title, size: CGSize(width: size.width, height: size.height), root: root)
    } catch {
        FileHandle.standardError.write(Data("strata: \(error)\nstrata: run with --headless to render PNG frames instead.\n".utf8))
        Foundation.exit(2)
    }
}

/// `strata cube`: seed 004's box. Drag rotates it (one pixel = one degree), a tap folds it
/// closed with the lid ajar (1 s implicit animation) and a second tap unfolds it.
struct CubeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cube", abstract: "Seed 004's box: drag to rotate, click to fold and unfold.")
    @OptionGroup var options: DemoOptions

    /// The window's root (black) holding seed 004's box.
    static func makeScene(_ size: PixelSize) -> (CALayer, FoldingBox) {
        let root = CALayer()
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        let box = FoldingBox(viewSize: CGSize(width: size.width, height: size.height))
        root.addSublayer(box.baseLayer)
        return (root, box)
    }

    func run() throws {
        let (root, box) = Self.makeScene(options.size)
        if options.headless {
            // A turntable: the closed box, tilted 25° towards the viewer, turning a full circle
            // about its own vertical axis (through its centre at z = 50, as the seed's pan does).
            CATransaction.begin(); CATransaction.setDisableActions(true)
            box.close()
            CATransaction.commit()
            let camera = box.baseLayer.sublayerTransform          // the seed's m34 = −1/500
            let step = 2 * Double.pi / Double(options.frames)
            try HeadlessRender.frames(root: root, size: options.size, count: options.frames,
                                      out: options.out ?? "out/cube", threads: options.threads) { k, _ in
                var t = CATransform3DTranslate(camera, 0, 0, 50)
                t = CATransform3DRotate(t, -25 * .pi / 180, 1, 0, 0)
                t = CATransform3DRotate(t, step * Double(k) + .pi / 6, 0, 1, 0)
                t = CATransform3DTranslate(t, 0, 0, -50)
                CATransaction.begin(); CATransaction.setDisableActions(true)
                box.baseLayer.sublayerTransform = t
                CATransaction.commit()
            }
            return
        }
        let opts = options
        MainActor.assumeIsolated { Self.runWindow(opts) }
    }

    @MainActor static func runWindow(_ options: DemoOptions) -> Never {
        let (root, box) = makeScene(options.size)
        do {
            let window = openWindow(title: "Strata — cube", size: options.size, root: root)
            window.onPan = { pan in
                // The seed: rotate by the delta since the last event, with no animation.
                CATransaction.begin()
                CATransaction.setAnimationDuration(0)
                box.rotate(byPanDisplacement: pan.delta)
                CATransaction.commit()
            }
            window.onTap = { _ in
                CATransaction.begin()
                CATransaction.setAnimationDuration(1)
                if box.isClosed { box.open() } else { box.close() }
                CATransaction.commit()
                say(box.isClosed ? "closed" : "open")
            }
            window.onResize = { w, h in
                CATransaction.begin(); CATransaction.setDisableActions(true)
                box.baseLayer.position = CGPoint(x: w / 2, y: h / 2)
                CATransaction.commit()
            }
            window.onKey = { key in
                // Simulates a busy app thread: animations keep running on the render thread.
                if key.character == "b" {
                    say("busy")
                    Thread.sleep(forTimeInterval: 2)
                    say("idle")
                }
            }
            say("cube: drag to rotate, click to fold/unfold; b blocks the app thread 2 s; f HUD, s screenshot, Shift+S slow, space pause, q quit")
            window.run()
        }
    }
}

/// `strata lit-cube`: the transforms chapter's lit cube seen corner-on. A click reports the face
/// under the pointer; `h` switches between Apple's order-based hitTest and the depth-aware pick.
struct LitCubeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lit-cube", abstract: "Seed 001's lit cube: click a face; h switches hit testing.")
    @OptionGroup var options: DemoOptions

    /// The name reported for a hit: the face (or the button) the hit layer belongs to.
    static func reportedName(_ layer: CALayer?) -> String {
        var l = layer
        while let c = l {
            if let n = c.name, n.hasPrefix("face") || n == "button" { return n }
            l = c.superlayer
        }
        return "none"
    }

    /// The window's root (light grey) holding the lit cube.
    static func makeScene(_ size: PixelSize) -> (CALayer, LitCube) {
        let root = CALayer()
        root.backgroundColor = CGColor(gray: 0.75, alpha: 1)
        let cube = LitCube(size: CGSize(width: size.width, height: size.height))
        root.addSublayer(cube.container)
        return (root, cube)
    }

    func run() throws {
        let (root, cube) = Self.makeScene(options.size)
        if options.headless {
            let step = 2 * Double.pi / Double(options.frames)
            let base = cube.container.sublayerTransform
            try HeadlessRender.frames(root: root, size: options.size, count: options.frames,
                                      out: options.out ?? "out/lit-cube", threads: options.threads) { k, _ in
                CATransaction.begin(); CATransaction.setDisableActions(true)
                cube.container.sublayerTransform = CATransform3DRotate(base, step * Double(k), 0, 1, 0)
                CATransaction.commit()
            }
            return
        }
        let opts = options
        MainActor.assumeIsolated { Self.runWindow(opts) }
    }

    @MainActor static func runWindow(_ options: DemoOptions) -> Never {
        let (root, cube) = makeScene(options.size)
        do {
            let window = openWindow(title: "Strata — lit cube", size: options.size, root: root)
            var depthAware = false
            var presses = 0
            func describe() -> String { depthAware ? "pick: depth-aware" : "pick: hitTest (order)" }
            window.hudLines = [describe()]
            window.onTap = { tap in
                let p = tap.location
                let hit = depthAware ? root.presentation()?.frontmostLayer(at: p)?.model()
                                     : root.presentation()?.hitTest(p)?.model()
                let name = Self.reportedName(hit)
                if name == "button" {
                    presses += 1
                    CATransaction.begin()
                    cube.button.backgroundColor = presses % 2 == 1 ? CGColor(red: 0.2, green: 0.6, blue: 1, alpha: 1)
                                                                    : CGColor(red: 0.25, green: 0.25, blue: 0.28, alpha: 1)
                    CATransaction.commit()
                }
                say("hit \(name) (\(depthAware ? "depth" : "order"))")
                window.hudLines = [describe(), "hit \(name)"]
            }
            window.onKey = { key in
                if key.character == "h" {
                    depthAware.toggle()
                    say(describe())
                    window.hudLines = [describe()]
                }
            }
            say("lit-cube: click a face; h switches hit testing; f HUD, q quit")
            window.run()
        }
    }
}

/// `strata flip`: seed 003's card flip. A click flips the cards (rotation + scale group);
/// the up and down arrows change the scale factor.
struct FlipCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flip", abstract: "Seed 003's card flip: click to flip, arrows change the scale factor.")
    @OptionGroup var options: DemoOptions

    /// The window's root holding the seed's space background image and, above it, the two cards.
    static func makeScene(_ size: PixelSize) -> (CALayer, CardFlip) {
        let root = CALayer()
        root.backgroundColor = CGColor(gray: 0.15, alpha: 1)
        let canvas = CGSize(width: size.width, height: size.height)
        root.addSublayer(SpaceBackground.layer(size: canvas))
        let card = CardFlip(viewSize: canvas)
        root.addSublayer(card.flipView)
        return (root, card)
    }

    func run() throws {
        let (root, card) = Self.makeScene(options.size)
        if options.headless {
            try HeadlessRender.frames(root: root, size: options.size, count: options.frames,
                                      out: options.out ?? "out/flip", threads: options.threads) { k, _ in
                if k == 0 { card.flip(scaleFactor: 1.5) }
            }
            return
        }
        let opts = options
        MainActor.assumeIsolated { Self.runWindow(opts) }
    }

    @MainActor static func runWindow(_ options: DemoOptions) -> Never {
        let (root, card) = makeScene(options.size)
        do {
            let window = openWindow(title: "Strata — card flip", size: options.size, root: root)
            var scale: CGFloat = 1.5
            window.hudLines = [String(format: "scale %.1f", scale)]
            window.onTap = { _ in
                card.flip(scaleFactor: scale)
                say("flip (scale \(scale))")
            }
            window.onKey = { key in
                switch key.keysym {
                case 0xFF52: scale = min(scale + 0.1, 3)     // Up
                case 0xFF54: scale = max(scale - 0.1, 0.5)   // Down
                default: return
                }
                window.hudLines = [String(format: "scale %.1f", scale)]
            }
            say("flip: click to flip; up/down arrows change the scale factor; q quit")
            window.run()
        }
    }
}

/// `strata x11-close WINDOW`: sends WM_DELETE_WINDOW (Debian's xdotool cannot). For tests.
struct X11CloseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "x11-close", abstract: "Ask an X11 window to close (WM_DELETE_WINDOW).", shouldDisplay: false)
    @Argument(help: "The window id (decimal or 0x hex).") var window: String

    func run() throws {
        let id = window.hasPrefix("0x") ? UInt(window.dropFirst(2), radix: 16) : UInt(window)
        guard let id else { throw ValidationError("not a window id: \(window)") }
        try sendWindowCloseRequest(window: id)
    }
}

/// `strata make-space-image FILE`: writes the card-flip background (`scripts/make-space-image`).
struct MakeSpaceImageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "make-space-image", abstract: "Write the flip demo's space background PNG.", shouldDisplay: false)
    @Argument(help: "The PNG file to write.") var out: String

    func run() throws {
        try SpaceBackground.makeImage().writePNG(to: URL(fileURLWithPath: out))
        say("wrote \(out) (\(SpaceBackground.width)x\(SpaceBackground.height))")
    }
}
