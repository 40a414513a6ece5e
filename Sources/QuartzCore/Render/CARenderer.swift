import Foundation
import Raster

/// Renders a layer tree into memory with Strata's CPU compositor.
///
/// Apple's shape (`beginFrame(atTime:)`, `render()`, `endFrame()`, `nextFrameTime()`), but it owns
/// a framebuffer instead of a Metal texture: `CARenderer(width:height:)` and `makeImage()`.
/// It draws the committed tree at the frame's media time (the presentation state), so a busy app
/// thread never stalls animations. The root layer fills the surface: its bounds origin is at
/// the surface's top-left corner, and its position is ignored.
public final class CARenderer: @unchecked Sendable {
    /// The root of the tree to draw.
    ///
    /// Setting it attaches the tree: once committed, its layers run implicit actions when their
    /// properties change (a standalone tree gets none, as on Apple).
    public var layer: CALayer? {
        didSet {
            guard oldValue !== layer else { return }
            CATransaction.locked {
                oldValue?.attachedRendererCount -= 1
                layer?.attachedRendererCount += 1
                layer?.treeWasAttached()
            }
            lastDrawn = nil
        }
    }
    /// The area rendered, in pixels (the surface's bounds). Setting it resizes the framebuffer
    /// to the rectangle's size (its origin is ignored: the surface starts at 0, 0) and redraws.
    public var bounds: CGRect {
        get { CGRect(x: 0, y: 0, width: surface.width, height: surface.height) }
        set {
            let r = newValue.standardized
            // CGRect.infinite has finite (huge) sides: it would clamp to a 1 GB surface.
            guard r.width.isFinite, r.height.isFinite, !newValue.isInfinite else {
                StrataDiagnostics.report("CARenderer.bounds: non-finite or infinite \(newValue) ignored")
                return
            }
            // Sizes beyond the surface's largest side clamp there (resize clamps too), without
            // passing through Int(Double), which traps from 2^63 on (a 1e19 width).
            let side = Surface.maximumDimension
            if r.width > Double(side) || r.height > Double(side) {
                StrataDiagnostics.report("CARenderer.bounds: \(r.size) is larger than \(side) × \(side) pixels; clamped")
            }
            surface.resize(width: boundedInt(r.width.rounded(), in: 0...side), height: boundedInt(r.height.rounded(), in: 0...side))
            invalidate()
        }
    }
    /// Threads used to rasterise (bands); the output does not depend on it. Strata extension.
    public var threads: Int = 2
    /// The colour the surface is cleared to before drawing (premultiplied 0xAARRGGBB). Strata extension.
    public var clearColor: UInt32 = 0

    /// When set, rasterising adds each kernel's time to it (`strata bench --profile`). Strata extension.
    public var rasterProfile: RasterProfile?

    /// Whether a frame re-rasterises only the damaged rectangles (where its draw list differs
    /// from the one the target already shows) and keeps the target's other pixels; the pixels
    /// are those of a full redraw either way. False redraws every pixel of every frame (for
    /// measuring). Strata extension: Core Animation's damage tracking is not configurable.
    public var redrawsDamageOnly = true

    /// The framebuffer. Strata extension.
    public let surface: Surface
    private var frameTime: CFTimeInterval = 0
    /// Translucent layers' own content as textures, across frames.
    private let contentCache = LayerContentCache()
    /// Bitmaps of `shouldRasterize` subtrees, across frames.
    private let rasterCache = RasterizedLayerCache()
    /// Shadow masks of known shapes (shadow paths, opaque rounded layers), across frames.
    private let shadowCache = ShadowCache()
    /// Still subtrees' presentation and drawing, across the frames of one commit: a frame
    /// re-evaluates, re-emits and re-prepares only what can change (with `redrawsDamageOnly`).
    private let stillNodes = StillNodes()
    private let retainedDrawing = RetainedDrawing()
    private var inFrame = false
    /// What the last render drew: the commit and the time (unchanged tree, no animation: no work).
    private var lastDrawn: (generation: Int, time: CFTimeInterval, animated: Bool)?
    /// Statistics of the last frame. Strata extension.
    public private(set) var lastFrameStatistics = FrameStatistics()

