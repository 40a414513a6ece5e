import Dispatch
import Foundation
import Logging
import QuartzCore
import Raster
import X11Host

/// A window showing a layer tree, live: display link → `CARenderer` → X11 (MIT-SHM), with
/// input turned into pan and tap gestures for the app.
///
/// The app's closures run on the main queue; implicit transactions commit there each cycle.
/// When nothing animates and nothing is committed, both display links sleep and the process
/// does not wake at all; a commit, an input event or an animation that starts wakes them.
/// Built-in keys: `f` FPS/frame-time HUD, `s` PNG screenshot, `Shift+S` slow animations (×10, as
/// the iOS simulator), space pauses, `d` flashes the redrawn regions (also
/// `STRATA_FLASH_DAMAGE=1`), Escape or `q` closes.
@MainActor
public final class LayerWindow {
    /// The app's root layer; it is kept filling the window.
    public let root: CALayer
    /// Called with every pan (drag with the primary button).
    public var onPan: ((PanGesture) -> Void)?
    /// Called with every tap (click).
    public var onTap: ((TapGesture) -> Void)?
    /// Called with every raw pointer event (presses, moves with a button held, releases, wheel
    /// steps) before the pan and tap gestures are recognised from them.
    public var onPointer: ((PointerEvent) -> Void)?
    /// Called with keys the window does not handle itself (and with arrows, `f`… too).
    public var onKey: ((KeyPress) -> Void)?
    /// Called when the window closes, before the process exits.
    public var onClose: (() -> Void)?
    /// Called after the window changed size (width, height in points).
    public var onResize: ((CGFloat, CGFloat) -> Void)?
    /// Called every display frame on the main queue (60 Hz), before implicit transactions commit.
    /// While it is set the window never sleeps (the app animates by hand).
    public var onFrame: (() -> Void)? { didSet { updateAppTicks() } }

    /// Lines the app adds to the HUD (e.g. the last hit layer's name).
    public var hudLines: [String] = [] { didSet { updateHUD() } }

    private let display: X11Display
    private let window: X11Window
    private let host = CALayer()
    private let hud = CALayer()
    private let hudText = CATextLayer()
    private let loop: RenderLoop
    private var gestures = GestureRecognizer()
    private var clicks = ClickCounter()
    private var eventClock = EventClock()
    private var heldButton = 0
    private var showsHUD = false
    private var slow = false
    private var paused = false
    private var fpsWindowStart = CACurrentMediaTime()
    private var fpsFrames = 0
    private var fps = 0.0
    private let logger = Logger(label: "strata.window")
    /// Presents frames from the render queue.
    private let surfacePresenter: X11SurfacePresenter
    /// Whether `show()` started the window and it has not closed since.
    private var isShown = false

    /// Pixels and rectangles put into the window, and presents, so far: a debug counter (only
    /// the damaged rectangles of a frame are presented). Strata extension.
    public var presentedTotals: (pixels: Int, rectangles: Int, presents: Int) {
        surfacePresenter.presentedTotals
    }
    /// `STRATA_FPS_LOG=1` prints the frame rate to stderr twice a second (for measurements).
    private let logsFrameRate = ProcessInfo.processInfo.environment["STRATA_FPS_LOG"] != nil

    /// Opens a window of `size` points (one point = one pixel) showing `root`.
    /// Throws a clear error when there is no X server.
    public init(title: String, size: CGSize, root: CALayer) throws {
        self.root = root
        display = try X11Display()
        let w = max(1, Int(size.width)), h = max(1, Int(size.height))
        window = try X11Window(display: display, title: title, width: w, height: h)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        host.frame = CGRect(x: 0, y: 0, width: w, height: h)
        host.backgroundColor = CGColor(gray: 0, alpha: 1)
        root.frame = host.bounds
        host.addSublayer(root)
        hud.anchorPoint = .zero
        hud.backgroundColor = CGColor(gray: 0, alpha: 0.69)
        hudText.anchorPoint = .zero
        hudText.position = CGPoint(x: HUDText.padding, y: HUDText.padding)
        hudText.font = HUDText.fontName as CFString
        hudText.fontSize = HUDText.fontSize
        hudText.foregroundColor = CGColor.white
        hud.addSublayer(hudText)
        hud.position = CGPoint(x: 8, y: 8)
        hud.isHidden = true
        hud.zPosition = 1_000
        host.addSublayer(hud)
        CATransaction.commit()
        // Frames go to the window from the render queue over a second connection: a busy main
        // (app) thread does not stall them.
        let presenter = try X11SurfacePresenter(displayName: display.name, window: window.windowID)
        surfacePresenter = presenter
        loop = RenderLoop(width: w, height: h, root: host, output: presenter)
        window.onEvent = { [weak self] event in self?.handle(event) }
    }

    /// Shows the window and runs the main run loop until it closes; never returns (the process
    /// exits with 0 when the last window closes, or with 128 + the signal's number after SIGINT,
    /// SIGTERM, SIGHUP or SIGQUIT). Changes made before it are committed first.
    ///
    /// `show()` then `LayerWindow.runMainLoop()`: call those instead for several windows.
    public func run() -> Never {
        show()
        Self.runMainLoop()
    }

