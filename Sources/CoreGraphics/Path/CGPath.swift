/// An immutable graphics path: subpaths of lines and Bézier curves.
///
/// Same API as Apple's `CGPath`. It is `@unchecked Sendable` so snapshots can hold one: an
/// immutable `CGPath` never changes; a `CGMutablePath` must be `copy()`-ed before sharing.
public class CGPath: Hashable, @unchecked Sendable {
    /// The elements, in order (Strata only).
    package internal(set) var elements: [Element] = []
    /// The start of the current subpath, where `closeSubpath` returns to.
    var subpathStart: CGPoint?
    /// The current point; `nil` before the first move.
    var current: CGPoint?

    package init(elements: [Element]) {
        self.elements.reserveCapacity(elements.count)
        append(contentsOf: elements)
    }

    /// Appends without validation, keeping the current point up to date.
    func append(_ element: Element) {
        switch element {
        case let .move(p):
            subpathStart = p
            current = p
        case let .line(p), let .quadCurve(p, _), let .curve(p, _, _):
            if current == nil { subpathStart = p }
            current = p
        case .closeSubpath:
            current = subpathStart
        }
        elements.append(element)
    }

    /// Empties the path, keeping its array's capacity (a context's current path, reused).
    /// Final: a new overridable method moves the class's vtable, which modules built against
    /// the old layout (an incremental build that did not recompile them) then call wrongly.
    final func removeAllElements() {
        elements.removeAll(keepingCapacity: true)
        subpathStart = nil
        current = nil
    }

    func append(contentsOf elements: [Element]) {
        for element in elements { append(element) }
    }

    /// A path holding one rectangle.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// A path holding the ellipse inscribed in `rect`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// A path holding one rounded rectangle.
    ///
    /// Apple traps when a corner size exceeds half the rect; Strata clamps it.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                            transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// The current point: the end of the last element, `.zero` for an empty path.
    public var currentPoint: CGPoint { current ?? .zero }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// An immutable copy.
    public func copy() -> CGPath? {
        CGPath(elements: elements)
    }

    /// An immutable copy with every point mapped by `transform` (`nil` means identity).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        let t = transform?.pointee ?? .identity
        return CGPath(elements: elements.map { $0.applying(t) })
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? {
        let path = CGMutablePath()
        path.append(contentsOf: elements)
        return path
    }

    /// A mutable copy with every point mapped by `transform` (`nil` means identity).
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        let t = transform?.pointee ?? .identity
        let path = CGMutablePath()
        path.append(contentsOf: elements.map { $0.applying(t) })
        return path
    }

    /// Calls `block` once per element, in order.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let points = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        points.initialize(repeating: .zero, count: 3)
        defer { points.deallocate() }
        for element in elements {
            for (i, p) in element.points.enumerated() { points[i] = p }
            var e = CGPathElement(type: element.type, points: points)
            withUnsafePointer(to: &e) { block($0) }
        }
    }

    /// Equal when both paths have the same elements in the same order.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs.elements == rhs.elements
    }

    /// Hashes the element kinds and points.
    public func hash(into hasher: inout Hasher) {
        for element in elements {
            hasher.combine(element.type)
            element.forEachPoint {
                hasher.combine($0.x)
                hasher.combine($0.y)
            }
        }
    }
}
