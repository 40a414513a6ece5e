// CGFloat, CGPoint, CGSize and CGRect come from Foundation on Linux; re-export them so
// `import CoreGraphics` alone is enough, as on Apple platforms.
@_exported import Foundation
