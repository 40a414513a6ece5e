import Foundation
import StrataApp

/// A window: the root of a view hierarchy, shown in an X11 window through `StrataApp`.
///
/// As on iOS a window is hidden until `makeKeyAndVisible()` (or `isHidden = false`). While the
/// application runs (`UIApplicationMain`) a visible window opens an X11 window of its size;
/// otherwise (tests, headless tools) it is visible without a screen: its layers count as drawn,
/// so its views animate and animations complete on the media clock. Resizing the X11 window
/// resizes the window view, which resizes subviews by their `autoresizingMask` and lays them out.
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// The X11 window showing this one, while the application runs.
    private(set) var host: LayerWindow?
    private var headlessAttached = false
    /// Turns pointer events into touches and gesture recognisers' input.
    lazy var touchDispatcher = TouchDispatcher(window: self)

    /// A window with the given frame (hidden until `makeKeyAndVisible()`).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        _window = self
        layer.isHidden = true
    }

    /// A window filling the main screen.
    public convenience init() { self.init(frame: UIScreen.main.bounds) }

    public required init?(coder: NSCoder) { return nil }

    /// The window's screen.
    open var screen: UIScreen { .main }
    /// Where the window sits among windows (kept; one X11 window each here).
    open var windowLevel: UIWindow.Level = .normal

    /// A window's next responder is the application.
    open override var next: UIResponder? { UIApplication.shared }

    /// Whether this is the application's key window.
    open var isKeyWindow: Bool { UIApplication.shared.keyWindow === self }

    /// Makes this the key window.
    open func makeKey() { UIApplication.shared.keyWindow = self }

    /// Shows the window and makes it key.
    open func makeKeyAndVisible() {
        makeKey()
        isHidden = false
    }

    /// Showing or hiding a window opens or detaches its presentation.
    open override var isHidden: Bool {
        get { super.isHidden }
        set {
            super.isHidden = newValue
            if newValue { detach() } else { attach() }
        }
    }

    /// Delivers an event to its views (touches go to the view they began in and to the
    /// gesture recognisers of that view and its ancestors).
    open func sendEvent(_ event: UIEvent) { touchDispatcher.deliver(event) }

    /// Feeds one raw pointer event (window points, y down) through hit testing, touches and
    /// gesture recognisers, as the X11 window does. Strata addition, for automation (the
    /// equivalent of synthesising events with a UI-testing tool).
    public func sendPointerEvent(_ event: PointerEvent) { touchDispatcher.handle(event) }

    private func attach() {
        UIApplication.shared.register(self)
        if UIApplication.shared.opensScreenWindows {
            guard host == nil else { return }
            openHostWindow()
        } else if !headlessAttached {
            headlessAttached = true
            layer.attachedRendererCount += 1
            layer.treeWasAttached()
        }
        // Everything in the window is committed now, so it animates from here on.
        CATransaction.commitPendingChanges()
    }

    private func detach() {
        UIApplication.shared.unregister(self)
        if headlessAttached {
            headlessAttached = false
            layer.attachedRendererCount -= 1
        }
    }

    private func openHostWindow() {
        do {
            let title = ProcessInfo.processInfo.processName
            let host = try LayerWindow(title: title, size: bounds.size, root: layer)
            self.host = host
            hostSize = bounds.size
            host.onPointer = { [weak self] event in self?.touchDispatcher.handle(event) }
            host.onResize = { [weak self] w, h in self?.hostDidResize(CGSize(width: w, height: h)) }
            host.onClose = { [weak self] in if let self { UIApplication.shared.windowDidClose(self) } }
            host.show()
        } catch {
            StrataDiagnostics.report("UIWindow: cannot open a window (\(error)); set DISPLAY to an X server")
            exit(1)
        }
    }

    /// The X11 window changed size: the window view follows (LayerWindow already set the
    /// layer's frame), subviews autoresize and the window lays out again.
    private func hostDidResize(_ size: CGSize) {
        let old = hostSize ?? size
        hostSize = size
        boundsSizeDidChange(from: old)
        setNeedsLayout()
    }
    /// The size last laid out for the X11 window.
    private var hostSize: CGSize?

    /// Window levels.
    public struct Level: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = Level(rawValue: 0)
        public static let statusBar = Level(rawValue: 1000)
        public static let alert = Level(rawValue: 2000)
    }
}
