import ArgumentParser
import Foundation
import QuartzCore
import Raster
import StrataApp
import StrataDemos
import UIKitDemos

/// `strata bench`: the translucent-layers benchmark of BENCHMARK.md, driven by the engine's own
/// animations, rendered by the real `CARenderer` (and in window mode presented with MIT-SHM).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Run the translucent-layers benchmark and print one JSON line per run.")

    @Option(help: "The scene (all: 2d, 3d and image in turn).") var variant: BenchVariant = .twoD
    @Option(parsing: .unconditional, help: "Layer count, or a comma-separated sweep (50,100,200,400).") var layers: String = "100"
    @Option(help: "Render into memory, or present every frame in a window (MIT-SHM).") var mode: BenchMode = .headless
    @Option(parsing: .unconditional, help: "Measured frames.") var frames: Int = 600
    @Option(parsing: .unconditional, help: "Warm-up frames before measuring.") var warmup: Int = 30
    @Option(parsing: .unconditional, help: "Rasteriser threads (1 or 2).") var threads: Int = 2
    @Flag(help: "Print only the JSON lines (no progress on stderr).") var jsonOnly = false
    @Flag(help: "shapes: stroke and flatten every shape every frame (no cached outlines, as BENCHMARK.md's paths rules ask).") var noStrokeCache = false
    @Flag(help: "Print where the time goes, by stage.") var profile = false
    @Option(help: "Also write a plot of fps against layer count (PNG, drawn with Strata).") var plot: String?
    @Option(parsing: .unconditional, help: "Instead of timing, write frame K (scene time K/60) through the benchmark's path to --out.") var dumpFrame: Int?
    @Option(help: "The PNG path for --dump-frame.") var out: String?
    @Flag(help: "Redraw and present every pixel of every frame (damage tracking off), to compare.") var noDamage = false
    @Flag(help: "Count heap allocations during the measured frames, on every thread (allocs_per_frame in the JSON; progress lines allocate too, so use it with --json-only).") var countAllocations = false

    func validate() throws {
        guard variant != .paths || mode == .headless else { throw ValidationError("--variant paths runs headless only (it draws through CGContext)") }
        guard parsedLayers != nil else { throw ValidationError("--layers must be positive integers ≤ 10000, e.g. 100 or 50,100,200,400") }
        guard (1...100_000).contains(frames), (0...10_000).contains(warmup) else { throw ValidationError("--frames must be 1…100000, --warmup 0…10000") }
        guard (1...64).contains(threads) else { throw ValidationError("--threads must be 1…64") }
        try AllocationCount.validate(countAllocations)
        // Output folders are checked before the benchmark runs, not after.
        for (option, path) in [("--plot", plot), ("--out", out)] {
            guard let path else { continue }
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("\(option) \(path): the folder \(folder) does not exist")
            }
        }
    }

    private var parsedLayers: [Int]? {
        let values = layers.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil && $0! > 0 && $0! <= 10_000 }) else { return nil }
        return values.map { $0! }
    }

    func run() throws {
        if variant == .paths { return try runPaths() }
        if variant == .spinner { return try runSpinner() }
        if variant == .glyphs { return try runGlyphs() }
        if variant == .app { return try runApp() }
        if variant == .views { return try runViews() }
        if noStrokeCache { ShapeGeometryCache.shared = .uncached() }
        let variants: [String] = variant == .all ? BenchmarkScene.Variant.allCases.map(\.rawValue) : [variant.rawValue]
        if let k = dumpFrame {
            guard let out, k >= 0, let n = parsedLayers?.first, variant != .all else {
                throw ValidationError("--dump-frame K needs K ≥ 0, --out FILE, one --variant and one --layers value")
            }
            let image = try BenchRunner.image(variant: variant.rawValue, layers: n, frame: k, threads: threads)
            try image.writePNG(to: URL(fileURLWithPath: out))
            say("wrote \(out) (frame \(k), t = \(Double(k) / 60) s)")
            return
        }
        let presenter: BenchPresenter? = mode == .window ? try MainActor.assumeIsolated { try BenchPresenter.open() } : nil
        var series: [BenchPlot.Series] = []
        for v in variants {
            var s = BenchPlot.Series(label: "\(v) \(mode.rawValue) \(threads)t", color: BenchPlot.palette[series.count % BenchPlot.palette.count], points: [])
            for n in parsedLayers! {
                var runner = BenchRunner(variant: v, layers: n, frames: frames, warmup: warmup, threads: threads,
                                         presenter: presenter, progress: !jsonOnly, profile: profile)
                runner.countsAllocations = countAllocations
                let result = try runner.run()
                say(result.json(mode: mode.rawValue))
                if profile && !jsonOnly { FileHandle.standardError.write(Data(result.profile.utf8)) }
                s.points.append((n, result.fps))
            }
            series.append(s)
        }
        if let plot { try BenchPlot.write(series, to: plot) }
    }
}