    /// Timings and counts of one frame. Strata extension.
    public struct FrameStatistics: Sendable {
        /// Seconds spent evaluating animations and building the draw list.
        public var evaluateSeconds: Double = 0
        /// The part of `evaluateSeconds` spent building the presentation tree (animations applied).
        public var presentationSeconds: Double = 0
        /// Seconds spent rasterising (offscreen passes included).
        public var rasterSeconds: Double = 0
        /// Fill commands of the framebuffer pass.
        public var commandCount = 0
        /// Whether the frame did pixel work (false when nothing changed).
        public var didDraw = false
        /// Pixels of offscreen surfaces allocated.
        public var offscreenPixels = 0
        /// `shouldRasterize` subtrees whose bitmap was (re)drawn this frame; 0 while every
        /// rasterized subtree is unchanged and reused.
        public var rasterizedLayersDrawn = 0
        /// Where this frame differs from the frame drawn before it (device rectangles, disjoint):
        /// what a presenter must show again. Empty when nothing changed; the whole surface after
        /// a resize, `invalidate()` or a change the damage tracking cannot follow.
        public var damage: [IntRect] = []
        /// Pixels re-rasterised in the target this frame: the damage rounded out to a few boxes
        /// (at least `damage`), plus what the target missed of earlier frames when targets
        /// alternate.
        public var redrawnPixels = 0
        /// Fill commands copied from earlier frames rather than built again: what still
        /// subtrees (no animation below them) drew, kept while no commit changes the tree.
        public var keptCommandCount = 0
        /// Shadows whose pixels were computed this frame (masks made or blurred); 0 while every
        /// shadow is reused from an earlier frame.
        public var shadowsDrawn = 0

        /// Statistics of a frame that did nothing.
        public init() {}
    }

    /// A renderer with a `width` × `height` framebuffer (clamped to 0…16384 each).
    public init(width: Int, height: Int) {
        surface = Surface(width: width, height: height)
    }

    deinit { if let layer { CATransaction.locked { layer.attachedRendererCount -= 1 } } }

    /// Starts a frame at media time `t`. The frame shows the tree as last committed, as on Apple:
    /// the renderer never commits on the app's behalf. A thread with no run loop turning
    /// (a command-line tool, a test) commits its changes with `CATransaction.flush()` or an
    /// explicit transaction before rendering.
    public func beginFrame(atTime t: CFTimeInterval) {
        frameTime = t.isFinite ? t : 0
        inFrame = true
    }

    /// Draws the tree at the frame's time. Does no pixel work when neither the committed tree
    /// nor any animation changed since the last frame.
    public func render() {
        if !inFrame { beginFrame(atTime: CACurrentMediaTime()) }
        draw(prepareFrame(atTime: frameTime))
    }

    /// A frame evaluated (animations applied, draw list built) but not yet drawn. Strata extension.
    public final class PreparedFrame: @unchecked Sendable {
        /// What `draw` does with the framebuffer.
        fileprivate enum Work {
            /// The tree and its animations did not change since the last frame: nothing.
            case unchanged
            /// No root layer: clear the surface once (`clears`), else nothing.
            case noRoot(clears: Bool)
            /// Clear (unless an opaque root covers the surface), then run the passes (already
            /// prepared for the surface: that setup is part of the frame's evaluation).
            case draw(PreparedPasses, clears: Bool, statistics: FrameStatistics)
        }
        fileprivate let work: Work
        /// The media time the frame shows.
        public let time: CFTimeInterval
        /// The number of the drawn frame (`draw` work only; counts from 1 per renderer).
        fileprivate var serial = 0
        /// Where the frame's pixels differ from the frame before, to a tile: inside the damage
        /// recorded for it (what is redrawn), and what a presenter sends. Nil: the damage.
        fileprivate var changed: [IntRect]?

        fileprivate init(_ work: Work, time: CFTimeInterval) {
            self.work = work
            self.time = time
        }

        /// Whether drawing the frame changes anything in a target that holds the frame drawn
        /// before it: false when neither the tree nor its animations changed.
        public var changesPixels: Bool {
            switch work {
            case .unchanged: false
            case .noRoot(let clears): clears
            case .draw: true
            }
        }

        /// The render passes `draw` runs (offscreen passes first, the framebuffer pass last);
        /// empty when the frame draws nothing new.
        package var passes: [RenderPass] {
            if case .draw(let prepared, _, _) = work { return prepared.passes }
            return []
        }
    }

