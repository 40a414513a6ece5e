import Foundation

/// Apple's `CAScrollLayer` (being built: see issue 13).
open class CAScrollLayer: CALayer {}
