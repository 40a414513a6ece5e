import Testing
@testable import QuartzCore

// A layer that needs an offscreen pass (here a shadow) but lies wholly outside its clip has an
// empty visible area. Found by the seeded random scenes: the empty area had a negative width
// and height, and copying it for the shadow overran the heap.

@Test(.manualClock) func shadowedLayerClippedAwayEntirelyDrawsNothing() {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 120, height: 120)
    root.backgroundColor = CGColor.white
    let clip = CALayer()
    clip.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
    clip.position = CGPoint(x: 25, y: 25)
    clip.masksToBounds = true
    clip.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let far = CALayer()
    far.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    far.position = CGPoint(x: 400, y: 400)                      // far outside the 50 × 50 clip
    far.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    far.shadowOpacity = 1
    far.shadowRadius = 40
    far.shadowOffset = CGSize(width: 5, height: 5)
    clip.addSublayer(far)
    root.addSublayer(clip)
    CATransaction.commit()
    let image = Golden.render(root, width: 120, height: 120)
    Golden.expectPixel(image, 25, 25, 0xFF00_00FF, "the clip layer's own colour")
    Golden.expectPixel(image, 49, 49, 0xFF00_00FF, "no shadow inside the clip")
    Golden.expectPixel(image, 100, 100, 0xFFFF_FFFF, "nothing outside it")
}
