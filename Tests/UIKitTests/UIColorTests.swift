import Testing
import UIKit

/// Reads a colour's RGBA through `getRed`, as app code does.
private func rgba(_ c: UIColor) -> [CGFloat] {
    var r: CGFloat = -9, g: CGFloat = -9, b: CGFloat = -9, a: CGFloat = -9
    #expect(c.getRed(&r, green: &g, blue: &b, alpha: &a))
    return [r, g, b, a]
}

@Test func rgbInitializerKeepsExtendedComponentsAndClampsAlpha() {
    #expect(rgba(UIColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5)) == [0.25, 0.5, 0.75, 0.5])
    // iOS 10+: components are extended sRGB (not clamped); alpha is clamped.
    #expect(rgba(UIColor(red: 1.5, green: -0.25, blue: 0, alpha: 2)) == [1.5, -0.25, 0, 1])
    #expect(rgba(UIColor(red: 0, green: 0, blue: 0, alpha: -1))[3] == 0)
    let c = UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
    #expect(c.cgColor.components == [0.2, 0.4, 0.6, 0.8])
    #expect(c.cgColor.colorSpace?.name == CGColorSpace.extendedSRGB)
}

@Test func whiteInitializerIsGrayAndReadsBackEverywhere() {
    let c = UIColor(white: 0.3, alpha: 0.7)
    var w: CGFloat = 0, a: CGFloat = 0
    #expect(c.getWhite(&w, alpha: &a))
    #expect(w == 0.3 && a == 0.7)
    #expect(rgba(c) == [0.3, 0.3, 0.3, 0.7])
    #expect(c.cgColor.components == [0.3, 0.7])
    #expect(c.cgColor.colorSpace?.name == CGColorSpace.extendedGray)
    // An RGB colour is not in a compatible space: false, parameters unchanged.
    var w2: CGFloat = 42, a2: CGFloat = 43
    #expect(!UIColor.red.getWhite(&w2, alpha: &a2))
    #expect(w2 == 42 && a2 == 43)
}