    /// Evaluates the tree at media time `t` and builds its render passes, without touching any
    /// pixel (offscreen passes too are drawn by `draw(_:)`): frame k + 1 can be prepared on another thread while frame k is drawn
    /// (`draw(_:)`), as a compositor pipelines. Calls of `prepareFrame` must be serial, and
    /// frames drawn in the order prepared. Strata extension.
    public func prepareFrame(atTime t: CFTimeInterval) -> PreparedFrame {
        prepareFrame(atTime: t, notBeforeCommit: false)
    }

    /// `prepareFrame(atTime:)`; with `notBeforeCommit`, a frame asked for a time before the
    /// committed tree's commit shows the tree at its commit time instead (a window preparing
    /// frame k + 1 ahead may read a commit made after it chose k + 1's time: the frame must not
    /// show that commit's animations before they begin).
    package func prepareFrame(atTime t: CFTimeInterval, notBeforeCommit: Bool) -> PreparedFrame {
        var t = t.isFinite ? t : 0
        guard let root = layer else {
            let redraw = lastDrawn != nil || !lastFrameStatistics.didDraw
            lastDrawn = nil
            damage.withLock { $0.base = nil }
            return PreparedFrame(.noRoot(clears: redraw), time: t)
        }
        guard let (tree, generation) = CommittedTrees.snapshot(for: root) else { return PreparedFrame(.unchanged, time: t) }
        if notBeforeCommit, tree.committedAt.isFinite { t = max(t, tree.committedAt) }
        let animated = Self.changesAfter(tree, at: t)
        if let last = lastDrawn, last.generation == generation, !last.animated, !animated {
            return PreparedFrame(.unchanged, time: t)
        }
        let start = DispatchTime.now().uptimeNanoseconds
        // Still subtrees are kept from the second frame of a commit on: a tree committed anew
        // every frame would pay for keeping (tokens, tables) and never copy anything.
        let keeps = redrawsDamageOnly && lastDrawn?.generation == generation
        let presented = PresentationEvaluator.evaluate(tree, at: t, kept: keeps ? stillNodes : nil)
        let evaluated = DispatchTime.now().uptimeNanoseconds
        let builder = DrawListBuilder(target: IntRect(surface), threads: threads)
        builder.frameTime = t
        if keeps {
            retainedDrawing.begin(treeCount: stillNodes.treeCount)
            builder.retained = retainedDrawing
        }
        contentCache.beginFrame()
        builder.contentCache = contentCache
        rasterCache.beginFrame()
        builder.rasterCache = rasterCache
        shadowCache.beginFrame()
        builder.shadowCache = shadowCache
        let s = presented.state
        let ax = s.bounds.origin.x + s.anchorPoint.x * s.bounds.width
        let ay = s.bounds.origin.y + s.anchorPoint.y * s.bounds.height
        let rootMatrix = CATransform3DMakeTranslation(-ax, -ay, -s.anchorPointZ).concatenating(s.transform)
            .concatenating(CATransform3DMakeTranslation(ax - s.bounds.origin.x, ay - s.bounds.origin.y, 0))
            .concatenating(LayerGeometry.flatten)
        let passes = tree.height > 200 ? DeepTree.run(levels: tree.height) { builder.build(presented, rootMatrix: rootMatrix) }
                                       : builder.build(presented, rootMatrix: rootMatrix)
        // An opaque, untransformed, square-cornered root covering the surface paints every pixel,
        // unless it blends with what is beneath (a compositing filter): then the surface is
        // cleared first, or the root would blend with the frame drawn before. The frame's
        // first command must then be that background, painting every pixel opaque: a root
        // whose bounds have a negative size (CGRect.width is the magnitude) or 1e300-point
        // edges draws elsewhere or nothing, and skipping the clear under it made the frame
        // depend on the frames before (fuzz seeds 3036340, 3107675).
        let coversSurface = s.transform == CATransform3DIdentity && s.cornerRadius == 0 && !s.isHidden && s.opacity >= 1
            && (s.backgroundColor?.alpha ?? 0) >= 1 && s.bounds.width >= CGFloat(surface.width)
            && s.bounds.height >= CGFloat(surface.height) && presented.mask == nil && s.shadowOpacity == 0
            && s.compositing.blendMode == nil && passes.firstFramebufferCommandPaintsOpaquely(IntRect(surface))
        let prepared = PreparedPasses(passes, framebufferWidth: surface.width, framebufferHeight: surface.height,
                                      defersKnown: keeps)
        var stats = FrameStatistics()
        stats.evaluateSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9
        stats.presentationSeconds = Double(evaluated - start) * 1e-9
        stats.commandCount = prepared.framebufferCommandCount
        stats.offscreenPixels = builder.offscreenPixels
        stats.rasterizedLayersDrawn = rasterCache.rendersThisFrame
        stats.keptCommandCount = builder.keptCommandCount
        stats.shadowsDrawn = builder.shadowsDrawn
        lastDrawn = (generation, t, animated)
        let frame = PreparedFrame(.draw(prepared, clears: !coversSurface, statistics: stats), time: t)
        let drawn = redrawsDamageOnly ? prepared.drawnCommands : nil
        let base = damage.withLock { $0.base }
        let frameDamage = DamageHistory.damage(of: drawn, clears: !coversSurface, clearColor: clearColor, against: base)
        frame.serial = damage.withLock { $0.record(drawn, clears: !coversSurface, clearColor: clearColor, damage: frameDamage?.redraw) }
        frame.changed = frameDamage?.changed
        return frame
    }

