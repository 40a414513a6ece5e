import Foundation

extension UIView {
    /// How a view places its content (image, drawing) in its bounds.
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right,
             topLeft, topRight, bottomLeft, bottomRight

        /// The layer gravity with the same placement (`redraw` stretches, as `scaleToFill`).
        /// Layers here have their origin top-left, so `top` is Apple's `.top` on iOS.
        var contentsGravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: .resize
            case .scaleAspectFit: .resizeAspect
            case .scaleAspectFill: .resizeAspectFill
            case .center: .center
            case .top: .top
            case .bottom: .bottom
            case .left: .left
            case .right: .right
            case .topLeft: .topLeft
            case .topRight: .topRight
            case .bottomLeft: .bottomLeft
            case .bottomRight: .bottomRight
            }
        }
    }

    /// Which margins and sizes of a view stretch when its superview's size changes.
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)

        /// `frame` after the superview went from `old` to `new`: the change in each dimension is
        /// shared among its flexible parts in proportion to their sizes, as UIKit does.
        func resize(_ frame: CGRect, from old: CGSize, to new: CGSize) -> CGRect {
            let (x, w) = Self.share(origin: frame.minX, size: frame.width, superSize: old.width,
                                    delta: new.width - old.width, flexibleLeading: contains(.flexibleLeftMargin),
                                    flexibleSize: contains(.flexibleWidth), flexibleTrailing: contains(.flexibleRightMargin))
            let (y, h) = Self.share(origin: frame.minY, size: frame.height, superSize: old.height,
                                    delta: new.height - old.height, flexibleLeading: contains(.flexibleTopMargin),
                                    flexibleSize: contains(.flexibleHeight), flexibleTrailing: contains(.flexibleBottomMargin))
            return CGRect(x: x, y: y, width: w, height: h)
        }

        private static func share(origin: CGFloat, size: CGFloat, superSize: CGFloat, delta: CGFloat,
                                  flexibleLeading: Bool, flexibleSize: Bool, flexibleTrailing: Bool)
            -> (CGFloat, CGFloat) {
            guard delta != 0, delta.isFinite else { return (origin, size) }
            let leading = flexibleLeading ? max(origin, 0) : 0
            let middle = flexibleSize ? max(size, 0) : 0
            let trailing = flexibleTrailing ? max(superSize - origin - size, 0) : 0
            var total = leading + middle + trailing
            var parts = (leading, middle, trailing)
            if total <= 0 {
                // All flexible parts are empty: share equally among those that are flexible.
                parts = (flexibleLeading ? 1 : 0, flexibleSize ? 1 : 0, flexibleTrailing ? 1 : 0)
                total = parts.0 + parts.1 + parts.2
                guard total > 0 else { return (origin, size) }
            }
            return (origin + delta * parts.0 / total, max(0, size + delta * parts.1 / total))
        }
    }
}