@Test func hueSaturationBrightnessRoundTrip() {
    // Hand-computed: hue 1/3 (green sector start), s 0.5, v 0.8 -> (0.4, 0.8, 0.4).
    let c = UIColor(hue: 1.0 / 3.0, saturation: 0.5, brightness: 0.8, alpha: 1)
    let v = rgba(c)
    #expect(abs(v[0] - 0.4) < 1e-12 && abs(v[1] - 0.8) < 1e-12 && abs(v[2] - 0.4) < 1e-12)
    var h: CGFloat = 0, s: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
    #expect(c.getHue(&h, saturation: &s, brightness: &b, alpha: &a))
    #expect(abs(h - 1.0 / 3.0) < 1e-12 && abs(s - 0.5) < 1e-12 && abs(b - 0.8) < 1e-12 && a == 1)
    // Orange: hue 30°.
    #expect(UIColor.orange.getHue(&h, saturation: &s, brightness: &b, alpha: &a))
    #expect(abs(h - 30.0 / 360.0) < 1e-12 && s == 1 && b == 1)
    // Hue 1 wraps to red; gray has hue and saturation 0.
    #expect(rgba(UIColor(hue: 1, saturation: 1, brightness: 1, alpha: 1)) == [1, 0, 0, 1])
    #expect(UIColor.gray.getHue(&h, saturation: &s, brightness: &b, alpha: &a))
    #expect(h == 0 && s == 0 && b == 0.5)
    // Every sector: hue k/6 + 1/12 at full s and v.
    let expected: [[CGFloat]] = [[1, 0.5, 0], [0.5, 1, 0], [0, 1, 0.5], [0, 0.5, 1], [0.5, 0, 1], [1, 0, 0.5]]
    for k in 0..<6 {
        let got = rgba(UIColor(hue: CGFloat(k) / 6 + 1.0 / 12, saturation: 1, brightness: 1, alpha: 1))
        for i in 0..<3 { #expect(abs(got[i] - expected[k][i]) < 1e-12, "sector \(k)") }
    }
}

@Test func namedColorsHaveAppleDocumentedComponents() {
    #expect(rgba(.red) == [1, 0, 0, 1])
    #expect(rgba(.green) == [0, 1, 0, 1])
    #expect(rgba(.blue) == [0, 0, 1, 1])
    #expect(rgba(.cyan) == [0, 1, 1, 1])
    #expect(rgba(.yellow) == [1, 1, 0, 1])
    #expect(rgba(.magenta) == [1, 0, 1, 1])
    #expect(rgba(.orange) == [1, 0.5, 0, 1])
    #expect(rgba(.purple) == [0.5, 0, 0.5, 1])
    #expect(rgba(.brown) == [0.6, 0.4, 0.2, 1])
    #expect(rgba(.black) == [0, 0, 0, 1])
    #expect(rgba(.white) == [1, 1, 1, 1])
    #expect(rgba(.gray) == [0.5, 0.5, 0.5, 1])
    let third: CGFloat = 1.0 / 3.0, twoThirds: CGFloat = 2.0 / 3.0
    #expect(rgba(.darkGray) == [third, third, third, 1])
    #expect(rgba(.lightGray) == [twoThirds, twoThirds, twoThirds, 1])
    #expect(rgba(.clear) == [0, 0, 0, 0])
    #expect(UIColor.black.cgColor.components == [0, 1])   // gray space, as on iOS
    #expect(UIColor.red === UIColor.red)                  // shared instances
}

@Test func systemColorsHaveLightModeHIGValues() {
    func bytes(_ c: UIColor) -> [Int] { rgba(c).prefix(3).map { Int(($0 * 255).rounded()) } }
    #expect(bytes(.systemBlue) == [0, 122, 255])
    #expect(bytes(.systemRed) == [255, 59, 48])
    #expect(bytes(.systemGreen) == [52, 199, 89])
    #expect(bytes(.systemOrange) == [255, 149, 0])
    #expect(bytes(.systemYellow) == [255, 204, 0])
    #expect(bytes(.systemPink) == [255, 45, 85])
    #expect(bytes(.systemPurple) == [175, 82, 222])
    #expect(bytes(.systemIndigo) == [88, 86, 214])
    #expect(bytes(.systemTeal) == [48, 176, 199])
    #expect(bytes(.systemGray) == [142, 142, 147])
    #expect(bytes(.systemGray6) == [242, 242, 247])
    #expect(rgba(.label) == [0, 0, 0, 1])
    #expect(rgba(.systemBackground) == [1, 1, 1, 1])
    #expect(bytes(.secondaryLabel) == [60, 60, 67] && rgba(.secondaryLabel)[3] == 0.6)
    #expect(bytes(.secondarySystemBackground) == [242, 242, 247])
    #expect(rgba(.separator)[3] == 0.29)
}

@Test func cgColorRoundTripsAndDisplayP3ConvertsToExtendedSRGB() {
    let cg = CGColor(srgbRed: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
    let c = UIColor(cgColor: cg)
    #expect(c.cgColor === cg)
    #expect(rgba(c) == [0.1, 0.2, 0.3, 0.4])
    #expect(rgba(UIColor(cgColor: CGColor(gray: 0.25, alpha: 1))) == [0.25, 0.25, 0.25, 1])
    // P3 pure red is outside sRGB: extended components (Apple reports ≈ 1.0931, −0.2267, −0.1501).
    let p3 = rgba(UIColor(displayP3Red: 1, green: 0, blue: 0, alpha: 1))
    #expect(abs(p3[0] - 1.0931) < 1e-3 && abs(p3[1] + 0.2267) < 1e-3 && abs(p3[2] + 0.1501) < 1e-3)
    #expect(UIColor(displayP3Red: 1, green: 0, blue: 0, alpha: 1).cgColor.colorSpace?.name == CGColorSpace.displayP3)
}

@Test func withAlphaComponentEqualityAndHashing() {
    let half = UIColor.red.withAlphaComponent(0.5)
    #expect(rgba(half) == [1, 0, 0, 0.5])
    #expect(rgba(UIColor.white.withAlphaComponent(3))[3] == 1)
    #expect(UIColor(red: 1, green: 0, blue: 0, alpha: 1) == UIColor.red)
    #expect(UIColor(red: 1, green: 0, blue: 0, alpha: 1).hash == UIColor.red.hash)
    #expect(UIColor(white: 1, alpha: 1) != UIColor(red: 1, green: 1, blue: 1, alpha: 1))
    #expect(Set([UIColor.red, UIColor(red: 1, green: 0, blue: 0, alpha: 1), .blue]).count == 2)
    #expect(UIColor.red.description == "UIExtendedSRGBColorSpace 1 0 0 1")
    #expect(UIColor.gray.description == "UIExtendedGrayColorSpace 0.5 1")
}

@Test func nonFiniteComponentsAreReplacedWithAMessage() {
    var c: UIColor?
    let messages = StrataDiagnostics.capture {
        c = UIColor(red: .nan, green: .infinity, blue: 0.5, alpha: .nan)
    }
    #expect(rgba(c!) == [0, 0, 0.5, 1])
    #expect(messages.count == 1)
    #expect(rgba(UIColor(hue: .nan, saturation: 1, brightness: 1, alpha: 1)) == [1, 0, 0, 1])
    #expect(rgba(UIColor(white: -.infinity, alpha: 0.5)) == [0, 0, 0, 0.5])
    #expect(rgba(UIColor.red.withAlphaComponent(.nan))[3] == 1)
    let extreme = UIColor(hue: 1e300, saturation: -5, brightness: 7, alpha: 1).cgColor.components ?? []
    #expect(extreme.count == 4 && extreme.allSatisfy { $0.isFinite })
}

@Test func setFillAndSetStrokeGoToTheCurrentContext() {
    let ctx = CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                        space: CGColorSpace(name: CGColorSpace.sRGB)!,
                        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    UIColor.red.setFill() // no context: nothing happens, no crash
    UIGraphicsPushContext(ctx)
    #expect(UIGraphicsGetCurrentContext() === ctx)
    UIColor.blue.setFill()
    ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
    UIColor.red.setStroke()
    ctx.setLineWidth(1)
    ctx.strokeLineSegments(between: [CGPoint(x: 0, y: 0.5), CGPoint(x: 2, y: 0.5)])   // bottom row (y up)
    UIColor.green.set()
    ctx.fill(CGRect(x: 0, y: 1, width: 1, height: 1))                                  // top-left pixel
    UIGraphicsPopContext()
    #expect(UIGraphicsGetCurrentContext() == nil)
    let px = ctx.data!.assumingMemoryBound(to: UInt32.self)
    #expect([px[0], px[1], px[2], px[3]] == [0xFF00_FF00, 0xFF00_00FF, 0xFFFF_0000, 0xFFFF_0000])
}
