@testable import QuartzCore
import StrataDemos

// Every file of this target imports QuartzCore with `@testable`: a plain `import QuartzCore`
// (which re-exports CoreGraphics) next to `import Testing` makes the compiler look for Swift
// Testing's `_Testing_CoreGraphics` cross-import overlay, which Linux toolchains declare but lack.

/// The cube demo's model (seed 004's `FoldingBox`) in a black root, as `strata cube` builds it.
struct BoxModel {
    let box: FoldingBox

    func close() { box.close() }
    func rotate(byPanDisplacement d: CGPoint) { box.rotate(byPanDisplacement: d) }

    /// Renders the window's scene at `width`×`height` after `configure` set the model state.
    static func render(width: Int, height: Int, _ configure: (BoxModel) -> Void) -> CGImage {
        let root = Reference.withoutActions { () -> CALayer in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: width, height: height)
            root.backgroundColor = CGColor(gray: 0, alpha: 1)
            let box = FoldingBox(viewSize: CGSize(width: width, height: height))
            root.addSublayer(box.baseLayer)
            configure(BoxModel(box: box))
            return root
        }
        return Reference.render(root, width: width, height: height)
    }
}
