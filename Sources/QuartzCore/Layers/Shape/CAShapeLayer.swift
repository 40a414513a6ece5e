import Foundation

/// Apple's `CAShapeLayer` (being built: see issue 13).
open class CAShapeLayer: CALayer {}
