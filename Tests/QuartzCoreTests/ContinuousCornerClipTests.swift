import Testing
@testable import QuartzCore

/// `masksToBounds` with `cornerCurve = .continuous` clips contents and sublayers to the
/// continuous outline (a coverage mask), also inside an offscreen group.
///
/// Expected values as in `ContinuousCornerPixelTests` (radius 30 on 100 × 100, blue over white:
/// red = 255 (1 − coverage); path coverage may be up to ~0.1 low from 0.1 px chords).
private func renderClipped(_ curve: CALayerCornerCurve, childInGroup: Bool = false, contents: Bool = false) -> CGImage {
    let root = CALayer()
    CATransaction.begin(); CATransaction.setDisableActions(true)
    root.frame = CGRect(x: 0, y: 0, width: 140, height: 140)
    root.backgroundColor = CGColor(gray: 1, alpha: 1)
    let clipper = CALayer()
    clipper.frame = CGRect(x: 20, y: 20, width: 100, height: 100)
    clipper.cornerRadius = 30
    clipper.cornerCurve = curve
    clipper.masksToBounds = true
    if contents {
        let ctx = CGContext(data: nil, width: 100, height: 100, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue)!
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        clipper.contents = ctx.makeImage()
    } else {
        let child = CALayer()
        child.frame = CGRect(x: -10, y: -10, width: 120, height: 120)   // overflows the bounds
        child.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        if childInGroup {
            // A shadow with nothing visible sends the child through an offscreen surface.
            child.shadowColor = CGColor(gray: 0, alpha: 1)
            child.shadowOpacity = 0.001
            child.shadowRadius = 0
        }
        clipper.addSublayer(child)
    }
    root.addSublayer(clipper)
    CATransaction.commit()
    return Golden.render(root, width: 140, height: 140)
}

private func red(_ image: CGImage, _ x: Int, _ y: Int) -> Int { Int(image.surface[20 + x, 20 + y] >> 16 & 0xFF) }

@Test(.manualClock, arguments: [(false, false), (true, false), (false, true)])
func masksToBoundsClipsToTheContinuousOutline(childInGroup: Bool, contents: Bool) {
    let continuous = renderClipped(.continuous, childInGroup: childInGroup, contents: contents)
    let circular = renderClipped(.circular, childInGroup: childInGroup, contents: contents)
    // Local (20, 1): 45 % inside the circle, outside the continuous curve.
    #expect(continuous.surface[40, 21] == 0xFFFF_FFFF)
    #expect(abs(red(circular, 20, 1) - 139) <= 3)
    // Local (30, 0): all inside the circle, 33 % inside the continuous curve.
    #expect(circular.surface[50, 20] == 0xFF00_00FF)
    #expect((-3...26).contains(red(continuous, 30, 0) - 172))
    // Beyond 45.86 the edge is straight and the clip hard at the bounds.
    #expect(continuous.surface[70, 20] == 0xFF00_00FF)
    #expect(continuous.surface[70, 19] == 0xFFFF_FFFF)
    #expect(continuous.surface[70, 70] == 0xFF00_00FF)
}
