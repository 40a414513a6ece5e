import Foundation

/// Apple's `CAEmitterLayer` (being built: see issue 13).
open class CAEmitterLayer: CALayer {}
