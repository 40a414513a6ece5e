import Foundation
import Raster

/// What kept still subtrees (`PresentedLayer.isKept`) drew in earlier frames of one commit, by
/// node: the commands, and the matrix, clip and opacity they were drawn with. A renderer keeps
/// one; only the thread that prepares its frames uses it.
///
/// A still subtree looks the same at every time, so drawn again with the same inputs it emits
/// the same commands: a frame where only a spinner turns re-emits the spinner and copies the
/// other 200 layers' commands. The copies carry a `RetainedCommand` token, so the damage diff
/// matches them without comparing their values, and preparing the frame skips them unless a
/// redraw reaches them. A subtree that lists offscreen passes (a shadow, a mask, a group) is
/// kept with them: its passes draw surfaces of its own, which keep their pixels, so they run
/// once (each holds a `PassLatch`; frames re-list them until one has run) and later frames
/// copy only the commands that read the surfaces. Subtrees that read the content or raster
/// cache, or spend a replicator or particle budget, are not kept.
package final class RetainedDrawing {
    struct Entry {
        let node: PresentedLayer
        let matrix: CATransform3D
        let clip: Clip
        let opacity: Float
        let commands: [FillCommand]
        /// The passes that draw the surfaces the commands read, each latched.
        let passes: [RenderPass]
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    /// The `StillNodes.treeCount` the entries belong to: nodes of another commit are other nodes.
    private var treeCount = -1

    package init() {}

    /// Starts a frame whose kept nodes come from commit `treeCount`.
    func begin(treeCount: Int) {
        guard treeCount != self.treeCount else { return }
        self.treeCount = treeCount
        entries = [:]
    }

    /// The commands `node` drew with exactly these inputs, and the passes of theirs that have
    /// not run yet, if kept.
    func commands(of node: PresentedLayer, matrix: CATransform3D, clip: Clip, opacity: Float)
        -> (commands: [FillCommand], passes: [RenderPass])? {
        guard let e = entries[ObjectIdentifier(node)], e.node === node, e.opacity.bitPattern == opacity.bitPattern,
              Self.sameBits(e.matrix, matrix),
              e.clip.drawsSame(as: clip) else { return nil }
        return (e.commands, e.passes.filter { !($0.latch?.isClaimed ?? true) })
    }

    /// Keeps what `node` drew (tokens given to the commands that had none), replacing what it
    /// drew with other inputs.
    func keep(_ node: PresentedLayer, matrix: CATransform3D, clip: Clip, opacity: Float, commands: inout ArraySlice<FillCommand>,
              passes: [RenderPass]) {
        for i in commands.indices where commands[i].retained == nil {
            commands[i].retained = RetainedCommand(for: commands[i])
        }
        entries[ObjectIdentifier(node)] = Entry(node: node, matrix: matrix, clip: clip, opacity: opacity, commands: Array(commands),
                                                passes: passes)
    }

    /// Whether two matrices are the same bit for bit (−0 and 0 differ, a NaN equals itself).
    private static func sameBits(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
        func row(_ a: (CGFloat, CGFloat, CGFloat, CGFloat), _ b: (CGFloat, CGFloat, CGFloat, CGFloat)) -> Bool {
            SIMD4(a.0.bitPattern, a.1.bitPattern, a.2.bitPattern, a.3.bitPattern)
                == SIMD4(b.0.bitPattern, b.1.bitPattern, b.2.bitPattern, b.3.bitPattern)
        }
        return row((a.m11, a.m12, a.m13, a.m14), (b.m11, b.m12, b.m13, b.m14))
            && row((a.m21, a.m22, a.m23, a.m24), (b.m21, b.m22, b.m23, b.m24))
            && row((a.m31, a.m32, a.m33, a.m34), (b.m31, b.m32, b.m33, b.m34))
            && row((a.m41, a.m42, a.m43, a.m44), (b.m41, b.m42, b.m43, b.m44))
    }
}

extension DrawListBuilder {
    /// `emit`, for a kept node: copies what it drew last time with the same inputs, or draws it
    /// and keeps the result when nothing but commands came of it.
    func emitKept(_ layer: PresentedLayer, _ retained: RetainedDrawing, matrix: CATransform3D, clip: Clip, opacity: Float) {
        if let kept = retained.commands(of: layer, matrix: matrix, clip: clip, opacity: opacity) {
            for pass in kept.passes { appendPass(pass) }
            appendCommands(kept.commands)
            keptCommandCount += kept.commands.count
            return
        }
        // Kept once its subtree is drawn: pushed under what `emitAfresh` leaves for later.
        push(.keep(KeptFrame(layer: layer, retained: retained, start: commandCount, passCount: passCountSoFar,
                             budgets: (instanceBudget, particleBudget), uses: volatileUses,
                             matrix: matrix, clip: clip, opacity: opacity)))
        emitAfresh(layer, matrix: matrix, clip: clip, opacity: opacity)
    }

    /// Keeps what a kept node drew (`emitKept`), when nothing but commands and passes came of it
    /// (no replicator or particle budget spent, no cache read); its passes get latches so that
    /// they run once whichever frame lists them.
    func finishKept(_ f: KeptFrame) {
        guard f.budgets == (instanceBudget, particleBudget), volatileUses == f.uses else { return }
        let passes = latchPasses(from: f.passCount)
        withCommands(from: f.start) {
            f.retained.keep(f.layer, matrix: f.matrix, clip: f.clip, opacity: f.opacity, commands: &$0, passes: passes)
        }
    }

    /// What `finishKept` needs of a kept node drawn afresh: its inputs and the builder's
    /// counters before it.
    struct KeptFrame {
        let layer: PresentedLayer
        let retained: RetainedDrawing
        let start: Int, passCount: Int
        let budgets: (Int, Int)
        let uses: Int
        let matrix: CATransform3D
        let clip: Clip
        let opacity: Float
    }
}
