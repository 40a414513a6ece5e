import Testing
@testable import QuartzCore

/// `shadowPath` gives the shadow its shape even when the layer draws nothing itself.
@Test(.manualClock) func shadowPathCastsAShadowOfThePathNotOfTheLayersAlpha() {
    func render(withPath: Bool) -> CGImage {
        let root = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let l = CALayer()
        l.frame = CGRect(x: 20, y: 20, width: 40, height: 40)   // no background: draws nothing
        l.shadowOpacity = 1
        l.shadowRadius = 0
        l.shadowOffset = CGSize(width: 10, height: 10)
        if withPath { l.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil) }
        root.addSublayer(l)
        CATransaction.commit()
        let r = CARenderer(width: 100, height: 100)
        r.layer = root
        r.beginFrame(atTime: 0); r.render(); r.endFrame()
        return r.makeImage()
    }
    let with = render(withPath: true)
    // The path (20…60) moved by (10, 10): 30…70 is black, outside stays white.
    #expect(with.surface[65, 65] == 0xFF00_0000)
    #expect(with.surface[35, 35] == 0xFF00_0000)
    #expect(with.surface[25, 25] == 0xFFFF_FFFF)
    #expect(with.surface[75, 75] == 0xFFFF_FFFF)
    let without = render(withPath: false)
    #expect(without.surface[65, 65] == 0xFFFF_FFFF)   // an empty layer casts no shadow
}
