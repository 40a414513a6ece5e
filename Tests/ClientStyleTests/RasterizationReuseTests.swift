// shouldRasterize: the subtree is drawn once into a bitmap and reused while unchanged.
import QuartzCore
import Testing

private func pixels(_ renderer: CARenderer) -> [UInt8] {
    Array(renderer.makeImage().dataProvider?.data ?? Data())
}

private func scene() -> (root: CALayer, card: CALayer, dot: CALayer, mover: CALayer) {
    let root = CALayer(), card = CALayer(), dot = CALayer(), mover = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 64, height: 32)
    root.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
    card.frame = CGRect(x: 4, y: 4, width: 24, height: 16)
    card.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
    card.cornerRadius = 3
    dot.frame = CGRect(x: 20, y: 10, width: 8, height: 8)   // reaches past the card's bounds
    dot.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
    card.addSublayer(dot)
    mover.frame = CGRect(x: 40, y: 4, width: 8, height: 8)
    mover.backgroundColor = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)
    root.addSublayer(card)
    root.addSublayer(mover)
    return (root, card, dot, mover)
}

@Test func rasterizedSubtreeIsReusedWhileUnchangedAndMatchesDirectDrawing() {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        // The same scene drawn without rasterization, for comparison.
        let plain = scene()
        let reference = CARenderer(width: 64, height: 32)
        reference.layer = plain.root
        CATransaction.flush()   // no run loop turns in a test: commit, as Apple advises
        reference.render()

        let (root, card, dot, mover) = scene()
        card.shouldRasterize = true
        let renderer = CARenderer(width: 64, height: 32)
        renderer.layer = root
        CATransaction.flush()
        renderer.render()
        #expect(renderer.lastFrameStatistics.rasterizedLayersDrawn == 1)
        #expect(pixels(renderer) == pixels(reference))

        CATransaction.begin(); CATransaction.setDisableActions(true)
        mover.position.x += 8                     // outside the rasterized subtree
        CATransaction.commit()
        renderer.render()
        #expect(renderer.lastFrameStatistics.didDraw)
        #expect(renderer.lastFrameStatistics.rasterizedLayersDrawn == 0)

        CATransaction.begin(); CATransaction.setDisableActions(true)
        card.position.x += 10                     // moving the rasterized layer itself reuses it
        CATransaction.commit()
        renderer.render()
        #expect(renderer.lastFrameStatistics.rasterizedLayersDrawn == 0)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        plain.card.position.x += 10
        plain.mover.position.x += 8
        CATransaction.commit()
        reference.render()
        #expect(pixels(renderer) == pixels(reference))

        CATransaction.begin(); CATransaction.setDisableActions(true)
        dot.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 0, alpha: 1)   // inside: redrawn once
        CATransaction.commit()
        renderer.render()
        #expect(renderer.lastFrameStatistics.rasterizedLayersDrawn == 1)
        renderer.invalidate()
        renderer.render()
        #expect(renderer.lastFrameStatistics.rasterizedLayersDrawn == 0)
    }
}
