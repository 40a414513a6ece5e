import Foundation
import Testing
@testable import QuartzCore

extension WindowTests {
    /// `strata views` (issue #22): the UIKit demo. A click on the i button flips the main view
    /// to the flipside (a `UIView.transition(from:to:)` flip, seen mid-way), and every press
    /// names the view it hits on stdout.
    @Suite(.timeLimit(.minutes(2)))
    struct ViewsWindowTests {
        /// The main view's background, UIColor(red: 0.10, green: 0.16, blue: 0.30).
        static let navy = RGB(26, 41, 77)
        /// The flipside's, UIColor(white: 0.16).
        static let grey = RGB(41, 41, 41)

        @Test func aClickOnTheInfoButtonFlipsToTheFlipside() async throws {
            let demo = try await LiveDemo(["views", "--size", "1024x768"], title: "^strata$")
            defer { demo.stop() }
            let start = try await demo.screenshot("views-start", timeout: 20) { $0.rgb(600, 650).isClose(to: Self.navy, tolerance: 2) }
            #expect(start.rgb(600, 650).isClose(to: Self.navy, tolerance: 2))
            // The i button sits 60 points in from the bottom-right corner (36 × 36).
            let frames = try await demo.clickAndCapture(x: 982, y: 726, "views-flip", count: 8, interval: 0.1)
            #expect(await demo.strata.waitForLine { $0 == "views: hit button i" } != nil)
            #expect(await demo.strata.waitForLine { $0 == "views: flipped to the flipside" } != nil)
            let end = try await demo.screenshot("views-end", timeout: 10) { $0.rgb(600, 650).isClose(to: Self.grey, tolerance: 2) }
            #expect(end.rgb(600, 650).isClose(to: Self.grey, tolerance: 2))
            let middle = frames.filter { $0.fractionDiffering(from: start) > 0.01 && $0.fractionDiffering(from: end) > 0.01 }
            #expect(!middle.isEmpty, "\(frames.count) screenshots, none mid-flip")
            if let m = middle.first { try m.writePNG(to: Screenshots.folder.appendingPathComponent("views-flip-middle.png")) }
            // A press on the third row of the list names it.
            try await demo.click(x: 300, y: 80 + 2 * 48 + 20)
            #expect(await demo.strata.waitForLine { $0 == "views: hit row 3" } != nil)
        }
    }
}
