import QuartzCore

/// The cube of listings 5.9 and 5.10 (seed 001): six 200 × 200 face layers around the
/// container's centre, seen corner-on through the container's `sublayerTransform`, each shaded
/// by a black lighting layer whose alpha comes from the face normal and a fixed light.
///
/// Strata extension (demo code). The book's faces are views with a label showing the face's
/// number (figures 5.20–5.22); here each face is white with a coloured 100 × 100 "label"
/// square whose number is a `CATextLayer`, and face 3 carries a button: a rounded layer with a
/// `CATextLayer` title.
public struct LitCube {
    /// The book's `LIGHT_DIRECTION` (0, 1, −0.5), not normalised.
    public static let lightDirection: SIMD3<Double> = [0, 1, -0.5]
    /// The book's `AMBIENT_LIGHT`.
    public static let ambientLight = 0.5
    /// The label colours of faces 1…6 (red, green, blue, yellow, magenta, cyan), 8-bit sRGB.
    public static let labelColors: [(r: Int, g: Int, b: Int)] = [
        (0xE0, 0x30, 0x30), (0x30, 0xB0, 0x40), (0x30, 0x60, 0xE0),
        (0xF0, 0xD0, 0x20), (0xD0, 0x40, 0xC0), (0x20, 0xC0, 0xD0),
    ]

    /// The container whose `sublayerTransform` holds the perspective and the camera rotation.
    public let container: CALayer
    /// The faces "face1" … "face6", in the book's order.
    public let faces: [CALayer]
    /// The button on face 3.
    public let button: CALayer

    /// The face transforms of listing 5.9, in order.
    public static var faceTransforms: [CATransform3D] {
        [
            CATransform3DMakeTranslation(0, 0, 100),
            CATransform3DRotate(CATransform3DMakeTranslation(100, 0, 0), .pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, -100, 0), .pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, 100, 0), -.pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(-100, 0, 0), -.pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -100), .pi, 0, 1, 0),
        ]
    }

    /// The camera of listing 5.10: m34 = −1/500, then −45° about X and −45° about Y.
    public static var cornerOnPerspective: CATransform3D {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500.0
        perspective = CATransform3DRotate(perspective, -.pi / 4, 1, 0, 0)
        perspective = CATransform3DRotate(perspective, -.pi / 4, 0, 1, 0)
        return perspective
    }

    /// The book's shadow value for a face transform: `1 + dot(light, normal) − AMBIENT_LIGHT`,
    /// where the normal is (0, 0, 1) through the transform's 3 × 3 part. Not clamped: the book
    /// hands it to `UIColor` as an alpha, which clamps it to 0…1.
    public static func shadow(for transform: CATransform3D) -> Double {
        // GLKMatrix3MultiplyVector3(matrix3, (0, 0, 1)) is the third row of the 3 × 3 part.
        var normal = SIMD3<Double>(Double(transform.m31), Double(transform.m32), Double(transform.m33))
        normal /= (normal * normal).sum().squareRoot()
        var light = lightDirection
        light /= (light * light).sum().squareRoot()
        let dotProduct = (light * normal).sum()
        return 1 + dotProduct - ambientLight
    }

    /// Builds the cube in a container filling a canvas of `size`; `cornerOn` false gives the
    /// face-on view of figure 5.20.
    public init(size: CGSize, cornerOn: Bool = true) {
        let container = CALayer()
        container.name = "containerView"
        container.bounds = CGRect(origin: .zero, size: size)
        container.position = CGPoint(x: size.width / 2, y: size.height / 2)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500.0
        container.sublayerTransform = cornerOn ? Self.cornerOnPerspective : perspective

        var faces: [CALayer] = []
        let button = CALayer()
        for (index, transform) in Self.faceTransforms.enumerated() {
            let face = CALayer()
            face.name = "face\(index + 1)"
            face.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            face.backgroundColor = CGColor.white
            let c = Self.labelColors[index]
            let label = CALayer()
            label.name = "label\(index + 1)"
            label.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            label.position = CGPoint(x: 100, y: 100)
            label.backgroundColor = SceneParts.color(c.r, c.g, c.b)
            label.addSublayer(Self.number(index + 1))
            face.addSublayer(label)
            if index == 2 {
                button.name = "button"
                button.bounds = CGRect(x: 0, y: 0, width: 120, height: 30)
                button.position = CGPoint(x: 100, y: 170)
                button.cornerRadius = 8
                button.backgroundColor = SceneParts.color(0x40, 0x40, 0x48)
                button.addSublayer(Self.title("Press Me", in: button.bounds))
                face.addSublayer(button)
            }
            // center the face view within the container
            face.position = CGPoint(x: size.width / 2, y: size.height / 2)
            face.transform = transform
            Self.applyLighting(to: face)
            container.addSublayer(face)
            faces.append(face)
        }
        self.container = container
        self.faces = faces
        self.button = button
    }

    /// Listing 5.10's `applyLightingToFace:`: a black sublayer over the face with the shadow
    /// value (clamped to 0…1) as its alpha.
    static func applyLighting(to face: CALayer) {
        let layer = LightingLayer()
        layer.name = "lighting"
        layer.frame = face.bounds
        face.addSublayer(layer)
        let shadow = min(max(shadow(for: face.transform), 0), 1)
        layer.backgroundColor = CGColor(gray: 0, alpha: shadow)
    }
}

extension LitCube {
    /// The size of a face's number, in points.
    public static let numberFontSize: CGFloat = 64

    /// Face `n`'s number: black, centred in its 100 × 100 label, one line tall.
    static func number(_ n: Int) -> CATextLayer {
        let text = LabelTextLayer()
        text.name = "number\(n)"
        text.string = "\(n)"
        text.fontSize = numberFontSize
        text.foregroundColor = CGColor.black
        text.alignmentMode = .center
        text.contentsScale = 2
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, numberFontSize, nil)
        let height = (CTFontGetAscent(font) + CTFontGetDescent(font)).rounded(.up)
        text.bounds = CGRect(x: 0, y: 0, width: 100, height: height)
        text.position = CGPoint(x: 50, y: 50)
        return text
    }

    /// The button's title: white 13 pt text centred in `bounds`.
    static func title(_ string: String, in bounds: CGRect) -> CATextLayer {
        let text = LabelTextLayer()
        text.name = "title"
        text.string = string
        text.fontSize = 13
        text.foregroundColor = CGColor.white
        text.alignmentMode = .center
        text.contentsScale = 2
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 13, nil)
        let height = (CTFontGetAscent(font) + CTFontGetDescent(font)).rounded(.up)
        text.bounds = CGRect(x: 0, y: 0, width: bounds.width, height: height)
        text.position = CGPoint(x: bounds.midX, y: bounds.midY)
        return text
    }
}

/// A label's text: drawn, never hit, as UIKit's labels ignore touches (a click on a button's
/// title is a click on the button).
final class LabelTextLayer: CATextLayer {
    override func contains(_ p: CGPoint) -> Bool { false }
}

/// The shading over a face: drawn, but never hit. In the book the faces are views and UIKit
/// hit-tests views, not this layer, so a click on face 3's button reaches the button.
final class LightingLayer: CALayer {
    override func contains(_ p: CGPoint) -> Bool { false }
}
