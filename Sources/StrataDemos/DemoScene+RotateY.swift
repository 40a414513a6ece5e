import QuartzCore

// Listings 5.4 and 5.5 (seed 001): rotation about the Y axis, without and with perspective.

extension DemoScene {
    /// Listing 5.4: the picture rotated 45° about Y with no perspective: it only looks narrower.
    public static let rotateY = DemoScene(
        name: "rotate-y", summary: "Listing 5.4: rotated 45° about Y, no perspective (looks squashed)",
        defaultSize: bookCanvas
    ) { size in
        singlePicture(size) { layer in
            let transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
            layer.transform = transform
        }
    }

    /// Listing 5.5: the same rotation after `m34 = -1/500`: the far (right) side looks shorter.
    public static let rotateYPerspective = DemoScene(
        name: "rotate-y-perspective", summary: "Listing 5.5: rotated 45° about Y with m34 = -1/500",
        defaultSize: bookCanvas
    ) { size in
        singlePicture(size) { layer in
            var transform = CATransform3DIdentity
            transform.m34 = -1.0 / 500.0                                      // apply perspective
            transform = CATransform3DRotate(transform, .pi / 4, 0, 1, 0)      // rotate 45° about Y
            layer.transform = transform
        }
    }
}
