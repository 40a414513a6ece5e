/// Multiplies every pixel of `surface` by the alpha of `mask`, whose pixel (0, 0) lies on
/// surface pixel (offsetX, offsetY): `dst = dst × maskA / 255`, rounded.
///
/// As `CALayer.mask`: surface pixels outside the mask become transparent.
public func applyMask(_ surface: Surface, mask: Surface, offsetX: Int, offsetY: Int) {
    let width = surface.width
    for y in 0..<surface.height {
        let row = surface.row(y)
        let my = y - offsetY
        guard my >= 0, my < mask.height else {
            row.update(repeating: 0, count: width)
            continue
        }
        let mrow = mask.row(my)
        for x in 0..<width {
            let mx = x - offsetX
            let a: UInt32 = mx >= 0 && mx < mask.width ? mrow[mx] >> 24 : 0
            row[x] = a == 255 ? row[x] : mul255(row[x], a)
        }
    }
}
