import Testing
@testable import QuartzCore

@Test func layerDefaultsAreApples() {
    let l = CALayer()
    #expect(l.anchorPoint == CGPoint(x: 0.5, y: 0.5))
    #expect(l.opacity == 1)
    #expect(l.isDoubleSided)
    #expect(!l.isHidden && !l.masksToBounds && !l.isGeometryFlipped)
    #expect(CATransform3DIsIdentity(l.transform) && CATransform3DIsIdentity(l.sublayerTransform))
    #expect(l.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
    #expect(l.contentsGravity == .resize)
    #expect(l.shadowOpacity == 0 && l.shadowRadius == 3 && l.shadowOffset == CGSize(width: 0, height: -3))
    #expect(l.maskedCorners.rawValue == 15)
    #expect(l.backgroundColor == nil && l.sublayers == nil && l.superlayer == nil)
    #expect(l.allowsGroupOpacity)
    #expect(CALayer.defaultValue(forKey: "opacity") as? Float == 1)
    #expect(CALayer.defaultValue(forKey: "noSuchKey") == nil)
}

@Test func delegateIsWeak() {
    final class D: CALayerDelegate {}
    let l = CALayer()
    do {
        let d = D()
        l.delegate = d
        #expect(l.delegate != nil)
    }
    #expect(l.delegate == nil)
}

@Test func initLayerCopiesValues() {
    let l = CALayer()
    l.position = CGPoint(x: 3, y: 4)
    l.opacity = 0.25
    l.name = "a"
    let c = CALayer(layer: l)
    #expect(c.position == CGPoint(x: 3, y: 4) && c.opacity == 0.25 && c.name == "a")
    #expect(c.sublayers == nil)
}
