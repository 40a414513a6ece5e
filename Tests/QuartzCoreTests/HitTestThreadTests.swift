import Foundation
import Testing
@testable import QuartzCore

/// `hitTest(_:)` and `frontmostLayer(at:)` while another thread adds and removes sublayers:
/// the walk holds the transaction lock, so it sees one tree. Unlocked, it counted a layer's
/// sublayers, then indexed one another thread had just removed (a trap in `HitTester.hitTest`,
/// found by the long fuzz run in a threaded scene, seed 1006801, not reproducible alone).
@Test func hitTestingWhileAnotherThreadChangesTheTree() {
    CATransaction.begin(); CATransaction.setDisableActions(true)
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    root.position = CGPoint(x: 50, y: 50)
    let layers = (0..<8).map { _ -> CALayer in
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        return l
    }
    CATransaction.commit()
    let rounds = 5_000
    let hits = DispatchGroup()
    nonisolated(unsafe) let (sharedRoot, sharedLayers) = (root, layers)
    DispatchQueue.global().async(group: hits) {
        let (root, layers) = (sharedRoot, sharedLayers)
        for k in 0..<rounds {
            CATransaction.begin(); CATransaction.setDisableActions(true)
            let l = layers[k % layers.count]
            if l.superlayer == nil { root.addSublayer(l) } else { l.removeFromSuperlayer() }
            CATransaction.commit()
        }
    }
    var found = 0
    for _ in 0..<rounds {
        if let hit = root.hitTest(CGPoint(x: 50, y: 50)), hit === root || layers.contains(where: { $0 === hit }) { found += 1 }
        if root.frontmostLayer(at: CGPoint(x: 50, y: 50)) != nil { found += 1 }
    }
    hits.wait()
    #expect(found == 2 * rounds, "every pick finds the root or one of its sublayers")
}
