// CARenderer's Apple frame protocol: settable layer and bounds, beginFrame(atTime:timeStamp:),
// updateBounds(), addUpdate(_:), render(), nextFrameTime(), endFrame().
import QuartzCore
import Testing

@Test func appleFrameProtocolDrawsAndReportsUpdates() throws {
    try CAMediaClock.withManualClock(startingAt: 0) { _ in
        let renderer = CARenderer(width: 8, height: 8)
        renderer.bounds = CGRect(x: 0, y: 0, width: 4, height: 2)
        #expect(renderer.bounds == CGRect(x: 0, y: 0, width: 4, height: 2))
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 4, height: 2)
        root.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        renderer.layer = root
        // The renderer draws the tree as last committed and never commits on this thread's
        // behalf, as on Apple: nothing is committed yet, so nothing shows.
        renderer.beginFrame(atTime: CACurrentMediaTime(), timeStamp: nil)
        renderer.render()
        renderer.endFrame()
        #expect(Array(try #require(renderer.makeImage().dataProvider?.data).prefix(4)) == [0, 0, 0, 0])
        // Committed (no run loop turns here): the next frame draws it.
        CATransaction.flush()
        renderer.beginFrame(atTime: CACurrentMediaTime(), timeStamp: nil)
        #expect(renderer.updateBounds() == CGRect(x: 0, y: 0, width: 4, height: 2))
        renderer.render()
        renderer.endFrame()
        let image = renderer.makeImage()
        #expect(image.width == 4 && image.height == 2)
        let data = try #require(image.dataProvider?.data)
        #expect(Array(data.prefix(4)) == [0, 0, 0xFF, 0xFF])   // B, G, R, A of opaque red
        // Nothing changed: nothing to draw, and no next frame.
        renderer.beginFrame(atTime: CACurrentMediaTime(), timeStamp: nil)
        #expect(renderer.updateBounds().isNull)
        #expect(renderer.nextFrameTime() == .infinity)
        renderer.addUpdate(CGRect(x: 1, y: 0, width: 1, height: 1))
        #expect(renderer.updateBounds() == CGRect(x: 0, y: 0, width: 4, height: 2))
        renderer.render()
        renderer.endFrame()
        var stamp = CVTimeStamp()
        renderer.beginFrame(atTime: CACurrentMediaTime(), timeStamp: &stamp)
        #expect(renderer.updateBounds().isNull)
        renderer.endFrame()
    }
}