extension BenchCommand {
    /// `--variant glyphs`: a page of text drawn from glyph outlines and from a glyph-coverage
    /// cache (`GlyphBench`), one JSON line each (`"glyphs-outlines"`, `"glyphs-cached"`);
    /// `--layers` is ignored, `--dump-frame K --out F` writes F-outlines.png and F-cached.png.
    func runGlyphs() throws {
        for cached in [false, true] {
            let name = cached ? "glyphs-cached" : "glyphs-outlines"
            let png = out.map { ($0 as NSString).deletingPathExtension + (cached ? "-cached.png" : "-outlines.png") }
            let (fps, glyphs, allocations) = try GlyphBench.run(cached: cached, frames: dumpFrame == nil ? frames : 1,
                                                                warmup: dumpFrame == nil ? warmup : 0, threads: threads,
                                                                out: dumpFrame == nil ? nil : png, countsAllocations: countAllocations)
            if dumpFrame != nil { say("wrote \(png ?? "")"); continue }
            say(JSONLine.encode(GlyphsLine(variant: name, glyphs: glyphs, mode: BenchMode.headless.rawValue, frames: frames,
                                           fps: JSONLine.rounded(fps, 1), threads: threads, allocs_per_frame: allocations)))
        }
    }

    /// `--variant spinner`: 200 still layers and one turning 64 × 64 square on 1920 × 1080
    /// (`SpinnerScene`); `--layers` is ignored. With damage tracking (the default) a frame
    /// re-rasterises and presents only the spinner's rectangle; `--no-damage` redraws all.
    func runSpinner() throws {
        let scene = BenchRunner.Scene(name: "spinner", size: SpinnerScene.canvasSize, make: { SpinnerScene.make() })
        if let k = dumpFrame {
            guard let out, k >= 0 else { throw ValidationError("--dump-frame K needs K ≥ 0 and --out FILE") }
            let image = try BenchRunner.image(scene: scene, frame: k, threads: threads, damage: !noDamage)
            try image.writePNG(to: URL(fileURLWithPath: out))
            say("wrote \(out) (frame \(k), t = \(Double(k) / 60) s)")
            return
        }
        let presenter: BenchPresenter? = mode == .window ? try MainActor.assumeIsolated { try BenchPresenter.open(size: SpinnerScene.canvasSize) } : nil
        var runner = BenchRunner(variant: "spinner", layers: SpinnerScene.stillLayerCount + 1, frames: frames, warmup: warmup,
                                 threads: threads, presenter: presenter, progress: !jsonOnly, profile: profile)
        runner.scene = scene
        runner.countsAllocations = countAllocations
        runner.damage = !noDamage
        let result = try runner.run()
        say(result.json(mode: mode.rawValue))
        if profile && !jsonOnly { FileHandle.standardError.write(Data(result.profile.utf8)) }
    }

