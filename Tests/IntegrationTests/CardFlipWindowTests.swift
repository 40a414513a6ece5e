import Foundation
import Testing
@testable import QuartzCore

/// `strata flip`: a click flips the cards; mid-flip the window differs from the start, and
/// after the 1 s animation the green card is in front.
@Suite(.enabled(if: XvfbServer.isAvailable, XvfbServer.skipReason), .timeLimit(.minutes(1)))
struct CardFlipWindowTests {
    static let brown = RGB(153, 102, 51)   // UIColor.brownColor (0.6, 0.4, 0.2)

    @Test func aClickFlipsTheGreenCardToTheFront() async throws {
        let demo = try await LiveDemo(["flip"], title: "card flip$")
        defer { demo.stop() }
        // 640 × 480: the 125 × 125 cards centred at (320, 240) on a 0.15 grey background.
        let start = try await demo.screenshot("flip-start", timeout: 5) { $0.rgb(320, 240).isClose(to: Self.brown, tolerance: 2) }
        #expect(start.rgb(320, 240).isClose(to: Self.brown, tolerance: 2))
        #expect(start.rgb(5, 5).isClose(to: RGB(38, 38, 38), tolerance: 2))
        #expect(start.rgb(320 + 90, 240).isClose(to: RGB(38, 38, 38), tolerance: 2), "outside the card")

        try await demo.click(x: 320, y: 240)
        let clicked = Date()
        #expect(await demo.strata.waitForLine { $0.hasPrefix("flip") } != nil)
        try await Task.sleep(for: .milliseconds(250))
        let middle = try await demo.screenshot("flip-middle")
        if Date().timeIntervalSince(clicked) < 0.8 {
            #expect(middle.fractionDiffering(from: start) > 0.005, "mid-flip differs from the start")
        }
        try await Task.sleep(for: .seconds(max(0, 1.3 - Date().timeIntervalSince(clicked))))
        let end = try await demo.screenshot("flip-end", timeout: 5) { $0.rgb(320, 240).isClose(to: .green, tolerance: 2) }
        // The brown card turned its (single-sided) back to the viewer; the green one faces it.
        #expect(end.rgb(320, 240).isClose(to: .green, tolerance: 2))
        #expect(end.rgb(320 - 55, 240 - 55).isClose(to: .green, tolerance: 2), "back at scale 1: corner area green")
        #expect(end.rgb(320 + 90, 240).isClose(to: RGB(38, 38, 38), tolerance: 2), "and no larger than at the start")
    }
}
