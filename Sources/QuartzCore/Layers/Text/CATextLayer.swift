import Foundation

/// Apple's `CATextLayer` (being built: see issue 13).
open class CATextLayer: CALayer {}
