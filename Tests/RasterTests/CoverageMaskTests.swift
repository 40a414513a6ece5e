import Testing
@testable import Raster

@Test func maskFromAPathClipsAFillByItsCoverage() {
    // The mask: left half of a 16×16 square, with a half-covered column at x = 7.
    let mask = CoverageMask(path: PathGeometry(rect: 0, 0, 7.5, 16), rule: .nonZero, localToDevice: .identity,
                            rect: IntRect(x0: 0, y0: 0, x1: 16, y1: 16))
    #expect(mask[3, 3] == 255 && mask[7, 3] == 128 && mask[8, 3] == 0)
    let s = Surface(width: 16, height: 16)
    var clip = Clip()
    clip.mask = mask
    // A rounded rect and a path, both clipped.
    execute([FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 16, maxY: 8), localToDevice: .identity,
                         paint: .solid(0xFFFF_FFFF), clip: clip),
             FillCommand(path: PathGeometry(rect: 0, 8, 16, 16), rule: .nonZero, localToDevice: .identity,
                         paint: .solid(0xFFFF_FFFF), clip: clip)], on: s, threads: 2)
    for y in [2, 12] {
        #expect(s[3, y] == 0xFFFF_FFFF)
        #expect(s[7, y] == 0x8080_8080)
        #expect(s[10, y] == 0)
    }
}

@Test func intersectingMasksMultiplies() {
    let a = CoverageMask(rect: IntRect(x0: 0, y0: 0, x1: 4, y1: 4), fill: 128)
    let b = CoverageMask(rect: IntRect(x0: 2, y0: 0, x1: 6, y1: 4), fill: 255)
    a.intersect(b)
    // 128 × 255 / 255 inside b; 0 outside it.
    #expect(a[3, 1] == 128 && a[1, 1] == 0)
    // Out of range reads are 0; writes are ignored.
    a[100, 100] = 7
    #expect(a[100, 100] == 0 && a[-1, 0] == 0)
}