    /// `--variant app`: `AppBenchScene`, eight music-player cards (three animating, one of them
    /// flipping in 3D, one redrawing a custom animatable property on the app thread every
    /// frame); `--layers 1` is one 300 × 460 card on 800 × 600 whose children animate. The JSON
    /// line adds the resident set size at the end of the run (`rss_mb`). In a window too.
    func runApp() throws {
        let single = parsedLayers?.first == 1
        let scene = BenchRunner.Scene(name: single ? "app-card" : "app",
                                      size: single ? AppBenchScene.singleCardCanvas : AppBenchScene.screenSize,
                                      make: { single ? AppBenchScene.makeSingleCard() : AppBenchScene.make() },
                                      display: { CALayer.displayAnimatedProperties(in: $0) })
        if let k = dumpFrame {
            guard let out, k >= 0 else { throw ValidationError("--dump-frame K needs K ≥ 0 and --out FILE") }
            let image = try BenchRunner.image(scene: scene, frame: k, threads: threads, damage: !noDamage)
            try image.writePNG(to: URL(fileURLWithPath: out))
            say("wrote \(out) (frame \(k), t = \(Double(k) / 60) s)")
            return
        }
        let canvas = scene.size
        let presenter: BenchPresenter? = mode == .window ? try MainActor.assumeIsolated { try BenchPresenter.open(size: canvas) } : nil
        var runner = BenchRunner(variant: scene.name, layers: single ? 1 : 8, frames: frames, warmup: warmup,
                                 threads: threads, presenter: presenter, progress: !jsonOnly, profile: profile)
        runner.scene = scene
        runner.countsAllocations = countAllocations
        runner.damage = !noDamage
        var result = try runner.run()
        result.residentMB = BenchRunner.residentMegabytes()
        say(result.json(mode: mode.rawValue))
        if profile && !jsonOnly { FileHandle.standardError.write(Data(result.profile.utf8)) }
    }

    /// `--variant views`: BENCHMARK.md's squares as `UIView`s in a window, animated with
    /// `UIView.animateKeyframes`/`UIView.animate` and `.repeat` (`ViewsBenchScene`), for each
    /// `--layers` count; compare with `--variant 2d` in the same run.
    func runViews() throws {
        let presenter: BenchPresenter? = mode == .window ? try MainActor.assumeIsolated { try BenchPresenter.open() } : nil
        for n in parsedLayers! {
            let scene = BenchRunner.Scene(name: "views", size: BenchmarkScene.canvasSize,
                                          make: { MainActor.assumeIsolated { MadeOnMain(ViewsBenchScene.make(count: n)) }.layer })
            var runner = BenchRunner(variant: "views", layers: n, frames: frames, warmup: warmup, threads: threads,
                                     presenter: presenter, progress: !jsonOnly, profile: profile)
            runner.scene = scene
        runner.countsAllocations = countAllocations
            let result = try runner.run()
            say(result.json(mode: mode.rawValue))
            if profile && !jsonOnly { FileHandle.standardError.write(Data(result.profile.utf8)) }
        }
    }

