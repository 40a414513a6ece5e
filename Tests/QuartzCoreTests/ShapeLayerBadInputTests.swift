import Foundation
import Testing
@testable import QuartzCore

// Hostile CAShapeLayer input: clear behaviour (refused with a message, or drawn as documented),
// never a crash, a hang or invalid pixels.

private let white: UInt32 = 0xFFFF_FFFF, blue: UInt32 = 0xFF00_00FF

private func nanPath() -> CGMutablePath {
    let p = CGMutablePath()
    p.move(to: CGPoint(x: 1, y: 1)); p.addLine(to: CGPoint(x: CGFloat.nan, y: 5)); p.addLine(to: CGPoint(x: 9, y: CGFloat.infinity))
    return p
}

@Test func aPathWithNaNPointsIsRefusedByTheSetterAndKVC() {
    let good = CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5), transform: nil)
    let s = KindScene.shape(good)
    let messages = StrataDiagnostics.capture { s.path = nanPath() }
    #expect(s.path == good)
    #expect(messages.contains { $0.contains("non-finite") })
    let kvc = StrataDiagnostics.capture { s.setValue(nanPath(), forKey: "path") }
    #expect(s.path == good && !kvc.isEmpty)
}

@Test(.manualClock) func anAnimationThroughANaNPathKeepsTheModelPath() {
    let good = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
    let shape = KindScene.shape(good)
    let root = KindScene.root(40, 40, holding: shape)
    let a = CAKeyframeAnimation(keyPath: "path")
    a.values = [good, nanPath(), good]
    a.duration = 1
    shape.add(a, forKey: "bad")
    CATransaction.flush()
    let image = Golden.render(root, width: 40, height: 40, time: 0.5)
    Golden.expectPixel(image, 20, 20, 0xFFFF_0000)
    Golden.expectPixel(image, 5, 5, white)
}

@Test func nonFiniteNumbersAreRefused() {
    let s = CAShapeLayer()
    let messages = StrataDiagnostics.capture {
        s.lineWidth = .nan
        s.strokeEnd = .infinity
        s.miterLimit = -.infinity
        s.lineDashPhase = .nan
        s.setValue(Double.nan, forKey: "strokeStart")
    }
    #expect(s.lineWidth == 1 && s.strokeEnd == 1 && s.miterLimit == 10 && s.lineDashPhase == 0 && s.strokeStart == 0)
    #expect(messages.count == 5)
}

@Test(.manualClock) func outOfRangeStrokeEndsAreStoredAndClampedWhenDrawn() {
    let line = KindScene.line(0, 40, y: 20)
    let negative = KindScene.shape(line, fill: nil, stroke: KindScene.blue, width: 4) { $0.strokeEnd = -0.5 }
    #expect(negative.strokeEnd == -0.5)   // stored as given, as on Apple
    Golden.expectPixel(Golden.render(KindScene.root(40, 40, holding: negative), width: 40, height: 40), 20, 20, white)
    let reversed = KindScene.shape(line, fill: nil, stroke: KindScene.blue, width: 4) { $0.strokeStart = 0.8; $0.strokeEnd = 0.2 }
    Golden.expectPixel(Golden.render(KindScene.root(40, 40, holding: reversed), width: 40, height: 40), 20, 20, white)
    let beyond = KindScene.shape(line, fill: nil, stroke: KindScene.blue, width: 4) { $0.strokeStart = -3; $0.strokeEnd = 7 }
    Golden.expectPixel(Golden.render(KindScene.root(40, 40, holding: beyond), width: 40, height: 40), 1, 20, blue)
    Golden.expectPixel(Golden.render(KindScene.root(40, 40, holding: beyond), width: 40, height: 40), 38, 20, blue)
}

@Test(.manualClock) func hugeLineWidthsCoverTheViewAndFinish() {
    // 1e6 wide: everything in view is inside the stroke. 1e300: the outline's coordinates are
    // huge but finite; the frame finishes with valid pixels.
    for width: CGFloat in [1e6, 1e300] {
        let shape = KindScene.shape(KindScene.line(10, 30, y: 20), fill: nil, stroke: KindScene.blue, width: width) {
            $0.lineJoin = .round
            $0.lineCap = .round
        }
        let image = Golden.render(KindScene.root(40, 40, holding: shape), width: 40, height: 40)
        if width == 1e6 { Golden.expectPixel(image, 20, 20, blue); Golden.expectPixel(image, 0, 0, blue) }
        for y in 0..<40 { for x in 0..<40 { let p = Golden.pixel(image, x, y); #expect(p >> 24 == 0xFF) } }
    }
}

@Test(.manualClock) func badDashPatternsStrokeSolidWithAMessage() {
    let messages = StrataDiagnostics.capture {
        let bad = KindScene.shape(KindScene.line(0, 40, y: 20), fill: nil, stroke: KindScene.blue, width: 2) {
            $0.lineDashPattern = [-1, 2]
        }
        let image = Golden.render(KindScene.root(40, 40, holding: bad), width: 40, height: 40)
        for x in [2, 6, 10, 30] { Golden.expectPixel(image, x, 20, blue, "solid at x = \(x)") }
    }
    #expect(messages.contains { $0.contains("lineDashPattern") })
    // All-zero and empty patterns stroke solid too; a pattern too fine for the path (more than a
    // million dashes) strokes solid with Core Graphics' message.
    for pattern: [NSNumber] in [[0, 0], [], [1e-9, 1e-9]] {
        let shape = KindScene.shape(KindScene.line(0, 40, y: 20), fill: nil, stroke: KindScene.blue, width: 2) {
            $0.lineDashPattern = pattern
        }
        _ = StrataDiagnostics.capture {
            let image = Golden.render(KindScene.root(40, 40, holding: shape), width: 40, height: 40)
            Golden.expectPixel(image, 20, 20, blue, "pattern \(pattern)")
        }
    }
}

@Test(.manualClock) func emptyAndDegeneratePathsDrawNothingOrADot() {
    let lone = CGMutablePath()
    lone.move(to: CGPoint(x: 20, y: 20))
    let dot = CGMutablePath()
    dot.move(to: CGPoint(x: 20, y: 20)); dot.addLine(to: CGPoint(x: 20, y: 20))
    for (path, expected) in [(CGMutablePath() as CGPath, white), (lone, white), (dot, blue)] {
        let shape = KindScene.shape(path, fill: KindScene.red, stroke: KindScene.blue, width: 6) { $0.lineCap = .round }
        let image = Golden.render(KindScene.root(40, 40, holding: shape), width: 40, height: 40)
        Golden.expectPixel(image, 20, 20, expected)   // a zero-length subpath with round caps is a dot
    }
}
