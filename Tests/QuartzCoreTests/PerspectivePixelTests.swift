import Testing
@testable import QuartzCore
import StrataDemos

// Hand-computed pixels of listings 5.4–5.6 and the backface scene. Rotation by θ about Y maps a
// point's x to x·cos θ and gives it depth z = −x·sin θ; with m34 = −1/500 the screen offset
// is divided by w = 1 − z/500.

@Test func rotationAboutYWithoutPerspectiveOnlyNarrows() {
    let image = Golden.render(DemoScene.rotateY)
    // Width 140·cos 45° = 99.0: x from 110.5 to 209.5; the height stays 50…190.
    Golden.expectPixel(image, 112, 120, Golden.orange, "inside the narrowed left edge")
    Golden.expectPixel(image, 108, 120, Golden.paper, "outside it (inside the unrotated square)")
    Golden.expectPixel(image, 160, 52, Golden.orange, "full height")
    Golden.expectPixel(image, 203, 52, Golden.orange, "no perspective: right side as tall")
}

@Test func perspectiveMakesTheNearLeftEdgeTaller() {
    let image = Golden.render(DemoScene.rotateYPerspective)
    // Left edge: x' = −49.5, z = +49.5, w = 0.901 → x = 105.1, y = 120 ± 77.7 (42.3…197.7).
    // Right edge: z = −49.5, w = 1.099 → x = 205.0, y = 120 ± 63.7 (56.3…183.7).
    Golden.expectPixel(image, 107, 46, Golden.orange, "near edge reaches above y = 50")
    Golden.expectPixel(image, 203, 50, Golden.paper, "far edge starts below y = 56")
    Golden.expectPixel(image, 203, 120, Golden.orange, "far edge still drawn at mid-height")
    Golden.expectPixel(image, 102, 120, Golden.paper, "left of the near edge")
}

@Test func sharedPerspectiveUsesTheContainersVanishingPoint() {
    let image = Golden.render(DemoScene.sharedPerspective)
    // View 1 (centre 90) rotated +45°: its left edge at container x −70 − 38.9, z 38.9,
    // w = 0.922 → x = −118.1 → 41.9. With its own vanishing point it would be at 47.8.
    Golden.expectPixel(image, 44, 120, Golden.orange, "left edge pushed out by the shared vanishing point")
    Golden.expectPixel(image, 40, 120, Golden.paper, "left of it")
    // View 2 mirrors it: right edge at 320 − 41.9 = 278.1.
    Golden.expectPixel(image, 275, 120, Golden.orange, "right edge of the second view")
    Golden.expectPixel(image, 280, 120, Golden.paper, "right of it")
    Golden.expectPixel(image, 160, 120, Golden.paper, "the gap between them")
}

@Test func backfaceIsMirroredOrHidden() {
    let image = Golden.render(DemoScene.backface)
    // Left picture (110 px, left edge 35, top 65) turned by π: the bar (image x 22..<44, y 22..<88)
    // shows mirrored at x 35 + 110 − 44 … 35 + 110 − 22 = 101…123.
    Golden.expectPixel(image, 112, 100, Golden.navy, "bar on the right: mirrored")
    Golden.expectPixel(image, 68, 100, Golden.orange, "not on the left, where it was unmirrored")
    // Right picture: isDoubleSided = false, so nothing at all is drawn on the right half.
    var drawn = 0
    for y in 0..<240 { for x in 170..<320 where Golden.pixel(image, x, y) != Golden.paper { drawn += 1 } }
    #expect(drawn == 0, "\(drawn) pixels drawn by a hidden back face")
}

@Test func oppositeRotationsAboutZCancel() {
    let image = Golden.render(DemoScene.nestedZ)
    let blue: UInt32 = 0xFF4A_78B5
    // The inner 80 × 80 picture is upright: its top-left corner area (122, 82) is the picture.
    // Were it still turned 45°, |dx| + |dy| = 76 > 56.6 would put that pixel on the outer layer.
    Golden.expectPixel(image, 122, 82, Golden.orange, "inner corner upright")
    Golden.expectPixel(image, 160, 20, blue, "outer diamond's top vertex region (at y = 14)")
    Golden.expectPixel(image, 90, 50, Golden.paper, "outside the outer diamond")
}

@Test func oppositeRotationsAboutYDoNotCancelBecauseOfFlattening() {
    let image = Golden.render(DemoScene.nestedY)
    let blue: UInt32 = 0xFF4A_78B5
    // The inner picture, flattened onto the outer and tilted with it, spans x 140.3…180.3 on
    // row 120 (worked through the four matrices): 40 px, half its 80 px width.
    var innerWidth = 0
    for x in 0..<320 {
        let p = Golden.pixel(image, x, 120)
        if p == Golden.orange || p == Golden.navy { innerWidth += 1 }
    }
    #expect(innerWidth >= 38 && innerWidth <= 41, "inner width \(innerWidth)")
    #expect(innerWidth < 80)
    Golden.expectPixel(image, 138, 120, blue, "outer layer left of the inner")
    Golden.expectPixel(image, 183, 120, blue, "outer layer right of the inner")
    Golden.expectPixel(image, 142, 120, Golden.orange, "inner picture's left body")
}
