import ArgumentParser
import Foundation
import QuartzCore
import StrataApp
import StrataDemos

/// `strata spinner`: the spinner benchmark's scene in a window (200 still layers, one turning
/// square). Once a second it prints what the window presented, to show damage at work:
/// `presented P px in R rects over F frames`. Press `d` to flash the redrawn regions.
struct SpinnerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spinner", abstract: "A still interface with one spinner: only the spinner is redrawn and presented.")
    @Option(help: "Window size, WxH.") var size: PixelSize = PixelSize(width: 960, height: 540)

    func run() throws {
        MainActor.assumeIsolated {
            let root = SpinnerScene.make(size: CGSize(width: size.width, height: size.height))
            let window = openWindow(title: "Strata — spinner", size: size, root: root)
            var last = CACurrentMediaTime()
            window.onFrame = {
                let now = CACurrentMediaTime()
                guard now - last >= 1 else { return }
                last = now
                let t = window.presentedTotals
                say("presented \(t.pixels) px in \(t.rectangles) rects over \(t.presents) frames")
            }
            say("spinner: d flashes the redrawn regions; q quits")
            window.run()
        }
    }
}
