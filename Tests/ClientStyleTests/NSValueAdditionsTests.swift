// The NSValue additions and CoreGraphics spellings Apple code uses with animations.
import QuartzCore
import Testing

@Test func nsValueBoxesRoundTrip() {
    let t = CATransform3DMakeTranslation(1, 2, 3)
    #expect(NSValue(caTransform3D: t).caTransform3DValue == t)
    #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
    #expect(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue == CGSize(width: 3, height: 4))
    #expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
    let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    #expect(NSValue(cgAffineTransform: a).cgAffineTransformValue == a)
    #expect(NSValue(cgVector: CGVector(dx: 7, dy: 8)).cgVectorValue == CGVector(dx: 7, dy: 8))
    #expect(NSValue(caTransform3D: t) == NSValue(caTransform3D: t))
    // Swift bridging both ways.
    let boxed: Any = NSValue(caTransform3D: t)
    #expect(boxed as? CATransform3D == t)
    #expect(boxed as? CGAffineTransform == nil)
    let points: Any = [NSValue(cgPoint: .zero), NSValue(cgPoint: CGPoint(x: 1, y: 1))]
    #expect(points as? [CGPoint] == [.zero, CGPoint(x: 1, y: 1)])
}

@Test func readingTheWrongKindOfBoxGivesZeroNotACrash() {
    var messages: [String] = []
    let previous = StrataDiagnostics.handler
    let box = NSValue(cgPoint: CGPoint(x: 1, y: 2))
    nonisolated(unsafe) var captured: [String] = []
    StrataDiagnostics.handler = { captured.append($0) }
    #expect(box.caTransform3DValue == CATransform3D())
    #expect(box.cgSizeValue == .zero)
    StrataDiagnostics.handler = previous
    messages = captured
    #expect(messages.filter { $0.contains("{CGPoint=dd} read as") }.count == 2)   // other tests may report meanwhile
}

@Test func appleSpellingsCompile() {
    let animation = CABasicAnimation(keyPath: "opacity")
    animation.repeatCount = HUGE
    #expect(animation.repeatCount == .greatestFiniteMagnitude)
    let interval: CFTimeInterval = 0.5
    let key = "opacity" as CFString
    let object: CFTypeRef = key
    #expect(interval == 0.5 && (object as? String) == "opacity")
    let values = [1, 2] as CFArray
    #expect(values.count == 2)
}

@Test func affineDecompositionRebuildsTheTransform() {
    let m = CGAffineTransform(scaleX: 2, y: 3).concatenating(CGAffineTransform(rotationAngle: 0.5))
        .concatenating(CGAffineTransform(translationX: 10, y: -4))
    let c = m.decomposed()
    #expect(abs(c.scale.width - 2) < 1e-12 && abs(c.scale.height - 3) < 1e-12)
    #expect(abs(c.rotation - 0.5) < 1e-12 && abs(c.horizontalShear) < 1e-12)
    #expect(c.translation == CGVector(dx: 10, dy: -4))
    let sheared = CGAffineTransform(a: 1, b: 0, c: 0.25, d: 1, tx: 0, ty: 0)
    #expect(sheared.decomposed().horizontalShear == 0.25)
    let rebuilt = CGAffineTransform(m.decomposed())
    #expect(abs(rebuilt.a - m.a) < 1e-12 && abs(rebuilt.b - m.b) < 1e-12)
    #expect(abs(rebuilt.c - m.c) < 1e-12 && abs(rebuilt.d - m.d) < 1e-12)
}
