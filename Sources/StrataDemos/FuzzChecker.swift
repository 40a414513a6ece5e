import Foundation
import QuartzCore
import Raster

/// Renders `SceneFuzzer` scenes headless and checks what must hold for any input: no crash, no
/// hang (a time budget per scene), every pixel validly premultiplied (no colour channel above
/// alpha), the same pixels with 1 and 2 rasteriser threads (the latter redrawing only the damage
/// between the times), and hit tests that return.
///
/// Strata extension (no Apple counterpart); `strata fuzz` and the test suite run it. Messages
/// the scenes provoke (rejected values, refused animations) are collected, not printed.
public struct FuzzChecker: Sendable {
    /// The surface side in pixels.
    public let size: Int
    /// Seconds one scene may take before it counts as a hang.
    public let budget: Double
    /// Which scenes get a threaded phase (threads changing the tree while it renders).
    public let threadScenes: SceneFuzzer.ThreadScenes

    /// A checker of `size` × `size` frames with a per-scene time `budget`; one scene in four
    /// (`threadScenes`) is also changed by several threads while it renders.
    public init(size: Int = 96, budget: Double = 10, threadScenes: SceneFuzzer.ThreadScenes = .sometimes) {
        self.size = max(1, size)
        self.budget = budget
        self.threadScenes = threadScenes
    }

    /// What checking one seed found.
    public enum Outcome: Sendable, Equatable {
        /// Every check held; the seconds the scene took.
        case passed(seconds: Double, layers: Int)
        /// A check failed: what and where.
        case failed(String)
        /// The scene did not finish within the budget (its thread is abandoned).
        case timedOut
    }

    /// Checks the scene of `seed` on a thread of its own, waiting at most `budget` seconds.
    public func check(seed: UInt64) -> Outcome {
        final class Box: @unchecked Sendable { var outcome: Outcome = .timedOut }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let size = self.size, threads = SceneFuzzer(size: size).mutatingThreads(seed: seed, threadScenes)
        let thread = Thread {
            let start = DispatchTime.now().uptimeNanoseconds
            let (problem, layers) = Self.run(seed: seed, size: size, threads: threads)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9
            box.outcome = problem.map(Outcome.failed) ?? .passed(seconds: seconds, layers: layers)
            done.signal()
        }
        thread.stackSize = 64 << 20
        thread.start()
        guard done.wait(timeout: .now() + budget) == .success else { return .timedOut }
        return box.outcome
    }

    /// Builds, renders and hit-tests the scene; the first problem found, if any.
    private static func run(seed: UInt64, size: Int, threads: Int) -> (String?, Int) {
        var problem: String?
        var layers = 0
        _ = StrataDiagnostics.capture {
            CAMediaClock.withManualClock(startingAt: 0) { clock in
                let scene = SceneFuzzer(size: size).scene(seed: seed)
                layers = scene.layerCount
                // One thread redrawing every pixel, two redrawing only the damage since the
                // previous time: both must give the same pixels.
                let renderers = [1, 2].map { threads -> CARenderer in
                    let r = CARenderer(width: size, height: size)
                    r.threads = threads
                    r.redrawsDamageOnly = threads == 2
                    r.layer = scene.root
                    // Renderer sizes beyond Int (1e19 traps Int(Double)) and infinite: clamped
                    // or refused, then back to the scene's size.
                    let m = SceneFuzzer.magnitudes[Int(seed % UInt64(SceneFuzzer.magnitudes.count))]
                    r.bounds = CGRect(x: 0, y: 0, width: m, height: 1)
                    r.bounds = CGRect(x: 0, y: 0, width: 1, height: m)
                    r.bounds = .infinite
                    r.bounds = CGRect(x: 0, y: 0, width: size, height: size)
                    return r
                }
                // Threads change the tree while it renders (their frames are checked for valid
                // pixels only); then the times below check the tree they left.
                if threads > 0 {
                    problem = runThreads(seed: seed, threads: threads, scene: scene, size: size, renderers: renderers, clock: clock)
                }
                for t in scene.times {
                    clock.set(t)
                    // Tiles a slow pass left to the background are committed before both
                    // renderers draw, so they draw the same tree.
                    drainBackgroundTiles(scene.root)
                    // This thread's changes (the scene, renderers attached) are committed here:
                    // the renderers never commit on its behalf.
                    CATransaction.flush()
                    let images = renderers.map { r -> CGImage in
                        r.beginFrame(atTime: t)
                        r.render()
                        r.endFrame()
                        return r.makeImage()
                    }
                    if let p = firstDifference(images[0], images[1]) {
                        problem = problem ?? "t=\(t): 1 thread (full) and 2 threads (damage) differ at \(p.x),\(p.y): "
                            + "0x\(String(images[0].pixel(x: p.x, y: p.y), radix: 16)) vs 0x\(String(images[1].pixel(x: p.x, y: p.y), radix: 16))"
                    }
                    if let p = firstInvalidPixel(images[1]) {
                        problem = problem ?? "t=\(t): pixel \(p.x),\(p.y) = 0x\(String(images[1].pixel(x: p.x, y: p.y), radix: 16)) is not premultiplied"
                    }
                    // One presentation copy a time serves every point: nothing changes the
                    // tree or the clock between them (a copy per point was 8 % of a run).
                    let presented = scene.root.presentation()
                    for point in scene.hitPoints {
                        _ = scene.root.hitTest(point)
                        _ = scene.root.frontmostLayer(at: point)
                        _ = presented?.hitTest(point)
                    }
                }
            }
        }
        return (problem, layers)
    }

    /// The checks read the images' pixel rows directly (`CGImage.pixel` a pixel, a call and a
    /// retain each, was 6 % of a run).
    private static func firstDifference(_ a: CGImage, _ b: CGImage) -> (x: Int, y: Int)? {
        for y in 0..<a.height {
            let p = a.surface.row(y), q = b.surface.row(y)
            for x in 0..<a.width where p[x] != q[x] { return (x, y) }
        }
        return nil
    }

    /// Waits until every `CATiledLayer` in `root`'s tree has drawn and committed the tiles it
    /// handed to its background queue.
    static func drainBackgroundTiles(_ root: CALayer) {
        var work = [root]
        while let l = work.popLast() {
            (l as? CATiledLayer)?.tileQueue.sync {}
            work += l.sublayers ?? []
            if let m = l.mask { work.append(m) }
        }
    }

    static func firstInvalidPixel(_ image: CGImage) -> (x: Int, y: Int)? {
        for y in 0..<image.height {
            let row = image.surface.row(y)
            for x in 0..<image.width {
                let p = row[x], a = p >> 24
                if (p >> 16) & 255 > a || (p >> 8) & 255 > a || p & 255 > a { return (x, y) }
            }
        }
        return nil
    }
}
