import Foundation
import Raster
import Testing
@testable import QuartzCore
@testable import StrataApp

/// The frames a render loop presents: each frame's media time and where the white square's
/// left edge is in it (sub-pixel, from the edge pixel's coverage).
private final class PresentedFrames: @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [(time: CFTimeInterval, edge: Double)] = []

    func record(time: CFTimeInterval, surface: Surface) {
        // Row 8, red channel: 0 on the black root, 255 under the square, partial at its edge.
        let row = surface.row(8)
        var edge = Double(surface.width)
        for x in 0..<surface.width {
            let red = Double((row[x] >> 16) & 0xFF)
            if red > 0 { edge = Double(x) + 1 - red / 255; break }
        }
        lock.lock(); frames.append((time, edge)); lock.unlock()
    }

    var count: Int { lock.lock(); defer { lock.unlock() }; return frames.count }
    var last: (time: CFTimeInterval, edge: Double)? { lock.lock(); defer { lock.unlock() }; return frames.last }

    /// Frame `index`, if presented yet.
    func frame(_ index: Int) -> (time: CFTimeInterval, edge: Double)? {
        lock.lock(); defer { lock.unlock() }
        return frames.count > index ? frames[index] : nil
    }

    /// Waits (up to 10 s) for more than `count` frames; returns the first new one.
    func frame(after count: Int) async -> (time: CFTimeInterval, edge: Double)? {
        for _ in 0..<1000 {
            if let f = frame(count) { return f }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }
}

/// A window stand-in: frames are drawn into its one surface, as into a window's buffer, and
/// recorded with the time the loop says they show.
private final class MemoryOutput: FrameOutput, @unchecked Sendable {
    let surface: Surface
    let frames: PresentedFrames
    weak var loop: RenderLoop?

    init(width: Int, height: Int, frames: PresentedFrames) {
        surface = Surface(width: width, height: height)
        self.frames = frames
    }

    func presentDamage(width: Int, height: Int, drawingWith draw: (Surface) -> [IntRect]?) -> Bool {
        _ = draw(surface)
        record()
        return true
    }

    func present(_ surface: Surface, damage: [IntRect]?) { record(surface) }

    private func record(_ shown: Surface? = nil) {
        frames.record(time: loop?.pipeline.lastShownTime ?? 0, surface: shown ?? surface)
    }
}

/// Waits (up to 10 s) until `condition` holds.
private func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<1000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

