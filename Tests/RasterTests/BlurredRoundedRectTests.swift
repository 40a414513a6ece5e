import Foundation
import Testing
@testable import Raster

// `fillBlurredRoundedRect`: a shadow's mask in closed form, against hand-computed values and
// against the shape rasterised and blurred.

private func alpha(_ s: Surface, _ x: Int, _ y: Int) -> Int { Int(s[x, y] >> 24) }

/// The pixel average over [p, p + 1] of Φ((u − lo)/σ) − Φ((u − hi)/σ), by Simpson's rule.
private func referenceAverage(_ p: Double, _ lo: Double, _ hi: Double, _ sigma: Double) -> Double {
    func f(_ u: Double) -> Double { 0.5 * (erf((u - lo) / (sigma * 2.0.squareRoot())) - erf((u - hi) / (sigma * 2.0.squareRoot()))) }
    let n = 64
    var sum = f(p) + f(p + 1)
    for i in 1..<n { sum += f(p + Double(i) / Double(n)) * (i % 2 == 1 ? 4 : 2) }
    return sum / Double(3 * n)
}

@Test func aLargeBlurredRectIsFullInsideEmptyFarOutsideAndHalfAtItsEdge() {
    let mask = Surface(width: 300, height: 300)
    fillBlurredRoundedRect(mask, shape: RoundedRect(minX: 50, minY: 50, maxX: 250, maxY: 250), sigma: 10)
    #expect(mask[150, 150] == 0xFF00_0000, "the centre: the shadow colour at full opacity")
    #expect(mask[5, 5] == 0, "far outside (4.5σ away on both axes): nothing")
    #expect(mask[150, 2] == 0, "4.8σ above the top edge: nothing")
    // At the left edge (x = 50), midway down: the pixels either side of it are ≈ ½ and add up to 1.
    let left = alpha(mask, 49, 150), right = alpha(mask, 50, 150)
    #expect(abs(left + right - 255) <= 1)
    #expect(abs(left - 122) <= 1 && abs(right - 133) <= 1, "\(left) \(right)")
    // Every pixel of that row as the integral of the blurred edge says (to one level).
    for x in stride(from: 0, to: 300, by: 7) {
        let expected = Int((referenceAverage(Double(x), 50, 250, 10) * 255).rounded())
        #expect(abs(alpha(mask, x, 150) - expected) <= 1, "x = \(x): \(alpha(mask, x, 150)) vs \(expected)")
    }
    // Only alpha: black, premultiplied.
    #expect(mask[49, 150] & 0x00FF_FFFF == 0)
}

@Test func sigmaZeroGivesTheShapesExactCoverage() {
    let mask = Surface(width: 30, height: 30)
    fillBlurredRoundedRect(mask, shape: RoundedRect(minX: 10.25, minY: 10, maxX: 20, maxY: 20.5), sigma: 0)
    #expect(alpha(mask, 10, 12) == 191, "¾ of the pixel: 191.25")
    #expect(alpha(mask, 15, 15) == 255)
    #expect(alpha(mask, 15, 20) == 128, "½ of the pixel: 127.5 rounds up")
    #expect(alpha(mask, 9, 15) == 0 && alpha(mask, 20, 15) == 0)
}

/// The shape's coverage rasterised, then blurred by an exact (sampled, normalised) Gaussian.
private func gaussianReference(_ shape: RoundedRect, width: Int, height: Int, sigma: Double) -> [Double] {
    let s = Surface(width: width, height: height)
    execute([RenderPass(target: .framebuffer, commands: [FillCommand(shape: shape, localToDevice: .identity, paint: .solid(0xFF00_0000))])],
            on: s, threads: 1)
    var a = (0..<(width * height)).map { Double(s.pixels[$0] >> 24) / 255 }
    let r = Int((4 * sigma).rounded(.up))
    let kernel = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
    let total = kernel.reduce(0, +)
    var b = a
    for y in 0..<height {
        for x in 0..<width {
            var sum = 0.0
            for k in -r...r where x + k >= 0 && x + k < width { sum += kernel[k + r] * a[y * width + x + k] }
            b[y * width + x] = sum / total
        }
    }
    for y in 0..<height {
        for x in 0..<width {
            var sum = 0.0
            for k in -r...r where y + k >= 0 && y + k < height { sum += kernel[k + r] * b[(y + k) * width + x] }
            a[y * width + x] = sum / total
        }
    }
    return a
}

@Test func aBlurredRoundedRectMatchesTheShapeRasterisedAndBlurred() {
    // Corners of several radii, soft and sharp: within 1 level of an exact Gaussian of the
    // rasterised shape (4 for σ < 1, where sampling the Gaussian at whole pixels is itself
    // inexact), and within 4 of the three-box blur shadows from a layer's alpha use (σ ≥ 2;
    // three boxes approximate a narrower Gaussian poorly).
    for (radius, sigma) in [(20.0, 8.0), (6.0, 2.5), (12.0, 0.8)] {
        let w = 130, h = 110
        let shape = RoundedRect(minX: 30.3, minY: 25.6, maxX: 101.7, maxY: 86.2, topLeft: radius, topRight: radius / 2,
                                bottomRight: radius, bottomLeft: 0)
        let mask = Surface(width: w, height: h)
        fillBlurredRoundedRect(mask, shape: shape, sigma: sigma)
        let exact = gaussianReference(shape, width: w, height: h, sigma: sigma)
        var worst = 0
        for i in 0..<(w * h) { worst = max(worst, abs(Int(mask.pixels[i] >> 24) - Int((exact[i] * 255).rounded()))) }
        #expect(worst <= (sigma < 1 ? 4 : 1), "r \(radius) σ \(sigma): worst difference from a Gaussian \(worst)")

        let boxed = Surface(width: w, height: h)
        execute([RenderPass(target: .framebuffer, commands: [FillCommand(shape: shape, localToDevice: .identity, paint: .solid(0xFF00_0000))],
                            effect: .blur(radius: sigma))], on: boxed, threads: 1)
        var worstBox = 0
        for i in 0..<(w * h) { worstBox = max(worstBox, abs(Int(mask.pixels[i] >> 24) - Int(boxed.pixels[i] >> 24))) }
        #expect(sigma < 2 || worstBox <= 4, "r \(radius) σ \(sigma): worst difference from three box passes \(worstBox)")
    }
}

@Test func hostileShapesAndSigmasLeaveATransparentOrBoundedMask() {
    let mask = Surface(width: 20, height: 20)
    mask.clear(0xFFFF_FFFF)
    fillBlurredRoundedRect(mask, shape: RoundedRect(minX: .nan, minY: 0, maxX: 10, maxY: 10), sigma: 3)
    #expect((0..<400).allSatisfy { mask.pixels[$0] == 0 }, "a NaN shape: cleared, nothing drawn")
    fillBlurredRoundedRect(mask, shape: RoundedRect(minX: -1e300, minY: -1e300, maxX: 1e300, maxY: 1e300, cornerRadius: 1e300), sigma: .infinity)
    #expect(mask[10, 10] >> 24 == 255, "a shape covering everything is full (σ infinite counts as 0)")
    fillBlurredRoundedRect(mask, shape: RoundedRect(minX: 2, minY: 2, maxX: 18, maxY: 18, cornerRadius: 8), sigma: 1e9)
    #expect((0..<400).allSatisfy { $0 >= 0 && mask.pixels[$0] >> 24 <= 1 }, "σ capped at 1024: spread to nearly nothing")
    fillBlurredRoundedRect(Surface(width: 0, height: 0), shape: RoundedRect(minX: 0, minY: 0, maxX: 1, maxY: 1), sigma: 1)
}
