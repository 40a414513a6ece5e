import Foundation

/// Apple's `CAReplicatorLayer` (being built: see issue 13).
open class CAReplicatorLayer: CALayer {}
