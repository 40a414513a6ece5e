import Foundation
import Testing
@testable import QuartzCore
import StrataDemos

extension WindowTests {
    /// `strata gallery` on Xvfb: the exhibits animate (two screenshots a second apart differ
    /// inside them: at least 0.5 % of each inset cell, where a still cell differs in none), and a click on each item, at the point `GalleryLayout` gives, names it.
    @Suite(.timeLimit(.minutes(2)))
    struct GalleryWindowTests {
        @Test func itemsAnimateAndAClickNamesEach() async throws {
            let items = GalleryCatalog.all.map(\.name)
            let layout = GalleryLayout(count: items.count, size: CGSize(width: 640, height: 480))
            let demo = try await LiveDemo(["gallery"], title: "gallery$")
            defer { demo.stop() }
            #expect(await demo.strata.waitForLine { $0.hasPrefix("gallery:") } != nil)
            let first = layout.clickPoint(0)
            let a = try await demo.screenshot("gallery-a", timeout: 10) {
                $0.rgb(Int(first.x), Int(first.y)).distance(to: .black) > 16
            }
            // Three screenshots about half a second apart: an exhibit whose period is near the
            // gap between two of them (the shimmer's 1.5 s) still differs in the other pair.
            // Under a sanitizer a frame takes about a second (ThreadSanitizer: 1.5-2 frames a
            // second), so the gap is 1.7 s (no exhibit's period divides 1.7 or 3.4 s).
            let gap = ProcessInfo.processInfo.environment["STRATA_SANITIZER"] == nil ? 500 : 1700
            try await Task.sleep(for: .milliseconds(gap))
            let b = try await demo.screenshot("gallery-b")
            try await Task.sleep(for: .milliseconds(gap))
            let c = try await demo.screenshot("gallery-c")
            func changed(_ f: CGRect, _ p: CGImage, _ q: CGImage) -> Double {
                var differing = 0
                for y in Int(f.minY)..<Int(f.maxY) {
                    for x in Int(f.minX)..<Int(f.maxX) where p.rgb(x, y).distance(to: q.rgb(x, y)) > 24 { differing += 1 }
                }
                return Double(differing) / Double(f.width * f.height)
            }
            for i in items.indices {
                let f = layout.exhibitFrame(i).insetBy(dx: 12, dy: 12)
                let most = max(changed(f, a, b), changed(f, b, c), changed(f, a, c))
                #expect(most > 0.005, "\(items[i]) did not move between the screenshots")
            }
            for (i, name) in items.enumerated() {
                let p = layout.clickPoint(i)
                try await demo.click(x: Int(p.x), y: Int(p.y))
                let line = await demo.strata.waitForLine { $0 == "gallery: hit \(name)" }
                #expect(line != nil, "no hit line for \(name); stdout: \(demo.strata.stdout)")
            }
            try await demo.click(x: 2, y: 2)
            #expect(await demo.strata.waitForLine { $0 == "gallery: hit none" } != nil)
        }
    }
}
