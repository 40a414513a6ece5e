import ArgumentParser
import Foundation
import QuartzCore
import StrataDemos

/// `strata render SCENE --time T --size WxH --out FILE.png`: one frame, headless.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Render one frame of a named scene to PNG (no X server needed).")

    @Argument(help: "Scene name (see `strata scenes`).") var scene: String
    @Option(parsing: .unconditional, help: "Scene time in seconds.") var time: Double = 0
    @Option(help: "Image size, WxH (1…16384 each).") var size: PixelSize?
    @Option(help: "Output PNG path.") var out: String
    @Option(parsing: .unconditional, help: "Rasteriser threads (1 or 2); the picture does not depend on it.") var threads: Int = 2

    func validate() throws {
        guard SceneCatalog.named(scene) != nil else {
            throw ValidationError("unknown scene \"\(scene)\"; known: \(SceneCatalog.all.map(\.name).joined(separator: ", "))")
        }
        guard time.isFinite else { throw ValidationError("--time must be a finite number") }
        guard (1...64).contains(threads) else { throw ValidationError("--threads must be 1…64") }
    }

    func run() throws {
        let demo = SceneCatalog.named(scene)!
        let px = size ?? PixelSize(width: Int(demo.defaultSize.width), height: Int(demo.defaultSize.height))
        let image = HeadlessRender.frame(demo, size: px, time: time, threads: threads)
        try image.writePNG(to: URL(fileURLWithPath: out))
        say("wrote \(out) (\(px), t = \(time) s)")
    }
}

/// `strata scenes`: lists the scenes.
struct ScenesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "scenes", abstract: "List the named scenes.")
    func run() {
        for s in SceneCatalog.all { say("\(s.name.padding(toLength: 24, withPad: " ", startingAt: 0)) \(s.summary)") }
    }
}

/// Rendering scenes without a window.
enum HeadlessRender {
    /// One frame of `demo` at scene time `time` (animations added at time 0 of a manual clock).
    static func frame(_ demo: DemoScene, size: PixelSize, time: Double, threads: Int) -> CGImage {
        CAMediaClock.withManualClock(startingAt: 0) { clock in
            let root = demo.make(CGSize(width: size.width, height: size.height))
            CATransaction.flush()
            let renderer = CARenderer(width: size.width, height: size.height)
            renderer.threads = threads
            renderer.layer = root
            displayPasses(before: time, in: root, clock: clock)
            clock.set(time)
            // Custom animatable properties redraw from their presentation values (app thread).
            CALayer.displayAnimatedProperties(in: root)
            CATransaction.flush()
            renderer.beginFrame(atTime: time)
            renderer.render()
            renderer.endFrame()
            return renderer.makeImage()
        }
    }

    /// The tree a window shows for `root`: an opaque black host layer of the window's size with
    /// `root` filling it (as `LayerWindow` does), so that headless frames look like the window
    /// (an app root without a background of its own would otherwise be transparent in the PNG).
    static func windowHost(_ root: CALayer, size: PixelSize) -> CALayer {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let host = CALayer()
        host.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        host.backgroundColor = CGColor(gray: 0, alpha: 1)
        root.frame = host.bounds
        host.addSublayer(root)
        CATransaction.commit()
        return host
    }

    /// One frame at time `time` of the live tree `make` builds (inside a manual clock at 0, so
    /// its animations begin at 0), shown as in a window (see `windowHost`).
    static func frame(size: PixelSize, time: Double, threads: Int, make: () -> CALayer) -> CGImage {
        CAMediaClock.withManualClock(startingAt: 0) { clock in
            let host = windowHost(make(), size: size)
            CATransaction.flush()
            let renderer = CARenderer(width: size.width, height: size.height)
            renderer.threads = threads
            renderer.layer = host
            // Committed once attached (the renderer never commits on the app's behalf), so that
            // the display pass sees presentation values.
            CATransaction.flush()
            renderer.beginFrame(atTime: 0)
            renderer.render()
            renderer.endFrame()
            displayPasses(before: time, in: host, clock: clock)
            clock.set(time)
            CALayer.displayAnimatedProperties(in: host)
            CATransaction.flush()
            renderer.beginFrame(atTime: time)
            renderer.render()
            renderer.endFrame()
            return renderer.makeImage()
        }
    }

    /// Display passes at 60 fps over the half second before `time`, as a window runs them: a
    /// `CATiledLayer`'s tiles drawn then have faded in (`fadeDuration()`) by `time`, where a
    /// single pass at `time` would draw each new tile at the start of its fade and show none.
    static func displayPasses(before time: Double, in root: CALayer, clock: CAMediaClock) {
        for t in stride(from: max(0, time - 0.5), to: time, by: 1.0 / 60) {
            clock.set(t)
            CALayer.displayAnimatedProperties(in: root)
            CATransaction.flush()
        }
    }

    /// Frames of a live root at 30 fps, written as DIR/frame-0000.png…; `step` runs before each
    /// frame with the frame index (to drive the scene like a user would). The root is shown as
    /// in a window (see `windowHost`).
    static func frames(root: CALayer, size: PixelSize, count: Int, out: String, threads: Int,
                       step: (Int, CAMediaClock) -> Void) throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let host = windowHost(root, size: size)
        try CAMediaClock.withManualClock(startingAt: 0) { clock in
            let renderer = CARenderer(width: size.width, height: size.height)
            renderer.threads = threads
            renderer.layer = host
            for k in 0..<count {
                let t = Double(k) / 30
                clock.set(t)
                step(k, clock)
                CALayer.displayAnimatedProperties(in: host)
                CATransaction.flush()
                renderer.beginFrame(atTime: t)
                renderer.render()
                renderer.endFrame()
                let path = (out as NSString).appendingPathComponent(String(format: "frame-%04d.png", k))
                try renderer.makeImage().writePNG(to: URL(fileURLWithPath: path))
            }
        }
        say("wrote \(count) frames to \(out)")
    }
}
