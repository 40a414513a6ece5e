import Foundation

/// The attribute whose value is the text's font (a `CTFont`), Core Text's "NSFont".
nonisolated(unsafe) public let kCTFontAttributeName: CFString = "NSFont"
/// The attribute whose value is the text's colour (a `CGColor`), Core Text's "CTForegroundColor".
nonisolated(unsafe) public let kCTForegroundColorAttributeName: CFString = "CTForegroundColor"

extension NSAttributedString.Key {
    /// The font of the text ("NSFont"): a `CTFont`, a `CGFont` or a font name.
    ///
    /// Apple declares it in UIKit/AppKit (with `UIFont`/`NSFont` values); swift-corelibs-foundation
    /// has no such key, so Strata adds it with Apple's name.
    public static let font = NSAttributedString.Key("NSFont")
    /// The colour of the text ("NSColor"): a `CGColor`. Declared here for the reason `font` is.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
}
