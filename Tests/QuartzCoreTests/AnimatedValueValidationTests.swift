import Foundation
import Testing
@testable import QuartzCore

// An animation to NaN reached the presentation tree: the layer silently disappeared, and an
// animated NaN shadowRadius crashed the renderer. A non-finite interpolated value never leaves
// evaluation: the property keeps its model value that frame, and the animation says so once.

private let nan = CGFloat.nan

private func nanTransform() -> CATransform3D { var t = CATransform3DIdentity; t.m11 = nan; return t }

private struct Case: CustomStringConvertible, Sendable {
    let keyPath: String
    let to: @Sendable () -> Any
    var by = false
    var description: String { keyPath + (by ? " (byValue)" : "") }
}

private let cases: [Case] = [
    Case(keyPath: "transform", to: { nanTransform() }),
    Case(keyPath: "transform.rotation.z", to: { nan }),
    Case(keyPath: "bounds", to: { CGRect(x: 0, y: 0, width: nan, height: 10) }),
    Case(keyPath: "bounds.size.width", to: { nan }),
    Case(keyPath: "zPosition", to: { nan }),
    Case(keyPath: "anchorPoint", to: { CGPoint(x: nan, y: 0.5) }),
    Case(keyPath: "cornerRadius", to: { nan }),
    Case(keyPath: "borderWidth", to: { nan }),
    Case(keyPath: "shadowRadius", to: { nan }),
    Case(keyPath: "shadowOffset", to: { CGSize(width: nan, height: 0) }),
    Case(keyPath: "position", to: { CGPoint(x: nan, y: 0) }, by: true),
    Case(keyPath: "position.x", to: { CGFloat(1e308) }, by: true),   // 20 + 1e308·… overflows at the end
    Case(keyPath: "opacity", to: { Float.nan }),
]

/// A shadowed 20 × 20 red layer at (20, 20) in a 40 × 40 white root.
private func scene() -> (root: CALayer, layer: CALayer) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
    root.backgroundColor = CGColor.white
    let l = CALayer()
    l.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
    l.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    l.shadowOpacity = 1
    l.shadowOffset = .zero
    l.shadowRadius = 2
    root.addSublayer(l)
    CATransaction.commit()
    return (root, l)
}

@Test(arguments: cases)
private func nonFiniteAnimatedValueKeepsTheModelValueAndReportsOnce(_ c: Case) {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let (root, l) = scene()
        let model = Golden.render(root, width: 40, height: 40, time: 0)
        let a = CABasicAnimation(keyPath: c.keyPath)
        if c.by { a.byValue = c.to() } else { a.fromValue = c.to(); a.toValue = c.to() }
        if c.keyPath == "position.x" { a.byValue = CGFloat(1e308); a.fromValue = CGFloat(1e308) }
        a.duration = 10
        let messages = StrataDiagnostics.capture {
            l.add(a, forKey: "bad")
            CATransaction.flush()
            clock.advance(by: 5)
            let image = Golden.render(root, width: 40, height: 40, time: 5)
            for (x, y) in [(20, 20), (9, 20), (2, 2)] {
                #expect(Golden.pixel(image, x, y) == Golden.pixel(model, x, y), "\(c) at \(x),\(y)")
            }
            let p = l.presentation()!
            #expect(p.bounds == l.bounds && p.position == l.position && p.anchorPoint == l.anchorPoint, "\(c)")
            #expect(CATransform3DEqualToTransform(p.transform, l.transform), "\(c)")
            #expect(p.zPosition == l.zPosition && p.cornerRadius == l.cornerRadius && p.borderWidth == l.borderWidth
                    && p.shadowRadius == l.shadowRadius && p.shadowOffset == l.shadowOffset && p.opacity == l.opacity, "\(c)")
            clock.advance(by: 1)
            _ = Golden.render(root, width: 40, height: 40, time: 6)
        }
        #expect(messages.count == 1, "\(c): \(messages)")
        #expect(messages.first?.contains("\"bad\"") == true && messages.first?.contains("non-finite") == true, "\(c): \(messages)")
    }
}

@Test func nonFiniteShadowPathPointKeepsTheModelPath() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let (root, l) = scene()
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 20, y: 0))
        path.addLine(to: CGPoint(x: 20, y: 20))
        let a = CABasicAnimation(keyPath: "shadowPath")
        a.fromValue = path
        let broken = CGMutablePath()
        broken.move(to: .zero)
        broken.addLine(to: CGPoint(x: nan, y: 0))
        broken.addLine(to: CGPoint(x: 20, y: 20))
        a.toValue = broken
        a.duration = 10
        let messages = StrataDiagnostics.capture {
            l.add(a, forKey: "bad")
            CATransaction.flush()
            clock.advance(by: 5)
            _ = Golden.render(root, width: 40, height: 40, time: 5)
            #expect(l.presentation()!.shadowPath == nil)
        }
        #expect(messages.count <= 1, "\(messages)")
    }
}

@Test func compiledAnimationToNaNReportsOnce() {
    // position from/to numbers takes the compiled path; its NaN is refused the same way.
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let (root, l) = scene()
        let a = CABasicAnimation(keyPath: "position")
        a.fromValue = CGPoint(x: 20, y: 20)
        a.toValue = CGPoint(x: nan, y: 20)
        a.duration = 10
        let messages = StrataDiagnostics.capture {
            l.add(a, forKey: "move")
            CATransaction.flush()
            for t in [2.0, 4.0] {
                clock.advance(by: 2)
                _ = Golden.render(root, width: 40, height: 40, time: t)
                #expect(l.presentation()!.position == CGPoint(x: 20, y: 20))
            }
        }
        #expect(messages.count == 1 && messages[0].contains("\"move\""), "\(messages)")
    }
}
