import Testing
import UIKit

/// `import UIKit` alone gives what it gives on iOS: Foundation, CoreGraphics and QuartzCore.
@Test func importUIKitBringsQuartzCoreAndFoundation() {
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
    #expect(layer.bounds.size == CGSize(width: 10, height: 20))
    #expect(URL(fileURLWithPath: "/tmp").path == "/tmp")
}