    /// Starts showing the window (its display links and rendering) and returns at once. The
    /// frames appear while the main run loop runs (`LayerWindow.runMainLoop()`).
    public func show() {
        guard !isShown, !isClosed else { return }
        isShown = true
        Self.shownWindows.append(self)
        MainRunLoop.endOnTerminatingSignals(Self.closeAllOnMainQueue)
        // What the app set up before showing reaches the render side before its first frame.
        CATransaction.flush()
        // One display link: the render loop's. After each frame it presents (and every tick
        // while the app wants ticks) it runs `frame()` here on the main queue.
        loop.appFrame = { [weak self] in MainActor.assumeIsolated { self?.frame() } }
        updateAppTicks()
        loop.start()
    }

    /// The render link ticks without changes only for an `onFrame` handler or the HUD.
    private func updateAppTicks() { loop.wantsAppTicks = onFrame != nil || showsHUD }

    /// Runs the main run loop on the main thread, as `UIApplicationMain` does on iOS: main-queue
    /// blocks, window callbacks, timers and `@MainActor` tasks run on the main thread
    /// (`Thread.isMainThread`), and the implicit transaction commits at the end of each turn.
    /// Never returns: the process exits when the last shown window closes.
    public static func runMainLoop() -> Never {
        runsMainLoop = true
        if shownWindows.isEmpty, closedAny { exit(0) }
        MainRunLoop.run()
    }

    /// Windows shown and not yet closed, in the order shown.
    private static var shownWindows: [LayerWindow] = []
    /// Whether `runMainLoop()` was called: then closing the last window ends the process.
    private static var runsMainLoop = false
    /// Whether a shown window has closed.
    private static var closedAny = false

    /// Closes every shown window, then ends the process with `status`.
    private static func closeAll(status: Int32) {
        runsMainLoop = false    // the last close must not exit with 0 first
        for window in shownWindows { window.close() }
        exit(status)
    }

    /// `closeAll`, called from a main-queue block (a signal): nonisolated so the closure does
    /// not inherit main-actor isolation (a main-actor closure fired by Dispatch dies with SIGILL).
    private nonisolated static func closeAllOnMainQueue(status: Int32) {
        MainActor.assumeIsolated { closeAll(status: status) }
    }

    /// The renderer drawing this window: its statistics and settings (`threads`). Strata extension.
    public var renderer: CARenderer { loop.renderer }

    /// Draws and presents the frame at media time `t` now, through the pipeline the window's
    /// display link drives (frames drawn straight into the window's MIT-SHM buffer, damage-only
    /// presents), and starts preparing the frame at `next` on a second thread. For driving a
    /// window that is not shown frame by frame at chosen times, as `strata bench --mode window`
    /// does; returns the frame's statistics (empty when nothing changed). Strata extension.
    public func renderFrame(at t: CFTimeInterval, preparingNextAt next: CFTimeInterval?) -> CARenderer.FrameStatistics {
        guard !isShown, !isClosed else {
            StrataDiagnostics.report("LayerWindow.renderFrame(at:): the window is shown (its display link renders) or closed; ignored")
            return CARenderer.FrameStatistics()
        }
        return loop.pipeline.show(at: t, preparingNextAt: next, force: false).statistics
    }

    /// Writes the current frame to a PNG file and returns its path.
    @discardableResult
    public func screenshot(to path: String? = nil) throws -> String {
        let p = path ?? "strata-\(Int(Date().timeIntervalSince1970)).png"
        try loop.makeImage().writePNG(to: URL(fileURLWithPath: p))
        return p
    }

    // MARK: Frame cycle (main queue)

    private func frame() {
        onFrame?()
        // Custom animatable properties redraw from their presentation values, here on the app
        // thread, before the commit the render thread draws.
        CALayer.displayAnimatedProperties(in: root)
        CATransaction.flush()
        fpsFrames += 1
        let now = CACurrentMediaTime()
        if now - fpsWindowStart >= 0.5 {
            fps = Double(loop.framesPresented) / max(now - fpsWindowStart, 1e-6)
            if logsFrameRate {
                logger.info("\(String(format: "fps %.1f frame %.2f ms", fps, loop.lastFrameMs))")
            }
            Self.resetCounter(loop)
            fpsWindowStart = now
            fpsFrames = 0
            if showsHUD { updateHUD() }
        }
    }

    private static func resetCounter(_ loop: RenderLoop) { loop.resetFrameCount() }

    private func updateHUD() {
        guard showsHUD else { return }
        var lines = [String(format: "fps %.0f", fps),
                     String(format: "frame %.2f ms", loop.lastFrameMs)]
        if slow { lines.append("slow x10") }
        if paused { lines.append("paused") }
        lines += hudLines
        let text = HUDText(lines)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        hudText.string = text.string
        hudText.bounds = CGRect(origin: .zero, size: text.size)
        hud.bounds = CGRect(x: 0, y: 0, width: text.size.width + 2 * HUDText.padding,
                            height: text.size.height + 2 * HUDText.padding)
        CATransaction.commit()
    }

