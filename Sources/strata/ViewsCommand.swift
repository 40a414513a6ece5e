import ArgumentParser
import Foundation
import UIKitDemos

/// `strata views`: the UIKit demo (issue #22), an app written with `import UIKit`.
struct ViewsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "views",
        abstract: "UIKit over Strata: a utility app that flips, a page curl, animation blocks, touches.")

    @Option(help: "Window size in points (WxH); UIScreen.main.bounds.")
    var size = PixelSize(width: 1024, height: 768)

    func run() throws {
        setenv("STRATA_SCREEN_SIZE", size.description, 1)
        MainActor.assumeIsolated { ViewsDemo.run() }
    }
}
