import Foundation

/// Apple's `CATiledLayer` (being built: see issue 13).
open class CATiledLayer: CALayer {}
