import Testing
@testable import QuartzCore

// A shadowed layer whose mapping to the screen is degenerate (all-zero, m44 = 0, at the eye
// plane) or huge (±1e300 scale, radius or offset) crashed the renderer converting a non-finite
// or out-of-range Double to Int while sizing its offscreen pass. Apple draws nothing for such a
// layer; the frame must still be drawn around it.

private enum Case: String, CaseIterable {
    case zeroTransform, zeroM44, zeroSublayerTransform, zeroM44SublayerTransform, eyePlane
    case hugeRadius, negativeHugeRadius, hugeOffset, negativeHugeOffset, hugeScale, negativeHugeScale, tinyM44
}

/// A 40 × 40 white root with a blue marker at its top-left and one shadowed red layer set up as
/// `c` says.
private func scene(_ c: Case) -> CALayer {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
    root.backgroundColor = CGColor.white
    let marker = CALayer()
    marker.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
    marker.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    root.addSublayer(marker)
    let holder = CALayer()
    holder.frame = root.bounds
    root.addSublayer(holder)
    let l = CALayer()
    l.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
    l.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    l.shadowOpacity = 1
    l.shadowRadius = 3
    switch c {
    case .zeroTransform: l.transform = CATransform3D()
    case .zeroM44: var t = CATransform3DIdentity; t.m44 = 0; l.transform = t
    case .zeroSublayerTransform: holder.sublayerTransform = CATransform3D()
    case .zeroM44SublayerTransform: var t = CATransform3DIdentity; t.m44 = 0; holder.sublayerTransform = t
    case .eyePlane:
        var t = CATransform3DIdentity; t.m34 = -1.0 / 500; holder.sublayerTransform = t
        l.zPosition = 500
    case .hugeRadius: l.shadowRadius = 1e300
    case .negativeHugeRadius: l.shadowRadius = -1e300
    case .hugeOffset: l.shadowOffset = CGSize(width: 1e300, height: 1e300)
    case .negativeHugeOffset: l.shadowOffset = CGSize(width: -1e300, height: -1e300)
    case .hugeScale: l.transform = CATransform3DMakeScale(1e300, 1e300, 1)
    case .negativeHugeScale: l.transform = CATransform3DMakeScale(-1e300, -1e300, 1)
    case .tinyM44: var t = CATransform3DIdentity; t.m44 = 1e-300; l.transform = t
    }
    holder.addSublayer(l)
    CATransaction.commit()
    return root
}

@Test(.manualClock, arguments: Case.allCases)
private func degenerateShadowedLayerDoesNotCrashTheFrame(_ c: Case) {
    let image = Golden.render(scene(c), width: 40, height: 40)
    if c == .tinyM44 {
        // w = 1e-300 scales the layer 1e300 times about its centre: it covers the frame, as huge
        // but finite geometry must (issue #25; its outline's products overflowed and it drew
        // nothing before).
        Golden.expectPixel(image, 1, 1, 0xFFFF_0000, "\(c): the layer covers the frame")
    } else {
        Golden.expectPixel(image, 1, 1, 0xFF00_00FF, "\(c): the rest of the frame still draws")
    }
    for y in 0..<40 {
        for x in 0..<40 {
            let p = image.surface[x, y], a = p >> 24
            #expect((p >> 16) & 255 <= a && (p >> 8) & 255 <= a && p & 255 <= a, "\(c): premultiplied at \(x),\(y)")
        }
    }
}

@Test(.manualClock) func shadowAtOrdinaryScaleStillDraws() {
    // The guard must not drop an ordinary shadow: below the layer, offset 0, radius 3.
    let root = scene(.zeroTransform)
    CATransaction.begin(); CATransaction.setDisableActions(true)
    root.sublayers![1].sublayers![0].transform = CATransform3DIdentity
    CATransaction.commit()
    let ok = Golden.render(root, width: 40, height: 40)
    Golden.expectPixel(ok, 20, 20, 0xFFFF_0000, "the layer itself")
    #expect(Golden.pixel(ok, 8, 20) != 0xFFFF_FFFF, "its shadow darkens the white just outside it")
}
