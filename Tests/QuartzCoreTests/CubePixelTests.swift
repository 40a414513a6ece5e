import Testing
@testable import QuartzCore
import StrataDemos

// Hand-computed pixels of the lit cube (listings 5.9/5.10, 400 × 400) and the seed 004 box.
// Camera: p·Ry(−45°)·Rx(−45°), then w = 1 − z/500, about the container's centre (200, 200).

@Test(.manualClock) func bookLightingValuesFromTheFaceNormals() {
    // light = (0, 1, −0.5)/√1.25 = (0, 0.8944, −0.4472); shadow = 1 + light·normal − 0.5.
    let expected = [0.5 - 0.447_214, 0.5, 0.5 - 0.894_427, 0.5 + 0.894_427, 0.5, 0.5 + 0.447_214]
    for (t, e) in zip(LitCube.faceTransforms, expected) {
        #expect(abs(LitCube.shadow(for: t) - e) < 1e-5)
    }
}

@Test(.manualClock) func litCubeFacesShowTheirLabelsShadedAsTheBookComputes() {
    let image = Golden.render(DemoScene.litCube)
    Golden.expectPixel(image, 2, 2, Golden.paper, "background corner")
    // Each label is sampled 40 points below its centre, at face point (100, 140): below the
    // face's number (its ink ends on the baseline, 71.9 − 50 = 21.9 points below the centre).
    // Face 3 (top): (0, 40, 0) → Rx(90°) then T(0, −100, 0): (0, −100, 40) → Ry: (−28.3, −100,
    // 28.3) → Rx: (−28.3, −50.7, 90.7) → w = 0.819 → (165.5, 138.1). Shadow −0.394 clamps to
    // alpha 0: the blue label exactly.
    Golden.expectPixel(image, 165, 138, 0xFF30_60E0, "face 3, fully lit")
    // Face 2 (right): (0, 40, 0) → (100, 40, 0) → Ry: (70.7, 40, 70.7) → Rx: (70.7, 78.3, 21.7) →
    // w = 0.957 → (273.9, 281.8). Black at
    // alpha 0.5 (127 in 8 bits) over green (0x30, 0xB0, 0x40): channel·128/255 = (24, 88, 32).
    Golden.expectPixel(image, 273, 281, 0xFF18_5820, "face 2, half shadowed")
    // Face 1 (left): (0, 40, 100) → (−70.7, 40, 70.7) → (−70.7, 78.3, 21.7) → w = 0.957 →
    // (126.1, 281.8). Alpha 0.0528·255 → 13:
    // red (0xE0, 0x30, 0x30)·242/255 = (213, 46, 46).
    Golden.expectPixel(image, 126, 281, 0xFFD5_2E2E, "face 1, slightly shadowed")
    let names = LitCube(size: CGSize(width: 400, height: 400)).faces.map(\.name)
    #expect(names == ["face1", "face2", "face3", "face4", "face5", "face6"])
}

@Test(.manualClock) func flatBoxIsACrossOfTheSeedsColours() {
    let image = Golden.render(DemoScene.boxFlat)
    // The base's origin is the view centre (260, 160); red is centred there.
    Golden.expectPixel(image, 260, 160, 0xFFFF_0000, "red in the middle")
    Golden.expectPixel(image, 160, 160, 0xFF00_00FF, "blue to the left")
    Golden.expectPixel(image, 360, 160, 0xFF00_FF00, "green to the right")
    Golden.expectPixel(image, 460, 160, 0xFFFF_00FF, "magenta beyond green")
    Golden.expectPixel(image, 260, 60, 0xFF80_0080, "'yellowLayer' is purple, above")
    Golden.expectPixel(image, 260, 260, 0xFFFF_FF00, "'purpleLayer' is yellow, below")
    Golden.expectPixel(image, 460, 60, 0xFF00_0000, "black around the cross")
}

@Test(.manualClock) func closedBoxSeenStraightOnShowsItsLid() {
    let size = DemoScene.boxClosed.defaultSize
    let root = CALayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    root.bounds = CGRect(origin: .zero, size: size)
    root.backgroundColor = CGColor.black
    let box = FoldingBox(viewSize: size)
    box.close()
    root.addSublayer(box.baseLayer)
    CATransaction.commit()
    #expect(box.isClosed)
    let image = Golden.render(root, width: Int(size.width), height: Int(size.height))
    // The sides fold towards the viewer (z 0…100); the lid hinges at (50, y, 100) and reaches
    // (−45.1, y, 130.9) at 72°: it covers the box's opening, so the centre is magenta.
    Golden.expectPixel(image, 260, 160, 0xFFFF_00FF, "lid at the centre")
    // Its free edge projects to x = −45.1·500/369.1 = −61.1, the hinge to 50·500/400 = 62.5.
    Golden.expectPixel(image, 260 - 59, 160, 0xFFFF_00FF, "lid near its free edge")
    Golden.expectPixel(image, 260 + 60, 160, 0xFFFF_00FF, "lid near its hinge")
    Golden.expectPixel(image, 260 - 66, 160, 0xFF00_0000, "outside the box")
    Golden.expectPixel(image, 10, 10, 0xFF00_0000, "background")
    box.open()
    #expect(!box.isClosed)
}
