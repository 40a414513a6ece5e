// CGColor.copy(), converted(to:intent:options:), the common color space names, CGImage
// copy() and masking(_:), and the unknown timing-function name.
import QuartzCore
import Testing

private func close(_ a: [CGFloat]?, _ b: [CGFloat], _ tolerance: CGFloat = 1e-6) -> Bool {
    guard let a, a.count == b.count else { return false }
    return zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

@Test func colorSpaceNamesCreateSpaces() {
    for name in [CGColorSpace.sRGB, CGColorSpace.extendedSRGB, CGColorSpace.linearSRGB, CGColorSpace.displayP3,
                 CGColorSpace.genericGrayGamma2_2, CGColorSpace.extendedLinearSRGB] {
        #expect(CGColorSpace(name: name)?.name == name, "\(name)")
    }
    #expect(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)?.model == .monochrome)
    #expect(CGColorSpace(name: "kCGColorSpaceNoSuchSpace") == nil)
    #expect(CGColorSpaceCreateDeviceRGB().model == .rgb)
}

@Test func colorCopyAndConversion() throws {
    let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 0.5)
    #expect(red.copy() == red)
    let p3 = try #require(CGColorSpace(name: CGColorSpace.displayP3))
    let inP3 = red.converted(to: p3, intent: .defaultIntent, options: nil)
    #expect(close(inP3?.components, [0.917_487_6, 0.200_286_8, 0.138_560_9, 0.5]))
    let back = inP3?.converted(to: try #require(CGColorSpace(name: CGColorSpace.sRGB)), intent: .perceptual, options: nil)
    #expect(close(back?.components, [1, 0, 0, 0.5]))
    let linear = try #require(CGColorSpace(name: CGColorSpace.linearSRGB))
    let half = CGColor(srgbRed: 0.5, green: 0.5, blue: 0.5, alpha: 1).converted(to: linear, intent: .defaultIntent, options: nil)
    #expect(close(half?.components, [0.214_041_1, 0.214_041_1, 0.214_041_1, 1]))
    let gray = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        .converted(to: try #require(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)), intent: .defaultIntent, options: nil)
    #expect(close(gray?.components, [1, 1]))
}

@Test func imageCopyAndMasking() throws {
    let image = try CGImage(width: 2, height: 1, premultipliedBGRA: [0xFFFF_0000, 0xFF00_FF00])
    let copy = try #require(image.copy())
    #expect(copy !== image && copy.width == 2 && copy.height == 1)
    #expect(copy.dataProvider?.data == image.dataProvider?.data)
    // Black shows, white hides.
    let mask = try CGImage(width: 2, height: 1, premultipliedBGRA: [0xFF00_0000, 0xFFFF_FFFF])
    let masked = try #require(image.masking(mask))
    let bytes = try #require(masked.dataProvider?.data)
    #expect(Array(bytes) == [0, 0, 0xFF, 0xFF, 0, 0, 0, 0])
    #expect(image.cropping(to: CGRect(x: 1, y: 0, width: 1, height: 1))?.width == 1)
}

@Test func unknownTimingFunctionNameIsReported() {
    nonisolated(unsafe) var messages: [String] = []
    let previous = StrataDiagnostics.handler
    StrataDiagnostics.handler = { messages.append($0) }
    let f = CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: "bouncy"))
    StrataDiagnostics.handler = previous
    #expect(messages.filter { $0.contains("bouncy") }.count == 1)   // other tests may report meanwhile
    #expect(f == CAMediaTimingFunction(name: .linear))
}
