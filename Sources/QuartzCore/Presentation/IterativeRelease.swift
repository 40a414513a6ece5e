/// Releases the nodes below a dying tree node one at a time instead of recursively (a chain
/// 100,000 deep would overflow the stack if each node's release released the next): each node
/// that nothing else holds gives up its children, which are released in turn.
///
/// `pending` holds the dying node's children and must be the only array holding them (it is
/// emptied here), or no node would be uniquely referenced.
@inline(__always)
func releaseIteratively<Node: AnyObject>(_ pending: inout [Node], children: (Node) -> [Node], detach: (Node) -> Void) {
    while var node = pending.popLast() {
        guard isKnownUniquelyReferenced(&node) else { continue }
        pending.append(contentsOf: children(node))
        detach(node)
    }
}
