import Testing
@testable import QuartzCore
import StrataDemos

// Hand-computed pixels of listings 5.1–5.3 (320 × 240 canvas, 140 × 140 picture centred at
// (160, 120); the picture's "L" bar covers image x 28..<56, y 28..<112, its foot y 84..<112,
// x 28..<112). A row-vector point p maps to p·M: for a rotation by θ, x' = x cos θ − y sin θ,
// y' = x sin θ + y cos θ (clockwise on screen for θ > 0, since y points down).

@Test func affineRotationTurnsThePictureClockwiseAboutItsCentre() {
    let image = Golden.render(DemoScene.affineRotate)
    Golden.expectPixel(image, 160, 120, Golden.orange, "centre stays the body colour")
    Golden.expectPixel(image, 2, 2, Golden.paper, "corner stays background")
    // (100, 60) is inside the unrotated square (90…230) but outside the diamond |dx|+|dy| ≤ 99.
    Golden.expectPixel(image, 100, 60, Golden.paper, "outside the 45° diamond")
    // Image point (42, 40) lies in the bar; relative to the centre (−28, −30), rotated by 45°
    // clockwise: x' = (−28 + 30)·0.7071 = 1.4, y' = (−28 − 30)·0.7071 = −41.0 → pixel (161, 79).
    Golden.expectPixel(image, 161, 79, Golden.navy, "the bar turned clockwise")
    // Foot point (100, 98), from the centre (30, 28): clockwise → (1.4, 41.0) → pixel (161, 161);
    // counter-clockwise it would go to (41.0, −1.4) → (201, 118), which must stay body colour.
    Golden.expectPixel(image, 161, 161, Golden.navy, "the foot turned clockwise")
    Golden.expectPixel(image, 201, 118, Golden.orange, "not counter-clockwise")
}

@Test func compoundTransformMovesTheCentreByTheRotatedScaledTranslation() {
    let image = Golden.render(DemoScene.compound)
    // translate(200, 0) after scale 0.5 and rotation 30°: a move of (100·cos 30°, 100·sin 30°)
    // = (86.6, 50) → centre (246.6, 170).
    Golden.expectPixel(image, 247, 170, Golden.orange, "moved centre")
    Golden.expectPixel(image, 160, 120, Golden.paper, "the old centre is empty")
    // The half-size picture spans ±(35·cos 30° + 35·sin 30°) = ±47.8 around it.
    Golden.expectPixel(image, 247 + 52, 170, Golden.paper, "beyond the scaled extent")
}

@Test func shearSlidesTheTopToTheRight() {
    let image = Golden.render(DemoScene.shear)
    // c = −1: x' = x − y. Picture point (60, −60) from the centre → (120, −60) → pixel (280, 60).
    Golden.expectPixel(image, 280, 60, Golden.orange, "top right, slid right")
    // (100, 60) is inside the unsheared square, but its preimage x = −60 − 60 = −120 is outside.
    Golden.expectPixel(image, 100, 60, Golden.paper, "top left, now empty")
    Golden.expectPixel(image, 40, 178, Golden.orange, "bottom left, slid left")
}
