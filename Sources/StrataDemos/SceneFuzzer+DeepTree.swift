import Foundation
import QuartzCore

// The deep-tree goal of issue 25: a 100,000-deep chain builds, commits, renders, hit-tests and
// frees in under 2 s (release build). `strata fuzz --deep-tree N` times it.

extension SceneFuzzer {
    /// Times a chain of `depth` layers built from the leaf up (each new layer adopts the chain
    /// so far, as the case did), committed, rendered (`size` × `size`), hit-tested and
    /// freed. Returns each phase's seconds and whether the leaf showed, was hit and was freed.
    public static func timeDeepChain(depth: Int, size: Int = 16) -> (phases: [(String, Double)], correct: Bool) {
        func seconds(_ body: () -> Void) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            return Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9
        }
        weak var weakLeaf: CALayer?
        var root: CALayer?
        var pixel: UInt32 = 0
        var hit = false
        var phases: [(String, Double)] = []
        CAMediaClock.withManualClock(startingAt: 0) { _ in
            phases.append(("build", seconds {
                CATransaction.begin(); CATransaction.setDisableActions(true)
                let leaf = CALayer()
                leaf.bounds = CGRect(x: 0, y: 0, width: size, height: size)
                leaf.position = CGPoint(x: size / 2, y: size / 2)
                leaf.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                weakLeaf = leaf
                var top = leaf
                for _ in 0..<depth {
                    let l = CALayer()
                    l.bounds = leaf.bounds
                    l.position = leaf.position
                    l.addSublayer(top)
                    top = l
                }
                root = top
            }))
            let renderer = CARenderer(width: size, height: size)
            phases.append(("commit", seconds { CATransaction.commit() }))
            phases.append(("render", seconds {
                renderer.layer = root
                CATransaction.flush()
                renderer.beginFrame(atTime: 0); renderer.render(); renderer.endFrame()
                pixel = renderer.surface[size / 2, size / 2]
                renderer.layer = nil
            }))
            phases.append(("hit-test", seconds { hit = root?.hitTest(CGPoint(x: size / 2, y: size / 2)) === weakLeaf }))
            phases.append(("free", seconds { root = nil; CATransaction.flush() }))
        }
        return (phases, pixel == 0xFFFF_0000 && hit && weakLeaf == nil)
    }
}
