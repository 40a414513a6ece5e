import Foundation
import Testing
@testable import QuartzCore
import StrataDemos

extension WindowTests {
    /// `strata flip`: a click flips the cards over the seed's space background; mid-flip the
    /// window differs from the start, and after the 1 s animation the green card is in front.
    @Suite(.timeLimit(.minutes(1)))
    struct CardFlipWindowTests {
        static let brown = RGB(153, 102, 51)   // UIColor.brownColor (0.6, 0.4, 0.2)
        /// The background at a window point: the 640 × 960 space image fills the 640 × 480
        /// window by aspect fill, so the window shows its rows 240…719 at 1:1.
        static let space = SpaceBackground.makeImage()
        static func sky(_ x: Int, _ y: Int) -> RGB { space.rgb(x, y + 240) }

        @Test func aClickFlipsTheGreenCardToTheFront() async throws {
            let demo = try await LiveDemo(["flip"], title: "card flip$")
            defer { demo.stop() }
            // 640 × 480: the 125 × 125 cards centred at (320, 240) on the space background.
            let start = try await demo.screenshot("flip-start", timeout: 5) { $0.rgb(320, 240).isClose(to: Self.brown, tolerance: 2) }
            #expect(start.rgb(320, 240).isClose(to: Self.brown, tolerance: 2))
            #expect(start.rgb(5, 5).isClose(to: Self.sky(5, 5), tolerance: 2))
            #expect(start.rgb(320 + 90, 240).isClose(to: Self.sky(410, 240), tolerance: 2), "outside the card")

            // Ten screenshots 0.1 s apart from the click on, then the end state (the group lasts 1 s;
            // the green card shows at scale 1 again, its left edge back at x = 258).
            let frames = try await demo.clickAndCapture(x: 320, y: 240, "flip", count: 10, interval: 0.1)
            let end = try await demo.screenshot("flip-end", timeout: 5) {
                $0.rgb(320, 240).isClose(to: .green, tolerance: 2) && $0.rgb(262, 240).isClose(to: .green, tolerance: 2)
                    && $0.rgb(252, 240).isClose(to: Self.sky(252, 240), tolerance: 2)
            }
            #expect(await demo.strata.waitForLine { $0.hasPrefix("flip") } != nil)
            // Mid-flip, the window showed something that is neither the start nor the end (the
            // card turning edge-on and scaled up by the 1.5 group): the animation was seen.
            let middle = frames.filter {
                $0.fractionDiffering(from: start) > 0.005 && $0.fractionDiffering(from: end) > 0.005
            }
            #expect(!middle.isEmpty, "\(frames.count) screenshots, none mid-flip")
            if let m = middle.first { try m.writePNG(to: Screenshots.folder.appendingPathComponent("flip-middle.png")) }
            // The brown card turned its (single-sided) back to the viewer; the green one faces it.
            #expect(end.rgb(320, 240).isClose(to: .green, tolerance: 2))
            #expect(end.rgb(320 - 55, 240 - 55).isClose(to: .green, tolerance: 2), "back at scale 1: corner area green")
            #expect(end.rgb(320 + 90, 240).isClose(to: Self.sky(410, 240), tolerance: 2), "and no larger than at the start")
        }
    }
}
