import ArgumentParser
import Foundation
import QuartzCore
import StrataApp
import StrataDemos

/// `strata app`: the app benchmark's screen in a window, running until closed: eight
/// music-player cards (gradient, corner radius, shadow, text, drawn art, a progress ring, a
/// replicator equaliser, a button), one card's children animating, one card flipping in 3D, one
/// redrawing a custom animatable property every frame. What `scripts/soak --demo app` watches
/// for memory growth; once a second it prints the frame rate and the resident set size.
struct AppCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app", abstract: "The app-like screen of eight cards (shadows, text, 3D, a custom property) in a window.")
    @Option(help: "Window size, WxH (the screen is 1280×800 and is clipped to a smaller window).")
    var size: PixelSize = PixelSize(width: 1280, height: 800)

    func run() throws {
        MainActor.assumeIsolated {
            let window = openWindow(title: "Strata — app", size: size, root: AppBenchScene.make())
            var last = CACurrentMediaTime(), presents = 0
            window.onFrame = {
                let now = CACurrentMediaTime()
                guard now - last >= 1 else { return }
                let total = window.presentedTotals.presents
                say(String(format: "%.1f frames/s, RSS %.1f MB", Double(total - presents) / (now - last), BenchRunner.residentMegabytes() ?? 0))
                last = now; presents = total
            }
            window.run()
        }
    }
}
