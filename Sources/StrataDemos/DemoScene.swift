import QuartzCore

/// A named layer tree that the demos, the golden tests and the benchmark build alike.
///
/// Strata extension (no Apple counterpart).
public struct DemoScene: Sendable {
    /// The name used on the command line and for golden files (`affine-rotate`, `lit-cube`…).
    public let name: String
    /// One line saying what the scene shows and where it comes from.
    public let summary: String
    /// The canvas size the scene was designed for, in points (= pixels).
    public let defaultSize: CGSize
    /// Builds a fresh tree whose root fills a canvas of the given size.
    ///
    /// The tree is built with actions disabled, so it carries no implicit animations.
    public let make: @Sendable (CGSize) -> CALayer

    /// A scene named `name`, built by `make`.
    public init(name: String, summary: String, defaultSize: CGSize, make: @escaping @Sendable (CGSize) -> CALayer) {
        self.name = name
        self.summary = summary
        self.defaultSize = defaultSize
        self.make = { size in SceneParts.withoutActions { make(size) } }
    }
}
