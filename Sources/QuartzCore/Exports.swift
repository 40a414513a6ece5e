// `import QuartzCore` gives the whole API, as on Apple platforms: CoreGraphics (and through it
// Foundation's CGFloat, CGPoint, CGSize, CGRect) comes with it.
@_exported import CoreGraphics
@_exported import Foundation