    // MARK: Events

    private func handle(_ event: X11Event) {
        deliverPointer(event)
        switch event {
        case .mouseDown(let button, let x, let y, _):
            if button == .left { gestures.press(CGPoint(x: x, y: y)) }
        case .mouseMove(let x, let y, _):
            if case .pan(let g)? = gestures.move(CGPoint(x: x, y: y)) { onPan?(g) }
        case .mouseUp(let button, let x, let y, _):
            guard button == .left else { return }
            switch gestures.release(CGPoint(x: x, y: y)) {
            case .pan(let g)?: onPan?(g)
            case .tap(let t)?: onTap?(t)
            case nil: break
            }
        case .keyDown(let keysym, let character, let modifiers):
            handleKey(KeyPress(keysym: keysym, character: character, shift: modifiers.contains(.shift)))
        case .resize(let w, let h):
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            host.frame = CGRect(x: 0, y: 0, width: w, height: h)
            root.frame = host.bounds
            CATransaction.commit()
            loop.resize(width: w, height: h)
            onResize?(CGFloat(w), CGFloat(h))
        case .expose:
            loop.setNeedsPresent()
        case .closeRequest, .destroyed:
            close()
        }
    }

    /// Hands pointer events to `onPointer`: wheel steps as `.scroll`, other buttons as
    /// down/moved/up with the click count of the press.
    private func deliverPointer(_ event: X11Event) {
        guard let onPointer else { return }
        let now = eventClock.time(ofServer: window.currentEventServerTime, handledAt: CACurrentMediaTime())
        func number(_ b: X11MouseButton) -> Int {
            switch b {
            case .left: 1
            case .middle: 2
            case .right: 3
            case .scrollUp: 4
            case .scrollDown: 5
            case .other(let n): Int(n)
            }
        }
        switch event {
        case .mouseDown(let b, let x, let y, let m):
            let p = CGPoint(x: x, y: y)
            if b == .scrollUp || b == .scrollDown {
                onPointer(PointerEvent(phase: .scroll, location: p, button: 0, clickCount: 0,
                                       scrollDelta: b == .scrollUp ? 1 : -1, shift: m.contains(.shift), timestamp: now))
                return
            }
            heldButton = number(b)
            let count = clicks.press(at: p, time: now)
            onPointer(PointerEvent(phase: .down, location: p, button: heldButton, clickCount: count,
                                   shift: m.contains(.shift), timestamp: now))
        case .mouseMove(let x, let y, let m):
            onPointer(PointerEvent(phase: .moved, location: CGPoint(x: x, y: y), button: heldButton,
                                   clickCount: clicks.current, shift: m.contains(.shift), timestamp: now))
        case .mouseUp(let b, let x, let y, let m):
            guard b != .scrollUp, b != .scrollDown else { return }
            heldButton = 0
            onPointer(PointerEvent(phase: .up, location: CGPoint(x: x, y: y), button: number(b),
                                   clickCount: clicks.current, shift: m.contains(.shift), timestamp: now))
        default:
            break
        }
    }

    private func handleKey(_ key: KeyPress) {
        switch key.keysym {
        case X11KeySym.escape, X11KeySym.q:
            close()
        case X11KeySym.f:
            showsHUD.toggle()
            updateAppTicks()
            CATransaction.begin(); CATransaction.setDisableActions(true)
            hud.isHidden = !showsHUD
            CATransaction.commit()
            updateHUD()
        case X11KeySym.capitalS:
            slow.toggle()
            setTimeRate()
        case X11KeySym.s:
            if key.shift { slow.toggle(); setTimeRate() } else {
                if let path = try? screenshot() { FileHandle.standardOutput.write(Data("screenshot: \(path)\n".utf8)) }
            }
        case X11KeySym.space:
            paused.toggle()
            setTimeRate()
        case X11KeySym.d:
            loop.toggleDamageFlash()
        default:
            break
        }
        onKey?(key)
    }

    /// Slow motion and pause change the host layer's clock (Apple's QA1673 recipe), so every
    /// animation below continues from where it is.
    private func setTimeRate() {
        let speed: Float = paused ? 0 : (slow ? 0.1 : 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let now = CACurrentMediaTime()
        let local = host.convertTime(now, from: nil)
        host.speed = speed
        host.timeOffset = local
        host.beginTime = now
        CATransaction.commit()
        updateHUD()
    }

    /// Whether the window was closed (by the user, `q`/Escape or `close()`).
    public private(set) var isClosed = false

    /// Closes the window: its display links stop, the render loop is stopped and joined before
    /// the X window goes (a frame presented during the close crashed in Xlib's error path),
    /// then `onClose` runs. When the main run loop runs and this was the last shown window,
    /// the process exits with 0.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        loop.appFrame = nil
        loop.stop()
        surfacePresenter.synchronize()
        onClose?()
        window.close()
        if isShown {
            isShown = false
            Self.closedAny = true
            Self.shownWindows.removeAll { $0 === self }
            if Self.runsMainLoop, Self.shownWindows.isEmpty { exit(0) }
        }
    }
}
