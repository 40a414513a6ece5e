import Foundation

/// Apple's `CAGradientLayer` (being built: see issue 13).
open class CAGradientLayer: CALayer {}
