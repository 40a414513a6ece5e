import Foundation
import Testing
@testable import QuartzCore

// Deep trees: committing an N-deep chain walked to the root for every changed layer (O(N²):
// 10k deep took 4 s, 60k 124 s); dropping a 60k chain overflowed the stack in CALayer's release
// (a 10k chain did on a 512 KiB thread stack); a chain of masks 10k deep allocated two offscreen
// surfaces per level (3.2 GB).

/// Time bounds stretch under a sanitizer (`scripts/test --sanitize` sets STRATA_SANITIZER): ASan
/// runs these 2–3 times slower, still far from quadratic.
private let slack = ProcessInfo.processInfo.environment["STRATA_SANITIZER"] == nil ? 1.0 : 5.0

/// A chain `depth` levels deep under a 16 × 16 root, each level a 16 × 16 layer centred on its
/// parent; the deepest is red.
private func chain(_ depth: Int) -> (root: CALayer, leaf: CALayer) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 16, height: 16)
    root.backgroundColor = CGColor.white
    var leaf = root
    for _ in 0..<depth {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 16, height: 16)
        l.position = CGPoint(x: 8, y: 8)
        leaf.addSublayer(l)
        leaf = l
    }
    leaf.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    CATransaction.commit()
    return (root, leaf)
}

/// Builds, commits, renders and frees a chain; returns the seconds taken and the centre pixel.
private func roundTrip(_ depth: Int) -> (seconds: Double, pixel: UInt32) {
    let start = DispatchTime.now().uptimeNanoseconds
    var pixel: UInt32 = 0
    do {
        let (root, _) = chain(depth)
        let renderer = CARenderer(width: 16, height: 16)
        renderer.layer = root
        renderer.beginFrame(atTime: 0)
        renderer.render()
        renderer.endFrame()
        pixel = renderer.surface[8, 8]
    }
    return (Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9, pixel)
}

@Test(.manualClock) func deepChainBuildsCommitsRendersAndFreesInLinearTime() {
    // 20,000 levels: quadratic work (2·10⁸ steps at commit alone; 10,000 levels took 15 s in a
    // debug build before) takes about a minute; linear work takes 1–2 s alone, and stays far
    // below the bound with the whole suite sharing two cores.
    let (seconds, pixel) = roundTrip(20_000)
    #expect(pixel == 0xFFFF_0000, "the deepest layer shows")
    #expect(seconds < 30 * slack, "\(seconds) s for 20,000 levels")
}

@Test(.manualClock) func hundredThousandDeepChainIsCommittedAndFreedWithoutOverflowingTheStack() {
    // Built, committed (snapshot and all) and dropped on the test thread.
    let start = DispatchTime.now().uptimeNanoseconds
    do {
        let (root, leaf) = chain(100_000)
        #expect(leaf.rootLayer === root)
        #expect(CommittedTrees.snapshot(for: root)?.tree.height == 100_000)
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9
    #expect(seconds < 40 * slack, "\(seconds) s")
}

@Test func deepChainIsFreedOnASmallStackThread() {
    // 10,000 levels built and dropped on a thread with a 512 KiB stack.
    final class Flag: @unchecked Sendable { var done = false }
    let flag = Flag()
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
        CAMediaClock.withManualClock(startingAt: 0) { _ in
            let root = CALayer()
            var leaf = root
            for _ in 0..<10_000 {
                let l = CALayer()
                leaf.addSublayer(l)
                leaf = l
            }
            _ = LayerSnapshot.make(root)
        }
        flag.done = true
        finished.signal()
    }
    thread.stackSize = 512 << 10
    thread.start()
    finished.wait()
    #expect(flag.done)
}

@Test(.manualClock) func maskChainUsesOneScratchSurface() {
    // l masked by m1, m1 by m2, … 10,000 deep: the masks multiply in turn into one surface.
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 32, height: 32)
    root.backgroundColor = CGColor.white
    let l = CALayer()
    l.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
    l.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    root.addSublayer(l)
    var owner = l
    for i in 0..<10_000 {
        let m = CALayer()
        // Each mask covers its owner's left 31 px on the first level, then the same: the chain's
        // product leaves x < 31 red and the last column white.
        m.frame = i == 0 ? CGRect(x: 0, y: 0, width: 31, height: 32) : CGRect(x: 0, y: 0, width: 31, height: 32)
        m.backgroundColor = CGColor.white
        owner.mask = m
        owner = m
    }
    CATransaction.commit()
    let renderer = CARenderer(width: 32, height: 32)
    renderer.layer = root
    renderer.beginFrame(atTime: 0)
    renderer.render()
    renderer.endFrame()
    #expect(renderer.surface[10, 10] == 0xFFFF_0000)
    #expect(renderer.surface[31, 10] == 0xFFFF_FFFF)
    #expect(renderer.lastFrameStatistics.offscreenPixels <= 4 * 32 * 32,
            "\(renderer.lastFrameStatistics.offscreenPixels) offscreen pixels")
}

/// A renderer attached to a tree committed whole draws that commit: it does not snapshot the
/// tree again (a second snapshot of a 100,000-deep chain was nearly a fifth of building, committing
/// and drawing it). A tree with a layer never committed, or one whose root was committed
/// inside another tree, is committed by the next commit after it is attached (the renderer
/// never commits on the app's behalf).
@Test(.manualClock) func attachingACommittedTreeDoesNotCommitItAgain() throws {
    let (root, leaf) = chain(50)
    let committed = try #require(CommittedTrees.snapshot(for: root))
    let renderer = CARenderer(width: 16, height: 16)
    renderer.layer = root
    renderer.beginFrame(atTime: 0); renderer.render(); renderer.endFrame()
    #expect(renderer.surface[8, 8] == 0xFFFF_0000)
    let after = try #require(CommittedTrees.snapshot(for: root))
    #expect(after.tree === committed.tree && after.generation == committed.generation)
    #expect(leaf.committedInAttachedTree, "its layers count as committed in an attached tree")

    // A layer added without a commit since: the renderer does not commit it (it never commits
    // on the app's behalf, as on Apple); the next commit does.
    let (other, _) = chain(3)
    CATransaction.begin(); CATransaction.setDisableActions(true)
    let fresh = CALayer()
    CATransaction.commit()
    other.sublayers?[0].addSublayer(fresh)
    let second = CARenderer(width: 16, height: 16)
    second.layer = other
    second.beginFrame(atTime: 0); second.render(); second.endFrame()
    #expect(fresh.committedNode == nil)
    CATransaction.flush()
    second.beginFrame(atTime: 0); second.render(); second.endFrame()
    #expect(fresh.committedNode != nil)

    // A subtree committed as part of `root`'s tree, then detached: attached as a root of its
    // own, it is published as one.
    let middle = try #require(root.sublayers?.first?.sublayers?.first)
    CATransaction.begin(); CATransaction.setDisableActions(true)
    middle.removeFromSuperlayer()
    CATransaction.commit()
    let third = CARenderer(width: 16, height: 16)
    third.layer = middle
    CATransaction.flush()
    third.beginFrame(atTime: 0); third.render(); third.endFrame()
    #expect(CommittedTrees.snapshot(for: middle)?.tree === middle.committedNode)
}
