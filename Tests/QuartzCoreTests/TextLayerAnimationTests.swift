import Foundation
import Testing
@testable import QuartzCore

@Test func fontSizeAndForegroundColorAnimateThroughThePresentation() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let t = TextFixture.layer("I")
        let size = CABasicAnimation(keyPath: "fontSize")
        size.fromValue = 10
        size.toValue = 30
        size.duration = 1
        t.add(size, forKey: "size")
        let color = CABasicAnimation(keyPath: "foregroundColor")
        color.fromValue = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        color.toValue = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        color.duration = 2
        t.add(color, forKey: "color")
        CATransaction.flush()
        clock.advance(by: 0.25)
        let p = t.presentation()!
        #expect(abs(p.fontSize - 15) < 1e-9)
        let c = p.foregroundColor?.components ?? []
        #expect(c.count == 4)
        #expect(abs(c[0] - 0.125) < 1e-9 && abs(c[1] - 0.0625) < 1e-9 && c[2] == 0 && c[3] == 1)
        #expect(t.fontSize == TextFixture.size)   // the model keeps its value
    }
}

@Test func fontSizeAndForegroundColorAnimateImplicitly() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let t = TextFixture.layer("I")
        attachToRenderer(t)
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        t.fontSize = 40.48
        t.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        CATransaction.commit()
        #expect(Set(t.animationKeys() ?? []) == ["fontSize", "foregroundColor"])
        clock.advance(by: 0.5)
        #expect(abs(t.presentation()!.fontSize - 30.48) < 1e-6)
        // Other text properties change at once.
        CATransaction.begin()
        t.isWrapped = true
        t.alignmentMode = .center
        CATransaction.commit()
        #expect(Set(t.animationKeys() ?? []) == ["fontSize", "foregroundColor"])
    }
}

@Test(.manualClock) func anAnimatedFontSizeIsDrawnAtEachFramesSize() {
    // "I" from 102.4 pt to 204.8 pt over 1 s: at 0.5 s, 153.6 pt (0.075 pt per unit): stem x
    // 15.075…30.225, baseline 142.575, cap top 142.575 − 111.975 = 30.6.
    let text = TextFixture.layer("I", width: 100, height: 250, size: 204.8)
    let a = CABasicAnimation(keyPath: "fontSize")
    a.fromValue = 102.4
    a.toValue = 204.8
    a.duration = 1
    text.add(a, forKey: "grow")
    let root = TextFixture.root(text, width: 100, height: 250)
    let half = Golden.render(root, width: 100, height: 250, time: 0.5)
    #expect(TextFixture.inkBox(half).map { [$0.0, $0.1, $0.2, $0.3] } == [15, 30, 30, 142])
    let done = Golden.render(root, width: 100, height: 250, time: 2)
    #expect(TextFixture.inkBox(done).map { [$0.0, $0.1, $0.2, $0.3] } == [20, 40, 40, 190])
}
