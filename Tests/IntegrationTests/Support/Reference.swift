import Foundation
@testable import QuartzCore

/// In-process renders of the demos' model states with the same `CARenderer` the window uses.
enum Reference {
    /// Renders `root` (already built, actions disabled) at `width`×`height`, at time 0.
    static func render(_ root: CALayer, width: Int, height: Int) -> CGImage {
        CAMediaClock.withManualClock(startingAt: 0) { _ in
            CATransaction.flush()
            let renderer = CARenderer(width: width, height: height)
            renderer.layer = root
            renderer.beginFrame(atTime: 0)
            renderer.render()
            renderer.endFrame()
            return renderer.makeImage()
        }
    }

    /// Builds a tree with implicit actions disabled.
    static func withoutActions<R>(_ body: () -> R) -> R {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        return body()
    }
}
