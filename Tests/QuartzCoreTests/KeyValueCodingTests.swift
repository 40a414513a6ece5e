import Foundation
import Testing
@testable import QuartzCore

@Test func everyPropertyByAppleKey() {
    let l = CALayer()
    l.setValue(NSNumber(value: 0.5), forKey: "opacity")
    #expect(l.opacity == 0.5)
    l.setValue(true, forKey: "hidden")
    #expect(l.isHidden)
    l.setValue(CGPoint(x: 3, y: 4), forKey: "position")
    #expect(l.value(forKey: "position") as? CGPoint == CGPoint(x: 3, y: 4))
    l.setValue(12, forKey: "cornerRadius")
    #expect(l.cornerRadius == 12)
    #expect(l.value(forKey: "doubleSided") as? Bool == true)
    l.setValue(CGRect(x: 0, y: 0, width: 10, height: 20), forKey: "frame")
    #expect(l.bounds.size == CGSize(width: 10, height: 20))
    for key in LayerState.propertyKeys {
        _ = l.value(forKey: key)  // every key answers without trapping
    }
}

@Test func arbitraryKeysAreStored() {
    let l = CALayer()
    l.setValue("hello", forKey: "myTag")
    #expect(l.value(forKey: "myTag") as? String == "hello")
    #expect(l.value(forKey: "other") == nil)
}

@Test func structSubPaths() {
    let l = CALayer()
    l.bounds = CGRect(x: 1, y: 2, width: 30, height: 40)
    l.setValue(55, forKeyPath: "position.x")
    #expect(l.position.x == 55)
    #expect(l.value(forKeyPath: "bounds.size.width") as? CGFloat == 30)
    #expect(l.value(forKeyPath: "bounds.origin.y") as? CGFloat == 2)
    l.setValue(99, forKeyPath: "bounds.size.height")
    #expect(l.bounds == CGRect(x: 1, y: 2, width: 30, height: 99))
    l.setValue(NSNumber(value: 7), forKeyPath: "shadowOffset.width")
    #expect(l.shadowOffset.width == 7)
}

@Test func transformSubPaths() {
    let l = CALayer()
    l.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
    let p = l.transform.apply(x: 1, y: 0)
    #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
    #expect(abs((l.value(forKeyPath: "transform.rotation.z") as! CGFloat) - .pi / 2) < 1e-12)
    #expect(abs((l.value(forKeyPath: "transform.rotation") as! CGFloat) - .pi / 2) < 1e-12)
    l.setValue(2, forKeyPath: "transform.scale")
    #expect(abs((l.value(forKeyPath: "transform.scale.x") as! CGFloat) - 2) < 1e-12)
    l.setValue(10, forKeyPath: "transform.translation.x")
    #expect(l.transform.m41 == 10)
    l.setValue(0.5, forKeyPath: "sublayerTransform.rotation.y")
    #expect(abs((l.value(forKeyPath: "sublayerTransform.rotation.y") as! CGFloat) - 0.5) < 1e-12)
    // 3π about z gives the same matrix as π: no wrap-around surprises in the matrix.
    l.transform = CATransform3DIdentity
    l.setValue(3 * CGFloat.pi, forKeyPath: "transform.rotation.z")
    #expect(abs(l.transform.m11 + 1) < 1e-12)
}

@Test func unknownPathsAreReportedAndChangeNothing() {
    let l = CALayer()
    l.position = CGPoint(x: 1, y: 2)
    l.setValue(5, forKeyPath: "position.q")
    #expect(l.position == CGPoint(x: 1, y: 2))
    #expect(l.value(forKeyPath: "transform.rotation.w") == nil)
    #expect(l.value(forKeyPath: "bounds.size.depth") == nil)
    l.setValue("not a number", forKey: "opacity")
    #expect(l.opacity == 1)
    #expect(!l.isPropertyKeyPath("transform.spin"))
    #expect(l.isPropertyKeyPath("transform.rotation.z"))
}

@Test func nonFiniteValuesAreRejected() {
    let l = CALayer()
    l.position = CGPoint(x: 1, y: 2)
    l.position = CGPoint(x: CGFloat.nan, y: 0)
    #expect(l.position == CGPoint(x: 1, y: 2))
    l.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)
    #expect(l.bounds == .zero)
    var t = CATransform3DIdentity
    t.m34 = .nan
    l.transform = t
    #expect(CATransform3DIsIdentity(l.transform))
    l.opacity = .nan
    #expect(l.opacity == 1)
    l.setValue(Double.nan, forKey: "cornerRadius")
    #expect(l.cornerRadius == 0)
    l.setValue(CGFloat.nan, forKeyPath: "transform.rotation.z")
    #expect(CATransform3DIsIdentity(l.transform))
    // Singular transforms are fine: they just draw nothing.
    l.transform = CATransform3DMakeScale(0, 0, 0)
    #expect(l.transform.m11 == 0)
    _ = l.frame
}