    /// `--variant paths`: the vector-drawing scene through `CGContext`, timed as a whole
    /// (every frame is drawn in full at its own time: clear, then fill and stroke each shape).
    func runPaths() throws {
        var series = BenchPlot.Series(label: "paths headless \(threads)t", color: BenchPlot.palette[0], points: [])
        for n in parsedLayers! {
            guard let ctx = PathsScene.makeContext() else { throw ValidationError("no bitmap context") }
            ctx.rasterThreads = threads
            if let k = dumpFrame, let out {
                PathsScene.draw(into: ctx, count: n, time: Double(k) / 60)
                try ctx.makeImage()?.writePNG(to: URL(fileURLWithPath: out))
                say("wrote \(out) (frame \(k), t = \(Double(k) / 60) s)")
                return
            }
            let colors = PathsScene.fillColors(count: n)
            for k in 0..<warmup { PathsScene.draw(into: ctx, time: Double(k) / 60, colors: colors) }
            let counting = AllocationCount.begin(if: countAllocations)
            let start = DispatchTime.now().uptimeNanoseconds
            for k in 0..<frames {
                PathsScene.draw(into: ctx, time: Double(k) / 60, colors: colors)
                if !jsonOnly && k % 60 == 59 { FileHandle.standardError.write(Data("\rpaths ×\(n): frame \(k + 1)/\(frames)".utf8)) }
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9
            let allocations = counting?.end(frames: frames)
            if !jsonOnly { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            var result = BenchRunner.Result(variant: "paths", layers: n, frames: frames, threads: threads, seconds: seconds,
                                            anim: 0, raster: seconds, present: 0)
            result.allocationsPerFrame = allocations
            say(result.json(mode: mode.rawValue))
            series.points.append((n, result.fps))
        }
        if let plot { try BenchPlot.write([series], to: plot) }
    }
}

/// One benchmark run; also used by tests to render frame k through the benchmark's own path.
struct BenchRunner {
    /// The variant's name: 2d, 3d, image (`BenchmarkScene`) or shapes (`PathsScene.makeLayers`).
    let variant: String
    let layers: Int
    let frames: Int
    let warmup: Int
    let threads: Int
    let presenter: BenchPresenter?
    let progress: Bool
    var profile = false
    /// A scene other than the translucent-layers one (`spinner`).
    var scene: Scene?
    /// Whether frames redraw and present only their damage (`CARenderer.redrawsDamageOnly`).
    var damage = true
    /// Whether the measured frames' heap allocations are counted (`--count-allocations`).
    var countsAllocations = false

    /// A benchmark scene: its name in the JSON, its canvas and how to build it (animated).
    struct Scene {
        var name: String
        var size: CGSize
        var make: () -> CALayer
        /// App-thread work before each frame's commit (custom animatable properties redraw).
        var display: ((CALayer) -> Void)? = nil
    }

    /// The process's resident set size in MB (/proc/self/statm), or nil where unreadable.
    static func residentMegabytes() -> Double? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return nil }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    struct Result {
        var variant: String, layers: Int, frames: Int, threads: Int
        var seconds: Double, anim: Double, raster: Double, present: Double
        /// The part of `anim` spent on the presentation tree (the rest builds the draw list).
        var presentation = 0.0
        /// Raster time by kernel (with `--profile`).
        var kernels: RasterProfile?
        /// For scenes with damage tracking reported (`spinner`, and every scene in a window):
        /// whether it was on, and the pixels re-rasterised and presented (damage) over all
        /// measured frames.
        var damage: Bool?
        var redrawnPixels = 0, damagedPixels = 0
        /// The resident set size after the run (`app`).
        var residentMB: Double?
        /// Heap allocations per measured frame (`--count-allocations`).
        var allocationsPerFrame: Double?
        var fps: Double { Double(frames) / seconds }
        /// One JSON line with BENCHMARK.md's keys (and the damage keys for scenes that report it).
        func json(mode: String) -> String {
            let n = Double(frames)
            var line = Line(variant: variant, layers: layers, mode: mode, frames: frames, fps: JSONLine.rounded(fps, 1),
                            ms_anim: JSONLine.rounded(anim / n * 1000, 3), ms_raster: JSONLine.rounded(raster / n * 1000, 3),
                            ms_present: JSONLine.rounded(present / n * 1000, 3), threads: threads)
            if let damage {
                line.ms_frame = JSONLine.rounded(seconds / n * 1000, 3)
                line.damage = damage
                line.px_redrawn = redrawnPixels / Swift.max(frames, 1)
                line.px_damaged = damagedPixels / Swift.max(frames, 1)
            }
            line.rss_mb = residentMB.map { JSONLine.rounded($0, 1) }
            line.allocs_per_frame = allocationsPerFrame
            return JSONLine.encode(line)
        }
        /// The keys of one line, in BENCHMARK.md's spelling; the damage keys are left out when nil.
        struct Line: Encodable {
            var variant: String, layers: Int, mode: String, frames: Int, fps: Double
            var ms_anim: Double, ms_raster: Double, ms_present: Double, threads: Int
            var ms_frame: Double?, damage: Bool?, px_redrawn: Int?, px_damaged: Int?, rss_mb: Double?
            var allocs_per_frame: Double?
        }
        var profile: String {
            let total = anim + raster + present
            func line(_ name: String, _ s: Double) -> String {
                "  " + name.padding(toLength: 34, withPad: " ", startingAt: 0) + String(format: " %8.3f ms/frame %5.1f %%\n", s / Double(frames) * 1000, total > 0 ? s / total * 100 : 0)
            }
            return "profile \(variant) ×\(layers):\n" + line("animations → presentation tree", presentation)
                + line("draw list", anim - presentation)
                + line("rasterise, all bands (ms_raster)", raster) + line("present (ms_present)", present)
                + kernelLines
        }
        /// The top kernels by time, summed over threads (with two threads they add up to more than wall time).
        var kernelLines: String {
            guard let kernels else { return "" }
            let rows = RasterProfile.Kernel.allCases.map { ($0, kernels.seconds($0), kernels.fills($0)) }
                .filter { $0.1 > 0 || $0.2 > 0 }.sorted { $0.1 > $1.1 }
            let total = rows.reduce(0) { $0 + $1.1 }
            return "top kernels (thread time, all threads):\n" + rows.map { k, s, n in
                "  " + k.name.padding(toLength: 42, withPad: " ", startingAt: 0)
                    + String(format: " %8.3f ms/frame %5.1f %%  %6.1f fills/frame\n", s / Double(frames) * 1000,
                             total > 0 ? s / total * 100 : 0, Double(n) / Double(frames))
            }.joined()
        }
    }

    func run() throws -> Result {
        try CAMediaClock.withManualClock(startingAt: 0) { clock in
            let root = scene?.make() ?? Self.scene(variant, layers: layers)
            CATransaction.flush()
            let size = scene?.size ?? BenchmarkScene.canvasSize
            let renderer = CARenderer(width: Int(size.width), height: Int(size.height))
            renderer.threads = threads
            renderer.redrawsDamageOnly = damage
            renderer.layer = root
            var result = Result(variant: scene?.name ?? variant, layers: layers, frames: frames, threads: threads,
                                seconds: 0, anim: 0, raster: 0, present: 0)
            if scene != nil { result.damage = damage }
            if presenter != nil {
                // The benchmark runs on the main thread (ArgumentParser's run()).
                nonisolated(unsafe) let runner = self, scene = root
                let manual = clock
                return try MainActor.assumeIsolated { try runner.runInWindow(root: scene, size: size, clock: manual) }
            }
            for k in 0..<warmup { try frame(k, renderer, clock, root: root) }
            if profile { renderer.rasterProfile = RasterProfile() }
            // Pipelined like a compositor: frame k + 1 is evaluated (animations, draw list) on
            // another thread while frame k is rasterised and presented. Every frame is still
            // evaluated and drawn in full, at its own time.
            let prepareQueue = DispatchQueue(label: "org.strata.bench.prepare", qos: .userInteractive)
            let counting = AllocationCount.begin(if: countsAllocations)
            let start = DispatchTime.now().uptimeNanoseconds
            displayForFrame(0, root, clock)
            var next: CARenderer.PreparedFrame? = renderer.prepareFrame(atTime: Self.time(ofFrame: 0))
            for k in 0..<frames {
                guard let current = next else { break }
                clock.set(Self.time(ofFrame: k))
                let box = FrameBox()
                let group = DispatchGroup()
                if k + 1 < frames {
                    displayForFrame(k + 1, root, clock)
                    let t = Self.time(ofFrame: k + 1)
                    prepareQueue.async(group: group) { box.frame = renderer.prepareFrame(atTime: t) }
                }
                try draw(current, renderer, into: &result)
                group.wait()
                next = box.frame
                if progress && k % 60 == 59 {
                    FileHandle.standardError.write(Data("\r\(variant) ×\(layers): frame \(k + 1)/\(frames)".utf8))
                }
            }
            result.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9
            result.allocationsPerFrame = counting?.end(frames: frames)
            result.kernels = renderer.rasterProfile
            if progress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            return result
        }
    }

    /// Window mode: the scene in a real `LayerWindow`, frames driven through the window's own
    /// pipeline (the one every app and demo takes: frame k + 1 prepared on a second thread while
    /// frame k is drawn straight into the window's MIT-SHM buffer, damage-only presents), at
    /// the benchmark's fixed times instead of the display link's.
    @MainActor
    private func runInWindow(root: CALayer, size: CGSize, clock: CAMediaClock) throws -> Result {
        let window = try LayerWindow(title: "strata bench", size: size, root: root)
        defer { window.close() }
        window.renderer.threads = threads
        window.renderer.redrawsDamageOnly = damage
        var result = Result(variant: scene?.name ?? variant, layers: layers, frames: frames, threads: threads,
                            seconds: 0, anim: 0, raster: 0, present: 0)
        // A window reports what it redrew and what it sent (`px_damaged`: the X server copies it).
        result.damage = damage
        var discarded = result
        for k in 0..<warmup {
            displayForFrame(k, root, clock)
            clock.set(Self.time(ofFrame: k))
            Self.add(window.renderFrame(at: Self.time(ofFrame: k), preparingNextAt: nil), wall: 0, to: &discarded)
        }
        if profile { window.renderer.rasterProfile = RasterProfile() }
        let counting = AllocationCount.begin(if: countsAllocations)
        let start = DispatchTime.now().uptimeNanoseconds
        displayForFrame(0, root, clock)
        for k in 0..<frames {
            let t = Self.time(ofFrame: k)
            clock.set(t)
            // Frame k + 1 is prepared during this call: its app-thread work comes first.
            if k + 1 < frames { displayForFrame(k + 1, root, clock) }
            let f0 = DispatchTime.now().uptimeNanoseconds
            let stats = window.renderFrame(at: t, preparingNextAt: k + 1 < frames ? Self.time(ofFrame: k + 1) : nil)
            Self.add(stats, wall: Double(DispatchTime.now().uptimeNanoseconds - f0) * 1e-9, to: &result)
            if progress && k % 60 == 59 {
                FileHandle.standardError.write(Data("\r\(variant) ×\(layers): frame \(k + 1)/\(frames)".utf8))
            }
        }
        result.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9
        result.allocationsPerFrame = counting?.end(frames: frames)
        result.kernels = window.renderer.rasterProfile
        if progress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        return result
    }

    /// Adds a window frame's statistics to `result`; presenting is the frame's wall time less
    /// its rasterisation (evaluation ran on the other thread, for the frame before).
    private static func add(_ st: CARenderer.FrameStatistics, wall: Double, to result: inout Result) {
        result.anim += st.evaluateSeconds
        result.presentation += st.presentationSeconds
        result.raster += st.rasterSeconds
        result.present += max(0, wall - st.rasterSeconds)
        result.redrawnPixels += st.redrawnPixels
        result.damagedPixels += st.damage.reduce(0) { $0 + $1.area }
    }

    /// Carries a prepared frame from the preparing thread.
    private final class FrameBox: @unchecked Sendable { var frame: CARenderer.PreparedFrame? }

    /// The animated scene of a variant: `BenchmarkScene`'s, or for `shapes` the `paths` scene as
    /// `CAShapeLayer`s.
    static func scene(_ variant: String, layers: Int) -> CALayer {
        if let v = BenchmarkScene.Variant(rawValue: variant) { return BenchmarkScene.make(variant: v, layerCount: layers) }
        return PathsScene.makeLayers(count: layers)
    }

    /// Scene time of frame k: k/60 (fixed timestep: every run does identical work).
    static func time(ofFrame k: Int) -> CFTimeInterval { Double(k) / 60 }

    /// Renders frame k unpipelined (warm-up, and the test of frame k); its timings are dropped.
    /// The scene's app-thread work for frame k (at k's time), committed; the clock is left at k's
    /// time only when there is no such work.
    private func displayForFrame(_ k: Int, _ root: CALayer, _ clock: CAMediaClock) {
        guard let display = scene?.display else { return }
        let now = clock.time
        clock.set(Self.time(ofFrame: k))
        display(root)
        CATransaction.flush()
        clock.set(now)
    }

    private func frame(_ k: Int, _ renderer: CARenderer, _ clock: CAMediaClock, root: CALayer? = nil) throws {
        if let root { displayForFrame(k, root, clock) }
        let t = Self.time(ofFrame: k)
        clock.set(t)
        var discarded = Result(variant: "", layers: 0, frames: 0, threads: 0, seconds: 0, anim: 0, raster: 0, present: 0)
        try draw(renderer.prepareFrame(atTime: t), renderer, into: &discarded)
    }

    /// Draws a prepared frame headless, adding its timings to `result`.
    private func draw(_ prepared: CARenderer.PreparedFrame, _ renderer: CARenderer, into result: inout Result) throws {
        renderer.draw(prepared)
        Self.add(renderer.lastFrameStatistics, wall: renderer.lastFrameStatistics.rasterSeconds, to: &result)
    }

    /// The benchmark's frame k as an image (for the test that compares it with a plain render).
    static func image(variant: String, layers: Int, frame k: Int, threads: Int) throws -> CGImage {
        try CAMediaClock.withManualClock(startingAt: 0) { clock in
            let root = scene(variant, layers: layers)
            CATransaction.flush()
            let renderer = CARenderer(width: Int(BenchmarkScene.canvasSize.width), height: Int(BenchmarkScene.canvasSize.height))
            renderer.threads = threads
            renderer.layer = root
            let runner = BenchRunner(variant: variant, layers: layers, frames: 1, warmup: 0, threads: threads, presenter: nil, progress: false)
            try runner.frame(k, renderer, clock)
            return renderer.makeImage()
        }
    }

    /// Frame k of `scene` drawn as the benchmark draws it: frames 0…k in turn (so a damaged
    /// frame k is built on the frames before it, as in a run).
    static func image(scene: Scene, frame k: Int, threads: Int, damage: Bool) throws -> CGImage {
        try CAMediaClock.withManualClock(startingAt: 0) { clock in
            let root = scene.make()
            CATransaction.flush()
            let renderer = CARenderer(width: Int(scene.size.width), height: Int(scene.size.height))
            renderer.threads = threads
            renderer.redrawsDamageOnly = damage
            renderer.layer = root
            var runner = BenchRunner(variant: "spinner", layers: 0, frames: 1, warmup: 0, threads: threads, presenter: nil, progress: false)
            runner.scene = scene
            for j in 0...k { try runner.frame(j, renderer, clock, root: root) }
            return renderer.makeImage()
        }
    }
}

/// A layer tree made on the main actor and used on the same (main) thread by the benchmark.
private struct MadeOnMain: @unchecked Sendable {
    let layer: CALayer
    init(_ layer: CALayer) { self.layer = layer }
}

/// Window mode's marker: the runner opens a `LayerWindow` of the scene's size for each run
/// (which throws the clear "no X server" error where there is none).
struct BenchPresenter {
    @MainActor static func open(size: CGSize = BenchmarkScene.canvasSize) throws -> BenchPresenter { BenchPresenter() }
}
