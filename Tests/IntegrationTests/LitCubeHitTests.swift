import Foundation
import Testing
@testable import QuartzCore

extension WindowTests {
    /// `strata lit-cube`: a click reports the face under the pointer, with Apple's order-based
    /// `hitTest` (a back face steals it) and, after `h`, with the depth-aware pick.
    @Suite(.timeLimit(.minutes(1)))
    struct LitCubeHitTests {
        @Test func orderBasedHitTestLetsABackFaceStealTheClickAndTheDepthPickDoesNot() async throws {
            let model = LitCubeModel(width: 640, height: 480)
            // The nearest face centre is the one in front (seen corner-on, three faces show).
            let front = try #require(model.faceCentres.max { $0.depth < $1.depth })
            let p = front.point
            let x = Int(p.x.rounded()), y = Int(p.y.rounded())
            // Seen corner-on (−45° about x, then −45° about y, m34 = −1/500) the three near faces
            // are face1 (front), face2 (right) and face3 (top); face3's centre is the nearest
            // (depth ≈ +82) and projects to (320, 158) in the 640 × 480 window.
            #expect(front.name == "face3")
            #expect(x == 320 && y == 158)
            // Apple's hitTest ignores depth: it asks the sublayers from the last added down and
            // takes the first whose (projected) bounds contain the point. face6, the back face
            // (translated to z = −100 and turned π about y), is added last and its projected
            // square also covers (320, 158), so it steals the click on the visible top face.
            let stolenBy = model.orderedHitName(at: p)
            #expect(stolenBy == "face6")

            let demo = try await LiveDemo(["lit-cube"], title: "lit cube$")
            defer { demo.stop() }
            _ = try await demo.strata.waitForLine { $0.hasPrefix("lit-cube:") }
            // The front face's label (a coloured square at the face centre, its number drawn in
            // black over the middle) shows 40 points below the centre, under the number.
            let below = model.project(face: 2, local: CGPoint(x: 100, y: 140))
            let lx = Int(below.x.rounded()), ly = Int(below.y.rounded())
            let shot = try await demo.screenshot("lit-cube-start", timeout: 5) { $0.rgb(lx, ly).distance(to: RGB(191, 191, 191)) > 16 }
            let label = LitCubeModel.labelColor(of: front.name)
            let seen = shot.rgb(lx, ly)
            #expect(seen.r > 0 || seen.g > 0 || seen.b > 0)
            // Shaded by the black lighting layer: same hue, so the brightest channel is the label's.
            let labelMax = max(label.r, label.g, label.b)
            let seenMax = max(seen.r, seen.g, seen.b)
            #expect((label.r == labelMax) == (seen.r == seenMax) && (label.g == labelMax) == (seen.g == seenMax),
                    "pixel \(seen) at \(lx),\(ly) is not the \(front.name) label \(label)")

            try await demo.click(x: x, y: y)
            let ordered = await demo.strata.waitForLine { $0.hasPrefix("hit ") }
            #expect(ordered == "hit \(stolenBy) (order)", "stdout: \(demo.strata.stdout)")

            try await demo.key("h")
            #expect(await demo.strata.waitForLine { $0 == "pick: depth-aware" } != nil)
            try await demo.click(x: x, y: y)
            let depth = await demo.strata.waitForLine { $0.hasSuffix("(depth)") }
            #expect(depth == "hit \(front.name) (depth)", "stdout: \(demo.strata.stdout)")
        }
    }
}

extension WindowTests.LitCubeHitTests {
    /// The button on face 3 (at (100, 170) in the face, 120 × 30) reacts only when the pick
    /// reaches it: with the depth-aware pick. Order-based, the back face takes the click.
    /// Clicked and sampled at (50, 170), left of its centred title.
    @Test func theButtonReactsToTheDepthAwarePickOnly() async throws {
        let model = LitCubeModel(width: 640, height: 480)
        let p = model.project(face: 2, local: CGPoint(x: 50, y: 170))
        let x = Int(p.x.rounded()), y = Int(p.y.rounded())
        let stolenBy = model.orderedHitName(at: p)
        #expect(stolenBy != "button")

        let demo = try await LiveDemo(["lit-cube"], title: "lit cube$")
        defer { demo.stop() }
        let before = try await demo.screenshot("lit-cube-button-before", timeout: 5) { $0.rgb(x, y).distance(to: RGB(191, 191, 191)) > 16 }
        // The button's dark grey (0x40, 0x40, 0x48), shaded by face 3's lighting.
        let grey = before.rgb(x, y)
        #expect(grey.b - grey.r <= 10 && grey.r < 80, "button pixel \(grey) at \(x),\(y)")

        try await demo.click(x: x, y: y)
        #expect(await demo.strata.waitForLine { $0.hasSuffix("(order)") } == "hit \(stolenBy) (order)")
        try await Task.sleep(for: .milliseconds(400))
        #expect(try await demo.screenshot("lit-cube-button-order").rgb(x, y).distance(to: grey) <= 4, "the button did not react")

        try await demo.key("h")
        #expect(await demo.strata.waitForLine { $0 == "pick: depth-aware" } != nil)
        try await demo.click(x: x, y: y)
        // The lighting layer over each face never takes a hit (LightingLayer), so the depth-aware
        // pick reaches the button, as the book's UIKit views do.
        let line = await demo.strata.waitForLine { $0.hasSuffix("(depth)") }
        #expect(line == "hit button (depth)", "stdout: \(demo.strata.stdout)")
        try #require(line == "hit button (depth)")
        // Pressed: (0.2, 0.6, 1) after its implicit 0.25 s colour fade, shaded like the face.
        let pressed = try await demo.screenshot("lit-cube-button-pressed", timeout: 3) { $0.rgb(x, y).b > $0.rgb(x, y).r + 60 }
        let blue = pressed.rgb(x, y)
        #expect(blue.b > blue.r + 60 && blue.g > blue.r, "pressed button pixel \(blue)")
    }
}
