import Foundation

/// Inset distances for the four edges of a rectangle (positive values shrink it).
public struct UIEdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset.
    public static let zero = UIEdgeInsets()

    /// "{top, left, bottom, right}", as `NSCoder.string(for:)` writes it on iOS.
    public var description: String { "{\(top), \(left), \(bottom), \(right)}" }
}

extension CGRect {
    /// The rectangle with its edges moved in by `insets` (out for negative insets): the origin
    /// moves by (left, top), the size shrinks by (left + right, top + bottom), exactly, as iOS
    /// computes it (a result with a negative size is left so); `.null` stays `.null`.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        guard !isNull else { return .null }
        return CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
                      width: size.width - insets.left - insets.right, height: size.height - insets.top - insets.bottom)
    }
}

/// `rect.inset(by: insets)`, the C function's spelling.
public func UIEdgeInsetsInsetRect(_ rect: CGRect, _ insets: UIEdgeInsets) -> CGRect { rect.inset(by: insets) }

/// `UIEdgeInsets(top:left:bottom:right:)`, the C function's spelling.
public func UIEdgeInsetsMake(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> UIEdgeInsets {
    UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
}

/// A horizontal and vertical offset (of a title or an image).
public struct UIOffset: Hashable, Sendable, CustomStringConvertible {
    public var horizontal: CGFloat
    public var vertical: CGFloat

    public init() { self.init(horizontal: 0, vertical: 0) }
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// No offset.
    public static let zero = UIOffset()

    public var description: String { "{\(horizontal), \(vertical)}" }
}

/// UIKit's boxes for its own structs (the Core Graphics ones, `NSValue(cgPoint:)` and so on,
/// come with CoreGraphics; `CATransform3D`'s with QuartzCore).
extension NSValue {
    /// A box holding `insets`.
    public convenience init(uiEdgeInsets insets: UIEdgeInsets) {
        self.init(doubles: [insets.top, insets.left, insets.bottom, insets.right].map(Double.init))
    }

    /// A box holding `offset`.
    public convenience init(uiOffset offset: UIOffset) {
        self.init(doubles: [Double(offset.horizontal), Double(offset.vertical)])
    }

    /// The insets this box holds (zero, with a message, when it holds something else).
    public var uiEdgeInsetsValue: UIEdgeInsets {
        guard let d = doubles(count: 4) else {
            StrataDiagnostics.report("NSValue holding \(String(cString: objCType)) read as UIEdgeInsets; gives zero")
            return .zero
        }
        return UIEdgeInsets(top: d[0], left: d[1], bottom: d[2], right: d[3])
    }

    /// The offset this box holds (zero, with a message, when it holds something else).
    ///
    /// A box of two doubles is also how `NSValue(cgVector:)` stores a vector, so a vector's box
    /// reads as the offset of the same numbers.
    public var uiOffsetValue: UIOffset {
        guard let d = doubles(count: 2) else {
            StrataDiagnostics.report("NSValue holding \(String(cString: objCType)) read as UIOffset; gives zero")
            return .zero
        }
        return UIOffset(horizontal: d[0], vertical: d[1])
    }
}