    /// Draws a prepared frame into the framebuffer (the pixel work). Strata extension.
    public func draw(_ frame: PreparedFrame) {
        draw(frame, into: surface)
    }

    /// Draws a prepared frame into `target` instead of the framebuffer: a surface over the
    /// memory a window shows (`X11Window.present(drawingWith:)`), so the frame needs no copy.
    /// Targets may alternate (double buffering): a frame with nothing new still brings a target
    /// that holds an older frame up to date. The frame is laid out for `bounds`; a target of
    /// another size is drawn at its top-left and cleared elsewhere. Strata extension.
    public func draw(_ frame: PreparedFrame, into target: Surface) {
        target.reclaimLentPixels()
        let held = damage.withLock { $0.serial(heldBy: target) }
        let whole = IntRect(target)
        switch frame.work {
        case .noRoot(let clears):
            let isCurrent = held != nil && held == (lastCommands?.serial ?? 0)
            if clears || !isCurrent { target.clear(clearColor) }
            lastCommands = nil
            damage.withLock { $0.forgetTargets(); $0.hold(target, serial: 0) }
        case .unchanged:
            lastFrameStatistics = FrameStatistics()
            guard let (prepared, clears, serial) = lastCommands else {
                if held != 0 { target.clear(clearColor) }
                damage.withLock { $0.hold(target, serial: 0) }
                return
            }
            guard held != serial else { return }
            let start = DispatchTime.now().uptimeNanoseconds
            let caughtUp = catchUp(target, holding: held, upTo: serial, redrawing: [])
            if caughtUp != serial {
                let region = damagedRegion(of: target, holding: caughtUp, upTo: serial, preparedFor: prepared)
                lastFrameStatistics.redrawnPixels = paint(prepared, clears: clears, into: target, region: region).1
            }
            // Raster time includes the copy.
            lastFrameStatistics.rasterSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9
            lastFrameStatistics.didDraw = true
            damage.withLock { $0.hold(target, serial: serial) }
        case .draw(let prepared, let clears, let statistics):
            var stats = statistics
            let start = DispatchTime.now().uptimeNanoseconds
            // A frame redrawn whole (no damage known) needs nothing copied first.
            let redrawn = damage.withLock { $0.damage(ofFrame: frame.serial) }
            let caughtUp = redrawn.map { catchUp(target, holding: held, upTo: frame.serial, redrawing: $0) } ?? held
            let region = damagedRegion(of: target, holding: caughtUp, upTo: frame.serial, preparedFor: prepared)
            stats.redrawnPixels = paint(prepared, clears: clears, into: target, region: region).1
            // Raster time includes the copy.
            stats.rasterSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9
            stats.didDraw = true
            stats.damage = redrawn.map { frame.changed ?? $0 } ?? [whole]
            lastFrameStatistics = stats
            lastCommands = (prepared, clears, frame.serial)
            damage.withLock { $0.hold(target, serial: frame.serial) }
        }
    }

    /// Brings `target` up to the last frame drawn (into any target): what a window's screenshot
    /// reads when frames are drawn straight into the window's buffers. Strata extension.
    public func drawLastFrame(into target: Surface) {
        draw(PreparedFrame(.unchanged, time: frameTime), into: target)
    }

