/// The kinds of transition `CATransition` performs.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's `kCATransition…` constants.
    public let rawValue: String

    /// Creates a type from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The new content fades in over the old (the default).
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new content slides in over the old.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new content pushes the old out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old content slides out, revealing the new.
    public static let reveal = CATransitionType(rawValue: "reveal")

    // Apple's private types, which UIKit's view transitions use and which code names by string
    // (`CATransitionType(rawValue: "cube")`). Strata extension: Apple declares no constants.

    /// The old and new contents are two faces of a cube that turns (private type "cube").
    public static let cube = CATransitionType(rawValue: "cube")
    /// The layer flips over, showing the new content on its back (private type "oglFlip").
    public static let oglFlip = CATransitionType(rawValue: "oglFlip")
    /// The same flip as `oglFlip` (private type "flip").
    public static let flip = CATransitionType(rawValue: "flip")
    /// The old content curls away like a page, revealing the new (private type "pageCurl").
    public static let pageCurl = CATransitionType(rawValue: "pageCurl")
    /// The new content uncurls over the old like a page laid down (private type "pageUnCurl").
    public static let pageUnCurl = CATransitionType(rawValue: "pageUnCurl")
}
