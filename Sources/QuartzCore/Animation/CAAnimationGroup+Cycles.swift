/// A group that contains itself, directly or through nested groups, has no meaning and would
/// recurse without end when copied or evaluated; `CALayer.add(_:forKey:)` refuses it.
extension CAAnimation {
    /// Whether this animation is a group that contains itself, or contains such a group.
    /// Iterative depth-first search (a shared child group in two places is fine).
    package var isSelfContainingGroup: Bool {
        guard let top = self as? CAAnimationGroup else { return false }
        var onPath: Set<ObjectIdentifier> = [ObjectIdentifier(top)]
        var stack: [(group: CAAnimationGroup, next: Int)] = [(top, 0)]
        while let (group, next) = stack.last {
            let children = group.animations ?? []
            guard next < children.count else {
                onPath.remove(ObjectIdentifier(group))
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            guard let child = children[next] as? CAAnimationGroup else { continue }
            if onPath.contains(ObjectIdentifier(child)) { return true }
            onPath.insert(ObjectIdentifier(child))
            stack.append((child, 0))
        }
        return false
    }
}
