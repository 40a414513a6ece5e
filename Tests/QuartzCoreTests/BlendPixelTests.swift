import Testing
@testable import QuartzCore
import StrataDemos

// Exact 8-bit source-over of premultiplied colours: a layer at opacity 0.5 has its colour scaled
// by 128/255 (0.5·255 + 0.5 truncated), and out = src + dst·(255 − srcA)/255, rounded.
// Red 50 % over white: (128, 128, 0, 0) + white·127/255 = (255, 255, 127, 127).
// Then blue 50 % over that: (128, 0, 0, 128) + (255, 255, 127, 127)·127/255
//   = (128 + 127, 0 + 127, 0 + 63, 128 + 63) = 0xFF7F3FBF.
// Blue first, then red: blue over white = (255, 127, 127, 255); red over it = 0xFFBF3F7F.

@Test func twoHalfOpaqueLayersBlendToTheExact8BitValue() {
    let root = CALayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    root.bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
    root.backgroundColor = CGColor.white
    for (x, color) in [(20.0, CGColor(red: 1, green: 0, blue: 0, alpha: 1)), (40.0, CGColor(red: 0, green: 0, blue: 1, alpha: 1))] {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
        layer.position = CGPoint(x: x, y: 20)
        layer.backgroundColor = color
        layer.opacity = 0.5
        root.addSublayer(layer)
    }
    CATransaction.commit()
    let image = Golden.render(root, width: 60, height: 40)
    Golden.expectPixel(image, 10, 20, 0xFFFF_7F7F, "red alone over white")
    Golden.expectPixel(image, 30, 20, 0xFF7F_3FBF, "blue over red over white")
    Golden.expectPixel(image, 50, 20, 0xFF7F_7FFF, "blue alone over white")
    Golden.expectPixel(image, 30, 2, 0xFFFF_FFFF, "white above both")
}

@Test func intersectingPlanesBlendInDepthOrderOnEachSideOfTheirCrossing() {
    let image = Golden.render(DemoScene.intersectingPlanes)
    // Left of the crossing red is nearer: drawn last.
    Golden.expectPixel(image, 140, 120, 0xFFBF_3F7F, "red over blue")
    // Right of it blue is nearer.
    Golden.expectPixel(image, 180, 120, 0xFF7F_3FBF, "blue over red")
    // Red's left edge: x' = −90·cos 30° = −77.9, z = 45, w = 0.91 → 74.4; blue's (z = −45,
    // w = 1.09) → 88.5. Between them, red alone.
    Golden.expectPixel(image, 80, 120, 0xFFFF_7F7F, "red alone")
    Golden.expectPixel(image, 240, 120, 0xFF7F_7FFF, "blue alone")
    Golden.expectPixel(image, 160, 10, 0xFFFF_FFFF, "white above")
}
