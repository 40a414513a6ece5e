import Dispatch

/// Blurs a premultiplied surface in place with an approximate Gaussian of standard
/// deviation `radius` pixels (three box passes each way, edges padded with transparent
/// black, as shadows need).
///
/// `radius` is the Gaussian's σ, which is what `CALayer.shadowRadius` behaves as; a radius
/// that is not positive (or NaN) leaves the surface unchanged; σ is capped at 1024.
/// The result is identical whatever `threads` is.
public func blur(_ surface: Surface, radius: Double, threads: Int = 2) {
    guard radius.isFinite, radius > 0, surface.width > 0, surface.height > 0 else { return }
    let sigma = min(radius, 1024)
    for box in boxWidths(sigma: sigma) where box > 1 {
        boxBlurRows(surface, half: box / 2, threads: threads)
    }
    for box in boxWidths(sigma: sigma) where box > 1 {
        boxBlurColumns(surface, half: box / 2, threads: threads)
    }
}

/// Three odd box widths whose successive application approximates a Gaussian of σ
/// (the variance of a box of width w is (w² − 1)/12; widths wl and wl + 2 are mixed so the
/// three variances add up to σ²).
func boxWidths(sigma: Double) -> [Int] {
    let n = 3.0
    var wl = Int((12 * sigma * sigma / n + 1).squareRoot().rounded(.down))
    if wl % 2 == 0 { wl -= 1 }
    wl = max(wl, 1)
    let wu = wl + 2
    let mIdeal = (12 * sigma * sigma - n * Double(wl * wl) - 4 * n * Double(wl) - 3 * n) / Double(-4 * wl - 4)
    let m = Int(mIdeal.rounded())
    return (0..<3).map { $0 < m ? wl : wu }
}

/// Runs `body(i)` for i in 0..<count, spread over `threads` workers (interleaved).
func parallelFor(_ count: Int, threads: Int, _ body: @Sendable (Int) -> Void) {
    let workers = max(1, min(threads, count))
    if workers == 1 {
        for i in 0..<count { body(i) }
        return
    }
    DispatchQueue.concurrentPerform(iterations: workers) { w in
        var i = w
        while i < count { body(i); i += workers }
    }
}

/// 2^24 / w rounded: `(sum · r + 2^23) >> 24` is sum / w rounded, for sums up to 255 · w.
@inline(__always)
func reciprocal(_ w: Int) -> Int { ((1 << 24) + w / 2) / w }

@inline(__always)
func packAverage(_ a: Int, _ r: Int, _ g: Int, _ b: Int, _ rec: Int) -> UInt32 {
    let half = 1 << 23
    return UInt32((a * rec + half) >> 24) << 24 | UInt32((r * rec + half) >> 24) << 16
        | UInt32((g * rec + half) >> 24) << 8 | UInt32((b * rec + half) >> 24)
}

/// One horizontal box pass of half-width `half` (window 2·half + 1), zero outside.
func boxBlurRows(_ surface: Surface, half: Int, threads: Int) {
    let width = surface.width
    let rec = reciprocal(2 * half + 1)
    parallelFor(surface.height, threads: threads) { y in
        let row = surface.row(y)
        let copy = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        defer { copy.deallocate() }
        copy.update(from: row, count: width)
        var a = 0, r = 0, g = 0, b = 0
        // The window for x = 0 is columns −half...half.
        for x in 0..<min(half, width) {
            let p = copy[x]
            a += Int(p >> 24); r += Int((p >> 16) & 255); g += Int((p >> 8) & 255); b += Int(p & 255)
        }
        for x in 0..<width {
            let enter = x + half
            if enter < width {
                let p = copy[enter]
                a += Int(p >> 24); r += Int((p >> 16) & 255); g += Int((p >> 8) & 255); b += Int(p & 255)
            }
            row[x] = packAverage(a, r, g, b, rec)
            let leave = x - half
            if leave >= 0 {
                let p = copy[leave]
                a -= Int(p >> 24); r -= Int((p >> 16) & 255); g -= Int((p >> 8) & 255); b -= Int(p & 255)
            }
        }
    }
}

/// One vertical box pass, as `boxBlurRows` but down columns; workers take stripes of 64
/// columns and slide running sums down all of a stripe's columns at once (row-major reads).
func boxBlurColumns(_ surface: Surface, half: Int, threads: Int) {
    let width = surface.width, height = surface.height, stride = surface.stride
    let rec = reciprocal(2 * half + 1)
    let copy = UnsafeMutablePointer<UInt32>.allocate(capacity: stride * height)
    defer { copy.deallocate() }
    copy.update(from: surface.pixels, count: stride * height)
    let source = UnsafePointer(copy)
    let stripe = 64
    let stripes = (width + stripe - 1) / stripe
    nonisolated(unsafe) let src = source
    parallelFor(stripes, threads: threads) { s in
        let x0 = s * stripe, x1 = min(width, x0 + stripe), n = x1 - x0
        let sums = UnsafeMutablePointer<Int>.allocate(capacity: 4 * n)
        defer { sums.deallocate() }
        sums.initialize(repeating: 0, count: 4 * n)
        func add(_ y: Int, _ sign: Int) {
            let p = src + y * stride + x0
            for i in 0..<n {
                let v = p[i]
                sums[4 * i] += sign * Int(v >> 24); sums[4 * i + 1] += sign * Int((v >> 16) & 255)
                sums[4 * i + 2] += sign * Int((v >> 8) & 255); sums[4 * i + 3] += sign * Int(v & 255)
            }
        }
        for y in 0..<min(half, height) { add(y, 1) }
        for y in 0..<height {
            if y + half < height { add(y + half, 1) }
            let out = surface.row(y) + x0
            for i in 0..<n {
                out[i] = packAverage(sums[4 * i], sums[4 * i + 1], sums[4 * i + 2], sums[4 * i + 3], rec)
            }
            if y - half >= 0 { add(y - half, -1) }
        }
    }
}
