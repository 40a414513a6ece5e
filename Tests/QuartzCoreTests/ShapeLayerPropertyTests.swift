import Foundation
import Testing
@testable import QuartzCore

// CAShapeLayer's properties: Apple's defaults and types, KVC by Apple's keys, implicit actions
// on exactly the animatable ones, presentation and init(layer:) copies, archiving.

@Test func shapeLayerDefaultsAreApples() {
    let s = CAShapeLayer()
    #expect(s.path == nil)
    #expect(s.fillColor.map { $0.rgba == (0, 0, 0, 1) } == true)   // opaque black
    #expect(s.fillRule == .nonZero && s.fillRule.rawValue == "non-zero")
    #expect(s.strokeColor == nil)
    #expect(s.lineWidth == 1)
    #expect(s.lineCap == .butt && s.lineCap.rawValue == "butt")
    #expect(s.lineJoin == .miter && s.lineJoin.rawValue == "miter")
    #expect(s.miterLimit == 10)
    #expect(s.lineDashPattern == nil)
    #expect(s.lineDashPhase == 0)
    #expect(s.strokeStart == 0 && s.strokeEnd == 1)
    #expect(CAShapeLayerFillRule.evenOdd.rawValue == "even-odd")
    #expect(CAShapeLayerLineCap.round.rawValue == "round" && CAShapeLayerLineCap.square.rawValue == "square")
    #expect(CAShapeLayerLineJoin.round.rawValue == "round" && CAShapeLayerLineJoin.bevel.rawValue == "bevel")
}

@Test func shapeLayerPropertiesByAppleKeys() {
    let s = CAShapeLayer()
    let path = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
    s.setValue(path, forKey: "path")
    #expect(s.path == path)
    s.setValue(NSNumber(value: 3), forKey: "lineWidth")
    s.setValue(NSNumber(value: 1), forKey: "miterLimit")
    s.setValue(0.25, forKey: "strokeStart")
    s.setValue(CGFloat(0.75), forKey: "strokeEnd")
    s.setValue("round", forKey: "lineCap")
    s.setValue(CAShapeLayerLineJoin.bevel, forKey: "lineJoin")
    s.setValue("even-odd", forKey: "fillRule")
    s.setValue([2, 1] as [NSNumber], forKey: "lineDashPattern")
    s.setValue(4.0, forKey: "lineDashPhase")
    s.setValue(KindScene.blue, forKey: "strokeColor")
    s.setValue(nil, forKey: "fillColor")
    #expect(s.lineWidth == 3 && s.strokeStart == 0.25 && s.strokeEnd == 0.75 && s.miterLimit == 1)
    #expect(s.lineCap == .round && s.lineJoin == .bevel && s.fillRule == .evenOdd)
    #expect(s.lineDashPattern == [2, 1] && s.lineDashPhase == 4)
    #expect(s.strokeColor === KindScene.blue && s.fillColor == nil)
    #expect(s.value(forKey: "lineCap") as? String == "round")
    #expect(s.value(forKey: "lineWidth") as? CGFloat == 3)
    #expect((s.value(forKey: "lineDashPattern") as? [NSNumber])?.map(\.doubleValue) == [2, 1])
    // A value of the wrong type is refused and the old value kept.
    let messages = StrataDiagnostics.capture { s.setValue("wide", forKey: "lineWidth") }
    #expect(s.lineWidth == 3 && !messages.isEmpty)
}

@Test func aMutablePathIsCopiedWhenSet() {
    let s = CAShapeLayer()
    let p = CGMutablePath()
    p.move(to: .zero); p.addLine(to: CGPoint(x: 10, y: 0))
    s.path = p
    p.addLine(to: CGPoint(x: 10, y: 10))
    #expect(s.path?.elements.count == 2)
    let fixed = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
    s.path = fixed
    #expect(s.path === fixed)   // an immutable path is kept as it is
}

@Test func shapeLayerImplicitlyAnimatesItsAnimatableKeysOnly() {
    let root = CALayer(), s = CAShapeLayer()
    KindScene.build { root.addSublayer(s) }
    attachToRenderer(root)
    s.strokeEnd = 0.5
    s.lineWidth = 3
    s.fillColor = KindScene.blue
    s.strokeColor = KindScene.red
    s.miterLimit = 4
    s.lineDashPhase = 2
    s.strokeStart = 0.1
    s.path = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
    s.fillRule = .evenOdd
    s.lineCap = .round
    s.lineJoin = .round
    s.lineDashPattern = [1, 1]
    let keys = Set(s.animationKeys() ?? [])
    #expect(keys == ["strokeEnd", "lineWidth", "fillColor", "strokeColor", "miterLimit", "lineDashPhase", "strokeStart", "path"])
    let end = s.animation(forKey: "strokeEnd") as? CABasicAnimation
    #expect((end?.fromValue as? CGFloat) == 1)
    // From a nil stroke colour the animation starts transparent.
    let stroke = s.animation(forKey: "strokeColor") as? CABasicAnimation
    #expect((stroke?.fromValue as! CGColor?)?.alpha == 0)
    CATransaction.flush()
}

@Test func presentationAndLayerCopiesCarryTheShape() {
    let s = CAShapeLayer()
    KindScene.build {
        s.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 8, height: 8), transform: nil)
        s.strokeEnd = 0.3
        s.lineDashPattern = [3, 1]
        s.lineJoin = .bevel
    }
    let copy = CAShapeLayer(layer: s)
    #expect(copy.path == s.path && copy.strokeEnd == 0.3 && copy.lineDashPattern == [3, 1] && copy.lineJoin == .bevel)
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let root = KindScene.root(10, 10, holding: s)
        _ = root
        let p = s.presentation()
        #expect(p?.strokeEnd == 0.3 && p?.path == s.path)
    }
}

@Test func shapeLayerArchivesItsProperties() throws {
    let s = CAShapeLayer()
    KindScene.build {
        s.path = CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil)
        s.fillColor = KindScene.blue
        s.strokeEnd = 0.5
        s.lineCap = .square
        s.lineDashPattern = [4, 2]
        s.fillRule = .evenOdd
    }
    let data = try NSKeyedArchiver.archivedData(withRootObject: s, requiringSecureCoding: true)
    let back = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CAShapeLayer.self, from: data))
    #expect(back.path == s.path)
    #expect(back.fillColor?.rgba.b == 1)
    #expect(back.strokeEnd == 0.5 && back.lineCap == .square && back.fillRule == .evenOdd)
    #expect(back.lineDashPattern == [4, 2])
}
