// Key-value coding hands values out as Apple does: NSNumber for scalars, NSValue for structs,
// and every Swift cast Apple code writes works on them.
import QuartzCore
import Testing

private func layerWithGeometry() -> CALayer {
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
    layer.position = CGPoint(x: 12, y: 7.5)
    layer.opacity = 0.5
    layer.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
    return layer
}

@Test func scalarsComeBackAsNSNumberAndCastToEveryNumberType() throws {
    let layer = layerWithGeometry()
    let rotation = layer.value(forKeyPath: "transform.rotation.z")
    let n = try #require(rotation as? NSNumber)
    #expect(abs(n.doubleValue - .pi / 4) < 1e-12)
    #expect(abs((rotation as? Double ?? 0) - .pi / 4) < 1e-12)
    #expect(abs((rotation as? CGFloat ?? 0) - .pi / 4) < 1e-12)
    // Foundation's exact-conversion rule (the same code in Apple's overlay): a Double that a Float
    // cannot hold exactly does not cast to Float; one that it can does.
    #expect(rotation as? Float == nil)
    #expect(n.floatValue == Float(Double.pi / 4))
    #expect(layer.value(forKeyPath: "position.y") as? Float == 7.5)

    #expect(layer.value(forKeyPath: "position.y") as? NSNumber == NSNumber(value: 7.5))
    #expect(layer.value(forKeyPath: "position.y") as? CGFloat == 7.5)
    #expect(layer.value(forKeyPath: "bounds.size.width") as? Double == 40)
    #expect(layer.value(forKey: "opacity") as? Float == 0.5)
    #expect(layer.value(forKey: "opacity") as? Double == 0.5)
    #expect(layer.value(forKey: "opacity") as? NSNumber == NSNumber(value: Float(0.5)))
    #expect(layer.value(forKey: "hidden") as? Bool == false)
    #expect(layer.value(forKey: "hidden") as? NSNumber == NSNumber(value: false))
    #expect(layer.value(forKey: "zPosition") as? CGFloat == 0)
}

@Test func structsComeBackAsNSValueAndCastToTheirSwiftType() throws {
    let layer = layerWithGeometry()
    let position = layer.value(forKey: "position")
    #expect(position as? CGPoint == CGPoint(x: 12, y: 7.5))
    #expect((position as? NSValue)?.cgPointValue == CGPoint(x: 12, y: 7.5))
    #expect(position as? CGSize == nil)
    #expect(layer.value(forKey: "bounds") as? CGRect == CGRect(x: 0, y: 0, width: 40, height: 30))
    #expect(layer.value(forKeyPath: "bounds.size") as? CGSize == CGSize(width: 40, height: 30))
    #expect(layer.value(forKey: "shadowOffset") as? CGSize == CGSize(width: 0, height: -3))
    let transform = layer.value(forKey: "transform")
    #expect(transform as? CATransform3D == CATransform3DMakeRotation(.pi / 4, 0, 0, 1))
    #expect((transform as? NSValue)?.caTransform3DValue == CATransform3DMakeRotation(.pi / 4, 0, 0, 1))
    #expect(layer.value(forKey: "frame") as? CGRect == layer.frame)
    #expect(layer.value(forKey: "contentsGravity") as? String == "resize")
    #expect(layer.value(forKey: "contentsGravity") as? CALayerContentsGravity == .resize)
}

@Test func boxedValuesAreAcceptedBack() {
    let layer = CALayer()
    layer.setValue(NSValue(cgPoint: CGPoint(x: 3, y: 4)), forKey: "position")
    layer.setValue(NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1)), forKey: "transform")
    layer.setValue(NSNumber(value: 0.25), forKey: "opacity")
    layer.setValue(NSNumber(value: 30), forKeyPath: "bounds.size.width")
    #expect(layer.position == CGPoint(x: 3, y: 4))
    #expect(layer.transform == CATransform3DMakeScale(2, 2, 1))
    #expect(layer.opacity == 0.25)
    #expect(layer.bounds.size.width == 30)
}

@Test func classDefaultsAreBoxedToo() {
    #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
    #expect(CALayer.defaultValue(forKey: "opacity") as? Float == 1)
    #expect(CALayer.defaultValue(forKey: "transform") as? CATransform3D == CATransform3DIdentity)
    #expect(CALayer.defaultValue(forKey: "noSuchKey") == nil)
}
