import Testing
@testable import QuartzCore

// The smaller gaps the hardening sweep found: a NaN rotation silently gave the identity; a NaN
// for transform.rotation.z through KVC said "unknown key path component"; an animation of an
// unknown key path or with values of the wrong type changed nothing without a word; negative
// radii and widths were unchecked against Apple's behaviour (stored as given, drawn as 0).

@Test func nanRotationSaysSo() {
    var t = CATransform3DIdentity
    let messages = StrataDiagnostics.capture {
        t = CATransform3DMakeRotation(.nan, 0, 0, 1)
        _ = CATransform3DMakeRotation(1, .infinity, 0, 0)
        _ = CATransform3DMakeRotation(1, 0, 0, 0)     // a zero axis: the identity, as before, silently
    }
    #expect(CATransform3DIsIdentity(t))
    #expect(messages.count == 2 && messages.allSatisfy { $0.contains("CATransform3DMakeRotation") && $0.contains("non-finite") },
            "\(messages)")
}

@Test func nanRotationThroughKeyValueCodingSaysNonFinite() {
    let layer = CALayer()
    layer.setValue(0.5, forKeyPath: "transform.rotation.z")
    let before = layer.transform
    let messages = StrataDiagnostics.capture {
        layer.setValue(CGFloat.nan, forKeyPath: "transform.rotation.z")
        layer.setValue("x", forKeyPath: "transform.scale")
    }
    #expect(CATransform3DEqualToTransform(layer.transform, before))
    #expect(messages.count == 2, "\(messages)")
    #expect(messages.first == "setValue(_:forKeyPath: \"transform.rotation.z\"): rejected non-finite value nan; the old value is kept",
            "\(messages)")
    #expect(messages.last?.contains("String is not a valid value") == true, "\(messages)")
}

@Test func animationOfAnUnknownKeyPathOrWrongTypeSaysSoOnce() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        let unknown = CABasicAnimation(keyPath: "position.z")
        unknown.fromValue = CGFloat(0); unknown.toValue = CGFloat(1); unknown.duration = 10
        let wrongType = CABasicAnimation(keyPath: "opacity")
        wrongType.fromValue = "zero"; wrongType.toValue = "one"; wrongType.duration = 10
        let messages = StrataDiagnostics.capture {
            root.add(unknown, forKey: "unknown")
            root.add(wrongType, forKey: "wrongType")
            CATransaction.flush()
            for t in [1.0, 2.0, 3.0] {
                clock.advance(by: 1)
                _ = Golden.render(root, width: 8, height: 8, time: t)
                #expect(root.presentation()!.opacity == 1)
            }
        }
        #expect(messages.count == 2, "\(messages)")
        #expect(messages.contains { $0.contains("\"unknown\"") && $0.contains("position.z") }, "\(messages)")
        #expect(messages.contains { $0.contains("\"wrongType\"") && $0.contains("String is the wrong type") }, "\(messages)")
    }
}

@Test(.manualClock) func negativeRadiiAndBorderWidthAreStoredAndDrawnAsZero() {
    // Apple: rounding starts above a radius of 0, a border above a width of 0; the values are
    // kept as set. A shadow's blur of a negative radius is no blur.
    func scene(_ v: CGFloat) -> CALayer {
        CATransaction.begin(); CATransaction.setDisableActions(true)
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.backgroundColor = CGColor.white
        let l = CALayer()
        l.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        l.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        l.borderColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        l.shadowOpacity = 1
        l.shadowOffset = CGSize(width: 4, height: 4)
        l.cornerRadius = v; l.borderWidth = v; l.shadowRadius = v
        root.addSublayer(l)
        CATransaction.commit()
        #expect(l.cornerRadius == v && l.borderWidth == v && l.shadowRadius == v)
        return root
    }
    let negative = Golden.render(scene(-5), width: 40, height: 40)
    let zero = Golden.render(scene(0), width: 40, height: 40)
    for y in 0..<40 { for x in 0..<40 { #expect(negative.surface[x, y] == zero.surface[x, y], "\(x),\(y)") } }
    Golden.expectPixel(negative, 10, 10, 0xFF00_00FF, "a square corner")
    Golden.expectPixel(negative, 32, 32, 0xFF00_0000, "a hard-edged shadow")
}
