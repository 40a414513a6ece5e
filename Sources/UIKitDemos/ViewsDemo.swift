import UIKit

/// `strata views`: the seed's first chapter as an iOS programmer writes it with `import UIKit`:
/// a utility-style app whose main view flips to a flipside list and back, a page that curls,
/// animation blocks with repeat and autoreverse on buttons, draggable translucent squares, and
/// every click reported (`views: hit NAME` on stdout).
public enum ViewsDemo {
    /// Runs the app (never returns).
    @MainActor public static func run() -> Never {
        UIApplicationMain(ViewsAppDelegate.self)
    }
}

/// The app delegate: builds the window, the main view and the flipside.
final class ViewsAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = ReportingWindow(frame: UIScreen.main.bounds)
        window.backgroundColor = UIColor(white: 0.08, alpha: 1)
        let container = UIView(frame: window.bounds)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.accessibilityIdentifier = "container"
        window.addSubview(container)
        let main = MainView(frame: container.bounds)
        let flipside = FlipsideView(frame: container.bounds)
        main.onInfo = { [weak container] in
            guard let container else { return }
            // The block API of iPhone OS 4: a flip from the right between two views.
            UIView.transition(from: main, to: flipside, duration: 0.8, options: [.transitionFlipFromRight]) { _ in
                say("views: flipped to the flipside")
            }
            _ = container
        }
        flipside.onDone = { [weak container] in
            guard let container else { return }
            // The seed's own code: a begin/commit block with a flip transition of the container.
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationDuration(0.8)
            UIView.setAnimationTransition(.flipFromLeft, for: container, cache: true)
            flipside.removeFromSuperview()
            container.addSubview(main)
            UIView.setAnimationDidStop { _, finished, _ in say("views: flipped back (finished \(finished))") }
            UIView.commitAnimations()
        }
        container.addSubview(main)
        window.makeKeyAndVisible()
        self.window = window
        say("views: click the buttons; drag the squares; the i button flips; q quits")
        return true
    }
}

/// A window that names the view every press lands on.
final class ReportingWindow: UIWindow {
    override func sendEvent(_ event: UIEvent) {
        if let touch = event.allTouches?.first, touch.phase == .began {
            say("views: hit \(ViewNames.name(of: touch.view))")
        }
        super.sendEvent(event)
    }
}

/// What `views: hit` prints: the identifier of the view or of its nearest named ancestor.
@MainActor
enum ViewNames {
    static func name(of view: UIView?) -> String {
        var v = view
        while let current = v {
            if let id = current.accessibilityIdentifier { return id }
            if let button = current as? UIButton, let title = button.currentTitle { return "button \(title)" }
            v = current.superview
        }
        return view == nil ? "nothing" : "\(type(of: view!))"
    }
}
