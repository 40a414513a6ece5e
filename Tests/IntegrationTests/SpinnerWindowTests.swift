import Foundation
import Testing
@testable import QuartzCore
@testable import StrataDemos

extension WindowTests {
    /// `strata spinner` under Xvfb: a still interface with one turning square presents only the
    /// square's rectangle each frame (the window's debug counter), shows exactly the headless
    /// render everywhere else, and `d` flashes the redrawn rectangle and nothing beyond it.
    @Suite(.timeLimit(.minutes(2)))
    struct SpinnerWindowTests {
        static let (width, height) = (480, 320)
        /// The square turns about the centre: its damage lies within this square (half-diagonal
        /// 32·√2 = 45.3, plus a pixel of anti-aliasing, plus the rounding of the bounds).
        static let spinnerBox = (x0: 240 - 48, y0: 160 - 48, x1: 240 + 48, y1: 160 + 48)

        static func insideBox(_ x: Int, _ y: Int) -> Bool {
            x >= spinnerBox.x0 && x < spinnerBox.x1 && y >= spinnerBox.y0 && y < spinnerBox.y1
        }

        /// The headless render of the scene (the spinner at any angle: it is masked out).
        static let headless: CGImage = {
            let root = SpinnerScene.makeStatic(size: CGSize(width: width, height: height), time: 0)
            let renderer = CARenderer(width: width, height: height)
            renderer.layer = root
            renderer.beginFrame(atTime: 0); renderer.render(); renderer.endFrame()
            return renderer.makeImage()
        }()

        /// Pixels outside the spinner's box that differ (RGB) from the headless render.
        static func differencesOutsideBox(_ shot: CGImage) -> Int {
            var n = 0
            for y in 0..<height {
                for x in 0..<width where !insideBox(x, y) && shot.rgb(x, y) != headless.rgb(x, y) { n += 1 }
            }
            return n
        }

        @Test func presentsOnlyTheSpinnerAndShowsTheHeadlessRender() async throws {
            let demo = try await LiveDemo(["spinner", "--size", "\(Self.width)x\(Self.height)"], title: "spinner$")
            defer { demo.stop() }
            // Two counter lines a second apart, after the first (which counts the first frames,
            // presented whole): what was presented in between.
            let zeroth = try #require(await demo.strata.waitForLine(timeout: 20) { $0.hasPrefix("presented ") }, "stdout: \(demo.strata.stdout)")
            let first = try #require(await demo.strata.waitForLine(timeout: 20) { $0.hasPrefix("presented ") && $0 != zeroth })
            let second = try #require(await demo.strata.waitForLine(timeout: 20) { $0.hasPrefix("presented ") && $0 != zeroth && $0 != first })
            func numbers(_ line: String) -> [Int] { line.split(separator: " ").compactMap { Int($0) } }
            let a = numbers(first), b = numbers(second)
            try #require(a.count == 3 && b.count == 3, "\(first) / \(second)")
            let pixels = b[0] - a[0], frames = b[2] - a[2]
            // A debug build on a loaded machine manages a few frames a second; one is enough.
            #expect(frames >= 1, "no frame presented in a second")
            // Each frame presents the spinner's damage, at most its 96 × 96 box: under 10 % of the window.
            #expect(pixels <= frames * 96 * 96, "\(pixels) px over \(frames) frames")
            #expect(pixels > 0)

            let shot = try await demo.screenshot("spinner-window", timeout: 5) { Self.differencesOutsideBox($0) == 0 }
            #expect(Self.differencesOutsideBox(shot) == 0, "the window equals the headless render outside the spinner")

            // Flashing: the redrawn box is tinted; nothing outside it changes.
            try await demo.key("d")
            // 33 px left of and above the centre: inside every frame's damage (the square's
            // bounds at 0° are ±32, +1 of anti-aliasing), never under the square (46.7 px from
            // the centre, beyond its 45.3 px half-diagonal).
            let corner = (x: Self.width / 2 - 33, y: Self.height / 2 - 33)
            let flashed = try await demo.screenshot("spinner-flash", timeout: 5) {
                $0.rgb(corner.x, corner.y) != Self.headless.rgb(corner.x, corner.y)
            }
            #expect(flashed.rgb(corner.x, corner.y) != Self.headless.rgb(corner.x, corner.y), "the damaged box is tinted")
            #expect(Self.differencesOutsideBox(flashed) == 0, "no pixel outside the damage changes")
            try await demo.key("d")
            let plain = try await demo.screenshot("spinner-flash-off", timeout: 5) {
                $0.rgb(corner.x, corner.y) == Self.headless.rgb(corner.x, corner.y)
            }
            #expect(plain.rgb(corner.x, corner.y) == Self.headless.rgb(corner.x, corner.y), "the tint is gone")
        }
    }
}