/// The render loop of a window sleeps when nothing changes, is woken by a commit, and draws
/// the state at the time it woke: no frame from before the sleep, no jump in an animation.
///
/// Three minutes, not one: in the full suite on two cores, CPU-bound tests in the same process
/// can hold both threads of the cooperative pool, and this test's 10-ms polls then wait their
/// turn (a fresh-clone CI run overran one minute this way; alone the test takes 0.15 s).
@Suite(.timeLimit(.minutes(3)))
struct RenderLoopSleepTests {
    /// A started loop over a black `width` × 16 root with a white 4-px square at x = 0, its
    /// presented frames recorded.
    private func startedLoop(width: Int) -> (RenderLoop, square: CALayer, PresentedFrames) {
        let (root, square) = Reference.withoutActions { () -> (CALayer, CALayer) in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: CGFloat(width), height: 16)
            root.backgroundColor = CGColor(gray: 0, alpha: 1)
            let square = CALayer()
            square.anchorPoint = .zero
            square.bounds = CGRect(x: 0, y: 0, width: 4, height: 16)
            square.position = .zero
            square.backgroundColor = CGColor(gray: 1, alpha: 1)
            root.addSublayer(square)
            return (root, square)
        }
        let frames = PresentedFrames()
        let output = MemoryOutput(width: width, height: 16, frames: frames)
        let loop = RenderLoop(width: width, height: 16, root: root, output: output)
        output.loop = loop
        loop.start()
        return (loop, square, frames)
    }

    @Test func aCommitWakesTheSleepingLoopAndItsFirstFrameShowsTheStateThen() async throws {
        let (loop, square, frames) = startedLoop(width: 1024)
        defer { loop.stop() }

        // The first frame, then sleep: nothing changes.
        #expect(await frames.frame(after: 0)?.edge == 0)
        #expect(await eventually { loop.isSleeping }, "the loop sleeps once nothing changes")
        let asleep = frames.count

        // A commit wakes it; the next frame shows the new model.
        Reference.withoutActions { square.position = CGPoint(x: 10, y: 0) }
        let moved = await frames.frame(after: asleep)
        #expect(moved?.edge == 10)
        #expect(await eventually { loop.isSleeping }, "and sleeps again")

        // An animation committed while asleep: the first frame is drawn at a time after the
        // commit and shows the animation at exactly that time (0.6 px per second from x = 0:
        // slow, so that it is still running however long a loaded machine keeps this test waiting).
        let before = CACurrentMediaTime()
        let slide = CABasicAnimation(keyPath: "position")
        slide.fromValue = NSValue(point: CGPoint(x: 0, y: 0))
        slide.toValue = NSValue(point: CGPoint(x: 600, y: 0))
        slide.duration = 1000
        let count = frames.count
        CATransaction.begin()
        square.add(slide, forKey: "slide")
        CATransaction.commit()
        let committed = CACurrentMediaTime()
        let begin = try #require(square.animation(forKey: "slide")?.beginTime)
        #expect(begin >= before && begin <= committed, "the animation begins when committed")
        let first = try #require(await frames.frame(after: count))
        // The woken render thread may draw before `commit()` returns here, so the bound is the
        // animation's begin time (stamped inside the commit), not the time read after it.
        #expect(first.time >= begin, "no frame from before the sleep")
        #expect(first.time - committed < 5, "the woken link ticks at once (\(first.time - committed) s)")
        #expect(abs(first.edge - 0.6 * (first.time - begin)) < 0.02,
                "edge \(first.edge) at \(first.time - begin) s into the animation")
        // It keeps drawing while the animation runs: later frames are at later times.
        let later = try #require(await frames.frame(after: count + 3))
        #expect(later.time > first.time)
        #expect(abs(later.edge - 0.6 * (later.time - begin)) < 0.02)
        #expect(!loop.isSleeping)

        // Removing the animation is a commit: the model shows again, then the loop sleeps.
        let beforeRemoval = frames.count
        CATransaction.begin()
        square.removeAnimation(forKey: "slide")
        CATransaction.commit()
        #expect(await eventually { loop.isSleeping })
        #expect(frames.count > beforeRemoval)
        #expect(frames.last?.edge == 10)
    }

    /// Finished animations kept with `isRemovedOnCompletion = false` (the usual way to hold an
    /// end value) and a paused layer (`speed` 0) change nothing: the loop draws their last look
    /// and sleeps, as with no animation at all. It used to tick at 60 Hz for as long as they
    /// stayed attached.
    @Test func keptFinishedAnimationsAndPausedLayersLetItSleep() async throws {
        let (loop, square, frames) = startedLoop(width: 64)
        defer { loop.stop() }
        #expect(await eventually { loop.isSleeping })

        // 0.3 s from x = 0 to 20, held there by fillMode forwards, never removed.
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 0
        slide.toValue = 20
        slide.duration = 0.3
        slide.fillMode = .forwards
        slide.isRemovedOnCompletion = false
        CATransaction.begin()
        square.add(slide, forKey: "slide")
        CATransaction.commit()
        let added = frames.count
        #expect(await eventually { frames.count > added + 2 }, "it runs while the animation does")
        try await Task.sleep(for: .milliseconds(400))
        #expect(await eventually { loop.isSleeping }, "asleep with the finished animation still attached")
        #expect(square.animation(forKey: "slide") != nil)
        #expect(frames.last?.edge == 20, "the last frame shows the held end value")
        let asleep = frames.count
        try await Task.sleep(for: .milliseconds(300))
        #expect(frames.count == asleep, "no frames while asleep")

        // A repeating animation under a paused layer: frozen, so asleep too.
        let spin = CABasicAnimation(keyPath: "position.x")
        spin.fromValue = 0
        spin.toValue = 40
        spin.duration = 1
        spin.repeatCount = .infinity
        CATransaction.begin()
        square.removeAllAnimations()
        square.add(spin, forKey: "spin")
        CATransaction.commit()
        let running = frames.count
        #expect(await eventually { frames.count > running + 2 })
        #expect(!loop.isSleeping)
        Reference.withoutActions {
            square.timeOffset = square.convertTime(CACurrentMediaTime(), from: nil)
            square.speed = 0
        }
        #expect(await eventually { loop.isSleeping }, "asleep under a paused layer")
        let paused = frames.count
        try await Task.sleep(for: .milliseconds(300))
        #expect(frames.count == paused)
    }

    /// A window's display link runs at the rate its animations ask for (Apple's
    /// `CAAnimation.preferredFrameRateRange`): 30 when the only animation asks for 30, back to
    /// the display's 60 when one that asks for nothing is added, 60 again when all are gone.
    @Test func theLinkTicksAtTheRateTheAnimationsAskFor() async throws {
        let (loop, square, frames) = startedLoop(width: 64)
        defer { loop.stop() }
        #expect(await frames.frame(after: 0) != nil)
        #expect(await eventually { loop.frameRate == 60 })
        let slow = CABasicAnimation(keyPath: "opacity")
        slow.fromValue = 1.0; slow.toValue = 0.5; slow.duration = 1000
        slow.preferredFrameRateRange = CAFrameRateRange(minimum: 15, maximum: 30, preferred: 30)
        CATransaction.begin(); square.add(slow, forKey: "slow"); CATransaction.commit()
        #expect(await eventually { loop.frameRate == 30 }, "rate \(loop.frameRate)")
        // The display link itself was retimed (alone, 0.5 s then brings ≈ 15 frames, not 30; in
        // the full parallel suite a burst of presents was once seen, so frames are not counted).
        #expect(loop.linkFrameRate == 30)
        let fast = CABasicAnimation(keyPath: "position.x")
        fast.fromValue = 0.0; fast.toValue = 10.0; fast.duration = 1000
        CATransaction.begin(); square.add(fast, forKey: "fast"); CATransaction.commit()
        #expect(await eventually { loop.frameRate == 60 }, "rate \(loop.frameRate)")
        #expect(loop.linkFrameRate == 60)
        CATransaction.begin(); square.removeAllAnimations(); CATransaction.commit()
        #expect(await eventually { loop.frameRate == 60 })
    }
}

/// Builds layers with implicit actions off (the tree is not attached yet).
enum Reference {
    static func withoutActions<T>(_ body: () -> T) -> T {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        return body()
    }
}
