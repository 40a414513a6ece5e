import Foundation
@testable import QuartzCore

/// Pixel reads and comparisons for screenshots and in-process renders.
extension CGImage {
    /// The colour at (x, y), top-left origin.
    func rgb(_ x: Int, _ y: Int) -> RGB { RGB(pixel: pixel(x: x, y: y)) }

    /// The fraction of pixels whose colours differ by more than `threshold` in some channel
    /// from `other` (1 when the sizes differ).
    func fractionDiffering(from other: CGImage, threshold: Int = 48) -> Double {
        guard width == other.width, height == other.height,
              let a = dataProvider?.data, let b = other.dataProvider?.data else { return 1 }
        // Raw words (not `rgb(x, y)` per pixel): debug builds make per-pixel calls slow, and
        // this runs on every screenshot of an animation.
        let strideA = bytesPerRow / 4, strideB = other.bytesPerRow / 4
        var differing = 0
        a.withUnsafeBytes { (pa: UnsafeRawBufferPointer) in
            b.withUnsafeBytes { (pb: UnsafeRawBufferPointer) in
                let wa = pa.bindMemory(to: UInt32.self), wb = pb.bindMemory(to: UInt32.self)
                for y in 0..<height {
                    for x in 0..<width {
                        let p = wa[y * strideA + x], q = wb[y * strideB + x]
                        if p == q { continue }
                        let dr = abs(Int(p >> 16 & 0xFF) - Int(q >> 16 & 0xFF))
                        let dg = abs(Int(p >> 8 & 0xFF) - Int(q >> 8 & 0xFF))
                        let db = abs(Int(p & 0xFF) - Int(q & 0xFF))
                        if max(dr, dg, db) > threshold { differing += 1 }
                    }
                }
            }
        }
        return Double(differing) / Double(width * height)
    }

    /// The fraction of pixels that are not black.
    var fractionNonBlack: Double {
        var count = 0
        for y in 0..<height { for x in 0..<width where rgb(x, y).distance(to: .black) > 16 { count += 1 } }
        return Double(count) / Double(width * height)
    }
}