    /// Brings `target`, which holds frame `held`, up to the newest frame up to `serial` that
    /// another target holds, by copying the pixels that changed in between from it; returns the
    /// frame `target` holds then (`held` when nothing could be copied). A window's buffers take
    /// turns, so the one drawn into may be frames behind: copying what changed before this frame
    /// from the buffer shown last costs a memory copy instead of rasterising it again.
    /// Pixels inside `redrawing` (about to be rasterised anyway) are not copied.
    private func catchUp(_ target: Surface, holding held: Int?, upTo serial: Int, redrawing: [IntRect]) -> Int? {
        guard redrawsDamageOnly, let held, held > 0 else { return held }
        let found = damage.withLock { history -> (Surface, Int, [IntRect])? in
            guard let (source, s) = history.newestTarget(besides: target, after: held, upTo: serial),
                  let changed = history.damage(from: held, to: s) else { return nil }
            return (source, s, changed)
        }
        guard let (source, s, changed) = found, source.width == target.width, source.height == target.height
        else { return held }
        for r in IntRect.subtracting(redrawing, from: changed) { target.copy(r, from: source) }
        damage.withLock { $0.hold(target, serial: s) }
        return s
    }

    /// The rectangles to redraw in `target`, which holds frame `held`, to show frame `serial`;
    /// nil for every pixel (unknown target, another size, damage not tracked, or turned off).
    private func damagedRegion(of target: Surface, holding held: Int?, upTo serial: Int,
                               preparedFor prepared: PreparedPasses) -> [IntRect]? {
        guard redrawsDamageOnly, let held, held > 0, target.width == prepared.width, target.height == prepared.height
        else { return nil }
        return damage.withLock { $0.damage(from: held, to: serial) }
    }

    /// Runs the passes, redrawing only `region` when given (else clearing the whole target
    /// unless the root covers it); offscreen passes run the first time only (a frame drawn again
    /// into another target reuses their pixels). Returns the seconds taken.
    private func paint(_ prepared: PreparedPasses, clears: Bool, into target: Surface, region: [IntRect]?) -> (Double, Int) {
        let start = DispatchTime.now().uptimeNanoseconds
        var pixels = 0
        if let region {
            // Nothing damaged: no pass runs (offscreen ones run when a frame first draws pixels).
            if !region.isEmpty {
                pixels = execute(prepared, on: target, within: region, clear: clears ? clearColor : nil, threads: threads,
                                 profile: rasterProfile)
            }
        } else {
            if clears || target.width != surface.width || target.height != surface.height { target.clear(clearColor) }
            execute(prepared, on: target, threads: threads, profile: rasterProfile)
            pixels = target.width * target.height
        }
        return (Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9, pixels)
    }

    /// The passes of the last frame drawn, to bring another target up to date.
    private var lastCommands: (PreparedPasses, clears: Bool, serial: Int)?
    /// What the damage tracking remembers; shared by `prepareFrame` and `draw`, which may run
    /// on two threads (pipelined).
    private let damage = LockedState(DamageHistory())

    /// Layer content textures rendered so far (cache misses); tests check reuse across frames.
    package var contentCacheMisses: Int { contentCache.misses }

    /// Forgets what was drawn, so the next `render()` draws even if nothing changed (after the
    /// surface was resized or its pixels were lost). Strata extension.
    public func invalidate() {
        pendingUpdate = bounds
        lastDrawn = nil
        damage.withLock { $0.base = nil; $0.forgetTargets() }
    }

    /// Ends the frame.
    public func endFrame() {
        inFrame = false
        pendingUpdate = .null
    }

    /// Rectangles added by `addUpdate(_:)` or `invalidate()` since the last frame ended.
    package var pendingUpdate = CGRect.null

    /// Whether the committed tree or its animations changed since the last frame drawn.
    package var treeChangedSinceLastFrame: Bool {
        guard let root = layer, let (tree, generation) = CommittedTrees.snapshot(for: root) else {
            return lastDrawn != nil
        }
        guard let last = lastDrawn else { return true }
        return last.generation != generation || last.animated || Self.changesAfter(tree, at: frameTime)
    }

