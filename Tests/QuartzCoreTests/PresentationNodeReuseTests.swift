import Foundation
import Testing
@testable import QuartzCore

// A renderer's evaluation (`PresentationEvaluator.evaluate(_:at:kept:)`) re-evaluates last
// frame's nodes of animated layers in place instead of allocating one per animated layer per
// frame (#23), but never a node something else still holds.

/// A root with a still sublayer and five sublayers whose `position.x` runs 0 → 100 over 10 s.
private func animatedTree() throws -> (root: CALayer, tree: LayerSnapshot) {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    let still = CALayer()
    still.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    root.addSublayer(still)
    for i in 0..<5 {
        let l = CALayer()
        l.frame = CGRect(x: 0, y: Double(10 * i), width: 10, height: 10)
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0.0
        a.toValue = 100.0
        a.duration = 10
        a.beginTime = 0.001   // a fixed begin time on the manual clock
        l.add(a, forKey: "x")
        root.addSublayer(l)
    }
    CATransaction.flush()
    let (tree, _) = try #require(CommittedTrees.snapshot(for: root))
    return (root, tree)
}

private func xs(_ node: PresentedLayer) -> [CGFloat] { node.sublayers.map(\.state.position.x) }

/// Weakly held, to tell a reused node from a new one at the same address.
private struct WeakNode { weak var node: PresentedLayer? }

@Test(.manualClock) func animatedLayersReuseLastFramesNodes() throws {
    let (root, tree) = try animatedTree()
    let kept = StillNodes()
    var firstNodes: [WeakNode] = []
    do {
        let first = PresentationEvaluator.evaluate(tree, at: 1.001, kept: kept)
        firstNodes = ([first] + first.sublayers).map { WeakNode(node: $0) }
    }
    let second = PresentationEvaluator.evaluate(tree, at: 2.001, kept: kept)
    for (i, (old, new)) in zip(firstNodes, [second] + second.sublayers).enumerated() {
        #expect(old.node != nil && old.node === new,
                "node \(i) (the root, the kept still node, five animated ones) is last frame's")
    }
    // The same values as a fresh evaluation at that time (10 points a second).
    let fresh = PresentationEvaluator.evaluate(tree, at: 2.001)
    #expect(xs(second) == xs(fresh))
    #expect(xs(second).dropFirst().allSatisfy { abs($0 - 20) < 1e-9 }, "\(xs(second))")
    #expect(second.sublayers.dropFirst().map(\.localTime) == fresh.sublayers.dropFirst().map(\.localTime))
    _ = root
}

/// A frame's tree still held (a caller keeping it, as a user keeps a presentation copy) is
/// never changed by the next evaluation: that one makes new nodes, and the held one keeps its
/// values. Dropped, every node is freed.
@Test(.manualClock) func aHeldFrameIsNeverReusedAndIsFreedWhenDropped() throws {
    let (root, tree) = try animatedTree()
    var kept: StillNodes? = StillNodes()
    weak var heldNode: PresentedLayer?
    weak var nextNode: PresentedLayer?
    do {
        let held = PresentationEvaluator.evaluate(tree, at: 1.001, kept: kept)
        let next = PresentationEvaluator.evaluate(tree, at: 3.001, kept: kept)
        #expect(held !== next)
        for (a, b) in zip(held.sublayers.dropFirst(), next.sublayers.dropFirst()) { #expect(a !== b) }
        #expect(held.sublayers.dropFirst().allSatisfy { abs($0.state.position.x - 10) < 1e-9 }, "\(xs(held))")
        #expect(next.sublayers.dropFirst().allSatisfy { abs($0.state.position.x - 30) < 1e-9 }, "\(xs(next))")
        heldNode = held.sublayers[3]
        nextNode = next.sublayers[3]
    }
    #expect(heldNode == nil, "the held frame's nodes were never the renderer's to keep")
    #expect(nextNode != nil, "the last frame's nodes wait for the next frame")
    kept = nil
    _ = (kept, root)
    #expect(nextNode == nil, "no node outlives the renderer's StillNodes")
}
