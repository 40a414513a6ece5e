// `import UIKit` brings Foundation, CoreGraphics and QuartzCore, as on iOS.
@_exported import Foundation
@_exported import QuartzCore
