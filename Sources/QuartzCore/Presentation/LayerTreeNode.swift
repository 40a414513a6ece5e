/// A node of a layer tree as the render side holds it (a committed `LayerSnapshot` or a
/// `PresentedLayer`): what a walk over sublayers and masks needs.
package protocol LayerTreeNode: AnyObject {
    var sublayers: [Self] { get }
    var mask: Self? { get }
}

extension LayerTreeNode {
    /// The number of layers in `roots`' subtrees (masks included), counting up to `limit`.
    package static func subtreeSize(_ roots: [Self], atMost limit: Int) -> Int {
        var n = 0
        var work = roots
        while let node = work.popLast(), n < limit {
            n += 1
            work.append(contentsOf: node.sublayers)
            if let m = node.mask { work.append(m) }
        }
        return n
    }
}

extension LayerSnapshot: LayerTreeNode {}
extension PresentedLayer: LayerTreeNode {}