    /// The media time at which the next frame differs: now while animations run, infinity when
    /// the tree is still.
    public func nextFrameTime() -> CFTimeInterval {
        guard let root = layer, let (tree, _) = CommittedTrees.snapshot(for: root) else { return .infinity }
        let now = CACurrentMediaTime()
        return Self.changesAfter(tree, at: now) ? now : .infinity
    }

    /// The framebuffer as an image: the frame's pixels as they are now, whatever is drawn later.
    ///
    /// The image takes the framebuffer's memory as it is (a 16384² frame is 1 GiB: no second
    /// copy); the renderer moves to a copy only when it draws again while the image lives
    /// (`Surface.lend()`), so `surface.pixels` may change then.
    public func makeImage() -> CGImage {
        CGImage(surface: surface.lend())
    }

    /// Whether the tree may look different at a media time after `t` with no new commit: an
    /// animation that has not reached the end of its active duration, or an emitter whose
    /// particles can still live (`LayerState.hasLiveParticles(after:)`), under a running clock.
    /// A finished animation kept with `isRemovedOnCompletion = false` (its value frozen by
    /// `fillMode`), an animation whose own `speed` is 0, an emitter without particles, and
    /// anything below a layer whose `speed` is 0 (paused) cannot change, so a window sleeps while
    /// they show. Clocks that run backwards or wrap (negative speed, a layer with its own
    /// `duration`) could bring an ended animation or dead particles back: any animation or
    /// emitter below them counts as changing.
    static func changesAfter(_ tree: LayerSnapshot, at t: CFTimeInterval) -> Bool {
        var work: [(node: LayerSnapshot, parentTime: CFTimeInterval, unsure: Bool)] = [(tree, t, false)]
        while let (n, parentTime, inherited) = work.popLast() {
            // `n.state`'s fields are read in place, not copied into a local (the whole state, its
            // references retained and released, for every layer).
            // A stopped clock: this layer's time, and its subtree's, no longer moves.
            if n.state.speed == 0 { continue }
            let unsure = inherited || n.state.speed < 0 || (n.state.duration > 0 && n.state.duration.isFinite)
                || !parentTime.isFinite
            let local = LayerClock.local(fromParent: parentTime, n.state)
            for a in n.animations {
                let timing = a.animation.mediaTiming()
                // An animation with its own speed 0 shows one value for ever, whatever the clocks
                // above it do (a paused or scrubbed UIViewPropertyAnimator freezes its animations so).
                if timing.speed == 0 { continue }
                if unsure || timing.sample(atParentTime: local).position != .after { return true }
            }
            // An emitter's particles move with time although nothing is animated (while any can live).
            // (Under a clock that may run backwards, particles that died may come back.)
            if n.state.hasLiveParticles(after: unsure ? -.infinity : local) { return true }
            // A tiled layer's new tiles fade in (on media time, as the render server's fade).
            if n.state.hasTilesFading(after: t) { return true }
            // Delayed replicator instances live in the past: the last one is the last to finish.
            var childTime = local
            if let r = n.state.replicator, r.instanceDelay > 0 {
                childTime = local - Double(max(0, r.drawnInstanceCount - 1)) * r.instanceDelay
            }
            // Room for all of them at once, at least doubling (growing the list one doubling at a
            // time was several allocations per frame of a scene with 100 animated layers).
            let needed = work.count + n.sublayers.count + 1
            if work.capacity < needed { work.reserveCapacity(max(needed, 2 * work.capacity)) }
            for c in n.sublayers { work.append((c, childTime, unsure)) }
            if let m = n.mask { work.append((m, local, unsure)) }
        }
        return false
    }
}

/// Runs deep recursive work on a thread with a large stack (render threads and test threads may
/// have small ones; a tree 10,000 levels deep recurses that deep).
package enum DeepTree {
    private final class Box<T>: @unchecked Sendable {
        var value: T?
        let body: () -> T
        init(_ b: @escaping () -> T) { body = b }
    }

    /// Runs `body` on a thread whose stack holds `levels` levels of draw-list recursion (24 KiB
    /// each: a debug build uses 12; at least 256 MiB, at most 4 GiB: only the part used is ever
    /// touched).
    package static func run<T>(levels: Int = 0, _ body: @escaping () -> T) -> T {
        let box = Box(body)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { box.value = box.body(); done.signal() }
        thread.stackSize = min(4 << 30, max(256 << 20, levels * (24 << 10)))
        thread.start()
        done.wait()
        return box.value!
    }
}
