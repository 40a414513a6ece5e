@testable import QuartzCore
import StrataDemos

/// The lit-cube demo's model (`LitCube` in a root filling the window), as `strata lit-cube`
/// builds it, with the face centres projected the way the renderer projects them.
struct LitCubeModel {
    let size: CGSize
    let root: CALayer

    init(width: Int, height: Int) {
        size = CGSize(width: width, height: height)
        root = Reference.withoutActions {
            let root = CALayer()
            root.frame = CGRect(origin: .zero, size: CGSize(width: width, height: height))
            root.addSublayer(LitCube(size: CGSize(width: width, height: height)).container)
            return root
        }
    }

    /// A face centre on screen and its depth (larger is nearer the viewer).
    struct Projected { var name: String; var point: CGPoint; var depth: CGFloat }

    /// Each face's centre through listing 5.9's face transform and listing 5.10's corner-on
    /// camera: the point (0, 0, 0) of the face (its anchor) times `face · camera` (row vectors),
    /// divided by w, about the container's centre (where the sublayer transform is anchored).
    var faceCentres: [Projected] {
        LitCube.faceTransforms.enumerated().map { index, face in
            let m = CATransform3DConcat(face, LitCube.cornerOnPerspective)
            return Projected(name: "face\(index + 1)",
                             point: CGPoint(x: size.width / 2 + m.m41 / m.m44, y: size.height / 2 + m.m42 / m.m44),
                             depth: m.m43 / m.m44)
        }
    }

    /// Where the point `local` of face `index` (0…5; face bounds coordinates, 0…200) shows on
    /// screen, through the same transforms as `faceCentres`.
    func project(face index: Int, local: CGPoint) -> CGPoint {
        let m = CATransform3DConcat(LitCube.faceTransforms[index], LitCube.cornerOnPerspective)
        let x = local.x - 100, y = local.y - 100   // relative to the face's anchor (its centre)
        let px = x * m.m11 + y * m.m21 + m.m41
        let py = x * m.m12 + y * m.m22 + m.m42
        let w = x * m.m14 + y * m.m24 + m.m44
        return CGPoint(x: size.width / 2 + px / w, y: size.height / 2 + py / w)
    }

    /// The label colour of face `name` ("face1"…"face6").
    static func labelColor(of name: String) -> RGB {
        let c = LitCube.labelColors[Int(name.dropFirst(4))! - 1]
        return RGB(c.r, c.g, c.b)
    }

    /// What Apple's order-based `hitTest` returns at `p`, reported as the demo does (the face
    /// the hit layer belongs to).
    func orderedHitName(at p: CGPoint) -> String {
        var layer = root.hitTest(p)
        while let l = layer {
            if let n = l.name, n.hasPrefix("face") || n == "button" { return n }
            layer = l.superlayer
        }
        return "none"
    }
}
