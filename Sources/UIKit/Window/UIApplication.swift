import Foundation
import StrataApp

/// The running application: its windows, its delegate, and the end of the responder chain.
@preconcurrency @MainActor
open class UIApplication: UIResponder {
    /// The application object.
    public static let shared = UIApplication()

    /// The application's delegate (kept alive by the application here; iOS keeps it unowned,
    /// but `UIApplicationMain` is what owns it there).
    public var delegate: UIApplicationDelegate?
    /// The visible windows, in the order they were shown.
    public internal(set) var windows: [UIWindow] = []
    /// The key window.
    public internal(set) weak var keyWindow: UIWindow?
    /// Whether visible windows open X11 windows (true once `UIApplicationMain` runs).
    public internal(set) var opensScreenWindows = false

    /// The first responder (one per process here).
    static weak var firstResponder: UIResponder?

    private override init() { super.init() }

    /// After the application, the delegate when it is a responder.
    open override var next: UIResponder? { delegate as? UIResponder }

    /// Hands an event to the window it belongs to.
    open func sendEvent(_ event: UIEvent) {
        (event.window ?? keyWindow)?.sendEvent(event)
    }

    func register(_ window: UIWindow) {
        if !windows.contains(where: { $0 === window }) { windows.append(window) }
    }

    /// The window whose X11 window runs the main loop.
    var mainHost: LayerWindow? { (keyWindow ?? windows.first)?.host }

    /// Keys of `application(_:didFinishLaunchingWithOptions:)`'s dictionary.
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

/// The application's delegate: it makes the window when the application has launched.
///
/// Mark your delegate `@main` and make it `final` (or give it `required override init()`):
/// with no Objective-C runtime, `UIApplicationMain` creates the delegate through this
/// protocol's `init()` requirement, which a non-final class can only meet with a `required`
/// initializer.
///
/// ```swift
/// @main
/// final class AppDelegate: UIResponder, UIApplicationDelegate {
///     var window: UIWindow?
///     func application(_ application: UIApplication,
///                      didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
///         window = UIWindow(frame: UIScreen.main.bounds)
///         window?.makeKeyAndVisible()
///         return true
///     }
/// }
/// ```
@preconcurrency @MainActor
public protocol UIApplicationDelegate: AnyObject {
    init()
    /// The application has launched: make and show the window here.
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    /// The application is about to end (its last window closed).
    func applicationWillTerminate(_ application: UIApplication)
}

extension UIApplicationDelegate {
    public func application(_ application: UIApplication,
                            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func applicationWillTerminate(_ application: UIApplication) {}

    /// The `@main` entry: runs `UIApplicationMain` with this delegate class.
    public static func main() {
        UIApplicationMain(Self.self)
    }
}

/// Runs the application: creates the delegate, calls
/// `application(_:didFinishLaunchingWithOptions:)` (which shows a window), then runs the main
/// run loop on the main thread until the last window closes. Never returns.
///
/// Differs from iOS: the delegate is given as a class, not a class name (no Objective-C
/// runtime to look names up); `@main` on the delegate calls this for you.
@MainActor
public func UIApplicationMain(_ delegateClass: UIApplicationDelegate.Type) -> Never {
    let app = UIApplication.shared
    app.opensScreenWindows = true
    let delegate = delegateClass.init()
    app.delegate = delegate
    _ = delegate.application(app, didFinishLaunchingWithOptions: nil)
    guard app.mainHost != nil else {
        StrataDiagnostics.report("UIApplicationMain: the delegate showed no window (call makeKeyAndVisible() in application(_:didFinishLaunchingWithOptions:))")
        exit(1)
    }
    LayerWindow.runMainLoop()
}

@available(*, unavailable, message: "No Objective-C runtime to find classes by name: mark the delegate class @main, or call UIApplicationMain(AppDelegate.self)")
public func UIApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                              _ principalClassName: String?, _ delegateClassName: String?) -> Int32 { 0 }

extension UIApplication {
    /// A window's X11 window closed: the last one ends the application (the delegate hears
    /// `applicationWillTerminate` first; the main loop then exits the process).
    func windowDidClose(_ window: UIWindow) {
        unregister(window)
        if !windows.contains(where: { $0.host != nil && $0 !== window }) {
            delegate?.applicationWillTerminate(self)
        }
    }

    /// A window was hidden: it is no longer one of the visible windows.
    func unregister(_ window: UIWindow) {
        windows.removeAll { $0 === window }
        if keyWindow === window { keyWindow = windows.last }
    }
}
