import QuartzCore

// Listings 5.1–5.3 of the transforms chapter (seed 001): one picture layer, 140 × 140, in the
// middle of a 320 × 240 canvas, transformed with an affine transform.

extension DemoScene {
    /// The canvas of the chapter's single-view figures.
    static let bookCanvas = CGSize(width: 320, height: 240)
    /// The side of the picture layer standing in for the book's `layerView`.
    static let bookPictureSide: CGFloat = 140

    /// Builds the one-picture scene of listings 5.1–5.5 with `configure` applied to the picture.
    static func singlePicture(_ size: CGSize, _ configure: (CALayer) -> Void) -> CALayer {
        let root = SceneParts.root(size, color: SceneParts.paper)
        let picture = SceneParts.picture(size: bookPictureSide, center: CGPoint(x: size.width / 2, y: size.height / 2),
                                         name: "layerView")
        configure(picture)
        root.addSublayer(picture)
        return root
    }

    /// Listing 5.1: the picture rotated 45° clockwise with `affineTransform`.
    public static let affineRotate = DemoScene(
        name: "affine-rotate", summary: "Listing 5.1: a layer rotated by 45° with setAffineTransform",
        defaultSize: bookCanvas
    ) { size in
        singlePicture(size) { layer in
            // rotate the layer 45 degrees
            let transform = CGAffineTransform(rotationAngle: .pi / 4)
            layer.setAffineTransform(transform)
        }
    }

    /// Listing 5.2: scale 50 %, rotate 30°, then translate 200 points (which the earlier steps
    /// turn into a move of 100 points down and to the right).
    public static let compound = DemoScene(
        name: "compound", summary: "Listing 5.2: scale 0.5, rotate 30°, translate 200 applied in sequence",
        defaultSize: bookCanvas
    ) { size in
        singlePicture(size) { layer in
            var transform = CGAffineTransform.identity
            transform = transform.scaledBy(x: 0.5, y: 0.5)                   // scale by 50%
            transform = transform.rotated(by: .pi / 180.0 * 30.0)            // rotate by 30 degrees
            transform = transform.translatedBy(x: 200, y: 0)                 // translate by 200 points
            layer.setAffineTransform(transform)
        }
    }

    /// The book's `CGAffineTransformMakeShear(x, y)` (listing 5.3): identity with `c = -x`, `b = y`.
    public static func makeShear(_ x: CGFloat, _ y: CGFloat) -> CGAffineTransform {
        var transform = CGAffineTransform.identity
        transform.c = -x
        transform.b = y
        return transform
    }

    /// Listing 5.3: a horizontal shear at 45° (`makeShear(1, 0)`).
    public static let shear = DemoScene(
        name: "shear", summary: "Listing 5.3: a horizontal shear, c = -1",
        defaultSize: bookCanvas
    ) { size in
        singlePicture(size) { layer in
            layer.setAffineTransform(makeShear(1, 0))
        }
    }
}
