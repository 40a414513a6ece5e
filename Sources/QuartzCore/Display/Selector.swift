/// An Objective-C method name (Apple's `Selector`), declared so that Apple's selector-taking
/// spellings (`CADisplayLink(target:selector:)`) exist and their compile error points at the
/// closure forms Strata has instead.
///
/// Linux has no Objective-C runtime: `#selector(...)` and `@objc` do not compile there at all
/// (that error comes first), and no method is ever called through a `Selector`.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The method name, as written.
    public let name: String

    /// A selector named `name`.
    public init(_ name: String) { self.name = name }

    /// A selector from a string literal (`"step:"`), as Swift allows on Apple platforms.
    public init(stringLiteral name: String) { self.name = name }
}

/// Apple's `NSSelectorFromString`: a selector named `aSelectorName`.
public func NSSelectorFromString(_ aSelectorName: String) -> Selector { Selector(aSelectorName) }
