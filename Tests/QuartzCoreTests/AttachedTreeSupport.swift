import Foundation
@testable import QuartzCore

/// Renderers kept alive for the rest of the test run, so the trees they draw stay attached.
private final class KeptRenderers: @unchecked Sendable {
    let lock = NSLock()
    var renderers: [CARenderer] = []
}
private let kept = KeptRenderers()

/// Attaches each root to a 1×1 renderer (as a window does) and commits: from then on the layers
/// of those trees run implicit actions, as on Apple (a standalone layer gets none).
func attachToRenderer(_ roots: CALayer...) {
    for root in roots {
        let renderer = CARenderer(width: 1, height: 1)
        renderer.layer = root
        kept.lock.lock(); kept.renderers.append(renderer); kept.lock.unlock()
    }
    CATransaction.flush()
}
