import Foundation
import Testing
@testable import QuartzCore

// CAGradientLayer's properties: Apple's defaults and types, KVC, implicit actions on the
// animatable ones, copies and archiving.

@Test func gradientLayerDefaultsAreApples() {
    let g = CAGradientLayer()
    #expect(g.colors == nil && g.locations == nil)
    #expect(g.startPoint == CGPoint(x: 0.5, y: 0) && g.endPoint == CGPoint(x: 0.5, y: 1))
    #expect(g.type == .axial && g.type.rawValue == "axial")
    #expect(CAGradientLayerType.radial.rawValue == "radial" && CAGradientLayerType.conic.rawValue == "conic")
}

@Test func gradientLayerPropertiesByAppleKeys() {
    let g = CAGradientLayer()
    g.setValue([KindScene.red, KindScene.blue], forKey: "colors")
    g.setValue([0, 0.5] as [NSNumber], forKey: "locations")
    g.setValue(CGPoint(x: 0, y: 0.5), forKey: "startPoint")
    g.setValue(NSValue(point: CGPoint(x: 1, y: 0.5)), forKey: "endPoint")
    g.setValue("conic", forKey: "type")
    #expect((g.colors as? [CGColor])?.count == 2)
    #expect(g.locations == [0, 0.5])
    #expect(g.startPoint == CGPoint(x: 0, y: 0.5) && g.endPoint == CGPoint(x: 1, y: 0.5))
    #expect(g.type == .conic)
    #expect(g.value(forKey: "type") as? String == "conic")
    let messages = StrataDiagnostics.capture { g.setValue("up", forKey: "startPoint") }
    #expect(g.startPoint == CGPoint(x: 0, y: 0.5) && !messages.isEmpty)
}

@Test func gradientLayerImplicitlyAnimatesItsAnimatableKeysOnly() {
    let root = CALayer(), g = CAGradientLayer()
    KindScene.build {
        g.colors = [KindScene.red, KindScene.blue]
        root.addSublayer(g)
    }
    attachToRenderer(root)
    g.colors = [KindScene.blue, KindScene.red]
    g.locations = [0.2, 0.8]
    g.startPoint = .zero
    g.endPoint = CGPoint(x: 1, y: 1)
    g.type = .radial
    #expect(Set(g.animationKeys() ?? []) == ["colors", "locations", "startPoint", "endPoint"])
    let colors = g.animation(forKey: "colors") as? CABasicAnimation
    #expect((colors?.fromValue as? [Any])?.count == 2)
    CATransaction.flush()
}

@Test func gradientLayerCopiesAndArchives() throws {
    let g = KindScene.gradient([KindScene.red, KindScene.green, KindScene.blue]) {
        $0.locations = [0, 0.3, 1]
        $0.type = .radial
        $0.startPoint = CGPoint(x: 0.25, y: 0.75)
    }
    let copy = CAGradientLayer(layer: g)
    #expect((copy.colors as? [CGColor])?.count == 3 && copy.locations == [0, 0.3, 1] && copy.type == .radial)
    let data = try NSKeyedArchiver.archivedData(withRootObject: g, requiringSecureCoding: true)
    let back = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CAGradientLayer.self, from: data))
    #expect((back.colors as? [CGColor]).map { $0.map(\.rgba.g) } == [0, 1, 0])
    #expect(back.locations == [0, 0.3, 1])
    #expect(back.type == .radial)
    #expect(back.startPoint == CGPoint(x: 0.25, y: 0.75))
}
