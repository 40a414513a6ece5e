// A small app written the way Apple's documentation writes one, run in a window by
// IntegrationTests/MainThreadWindowTests: everything set up before `run()` must show, and every
// entry point (top-level code, main-queue blocks, window callbacks, delegate callbacks,
// completion blocks, @MainActor tasks) must run on the main thread. Each prints one line.
//
// `strata-app-probe two-windows`: two windows at once; the first closes after 0.5 s, a third
// opens; the process exits when the last one is closed.
import Foundation
import QuartzCore
import StrataApp

@MainActor func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

final class Fader: NSObject, CAAnimationDelegate {
    func animationDidStart(_ anim: CAAnimation) {
        MainActor.assumeIsolated { report("animationDidStart main=\(Thread.isMainThread)") }
    }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        MainActor.assumeIsolated { report("animationDidStop finished=\(flag) main=\(Thread.isMainThread)") }
    }
}

@MainActor func openWindow(_ title: String, _ color: CGColor) throws -> LayerWindow {
    let root = CALayer()
    let window = try LayerWindow(title: title, size: CGSize(width: 200, height: 120), root: root)
    root.backgroundColor = color
    return window
}

let mode = CommandLine.arguments.dropFirst().first ?? "main-thread"
if mode == "two-windows" {
    let first = try openWindow("probe-one", CGColor(red: 1, green: 0, blue: 0, alpha: 1))
    let second = try openWindow("probe-two", CGColor(red: 0, green: 1, blue: 0, alpha: 1))
    for (w, name) in [(first, "one"), (second, "two")] { w.onClose = { report("closed \(name)") } }
    first.show()
    second.show()
    var third: LayerWindow?
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
        first.close()
        third = try? openWindow("probe-three", CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        third?.onClose = { report("closed three") }
        third?.show()
        report("reopened \(third != nil)")
    }
    LayerWindow.runMainLoop()
}

report("top-level main=\(Thread.isMainThread)")
let root = CALayer()
let window = try LayerWindow(title: "probe", size: CGSize(width: 200, height: 120), root: root)

// Set up between the window and run(): a red background and a sublayer that fades in over 2 s.
root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
let square = CALayer()
square.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
square.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
root.addSublayer(square)
let fader = Fader()
let fade = CABasicAnimation(keyPath: "opacity")
fade.fromValue = 0
fade.toValue = 1
fade.duration = 0.6
fade.delegate = fader
CATransaction.begin()
CATransaction.setCompletionBlock { report("completion main=\(Thread.isMainThread)") }
square.add(fade, forKey: "fade")
CATransaction.commit()

DispatchQueue.main.async { report("main queue main=\(Thread.isMainThread)") }
Task { @MainActor in report("main actor task main=\(Thread.isMainThread)") }
window.onTap = { tap in report("tap main=\(Thread.isMainThread) hit=\(root.hitTest(tap.location) === square ? "square" : "root")") }
window.onKey = { key in if key.character == "x" { report("key main=\(Thread.isMainThread)") } }
Thread.detachNewThread { DispatchQueue.main.async { report("from a thread main=\(Thread.isMainThread)") } }
window.run()
