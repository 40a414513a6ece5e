import Testing
import UIKit

@Test func rendererDrawsUprightInUIKitSpace() {
    // A red bar along the top edge (y = 0..1 is the top row in UIKit's y-down space).
    let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 3)).image { ctx in
        UIColor.red.setFill()
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
        UIColor.blue.setFill()
        UIBezierPath(rect: CGRect(x: 0, y: 2, width: 1, height: 1)).fill()
    }
    #expect(image.size == CGSize(width: 4, height: 3) && image.scale == 1)
    #expect(pixel(image, 0, 0) == 0xFFFF_0000 && pixel(image, 3, 0) == 0xFFFF_0000)
    #expect(pixel(image, 0, 1) == 0)               // transparent where nothing was drawn
    #expect(pixel(image, 0, 2) == 0xFF00_00FF)     // bottom-left
    #expect(pixel(image, 1, 2) == 0)
}

@Test func rendererScaleOpaqueAndBoundsOrigin() {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 2
    format.opaque = true
    let image = UIGraphicsImageRenderer(bounds: CGRect(x: 10, y: 10, width: 3, height: 2), format: format).image { _ in
        UIColor.green.setFill()
        UIRectFillCompat(CGRect(x: 10, y: 10, width: 1, height: 1))
    }
    #expect(image.size == CGSize(width: 3, height: 2) && image.scale == 2)
    #expect(image.cgImage!.width == 6 && image.cgImage!.height == 4)
    #expect(pixel(image, 0, 0) == 0xFF00_FF00 && pixel(image, 1, 1) == 0xFF00_FF00)
    #expect(pixel(image, 2, 0) == 0xFF00_0000)     // opaque black where nothing was drawn
}

/// The point (10, 10) of a bounds-origin renderer is its top-left pixel.
private func UIRectFillCompat(_ rect: CGRect) { UIGraphicsGetCurrentContext()!.fill(rect) }

@Test func beginImageContextStackNestsAndEnds() {
    #expect(UIGraphicsGetCurrentContext() == nil)
    UIGraphicsBeginImageContextWithOptions(CGSize(width: 2, height: 2), false, 1)
    let outer = UIGraphicsGetCurrentContext()
    #expect(outer != nil)
    UIColor.red.setFill()
    UIGraphicsGetCurrentContext()!.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
    UIGraphicsBeginImageContext(CGSize(width: 1, height: 1))
    #expect(UIGraphicsGetCurrentContext() !== outer)
    UIColor.blue.setFill()
    UIGraphicsGetCurrentContext()!.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
    let inner = UIGraphicsGetImageFromCurrentImageContext()!
    UIGraphicsEndImageContext()
    #expect(UIGraphicsGetCurrentContext() === outer)
    let image = UIGraphicsGetImageFromCurrentImageContext()!
    UIGraphicsEndImageContext()
    #expect(UIGraphicsGetCurrentContext() == nil)
    #expect(pixel(inner, 0, 0) == 0xFF00_00FF)
    #expect(pixel(image, 0, 0) == 0xFFFF_0000 && pixel(image, 1, 1) == 0)
    // Ending with nothing begun, or getting an image from a plain pushed context: refused.
    let messages = StrataDiagnostics.capture {
        UIGraphicsEndImageContext()
        UIGraphicsPopContext()
    }
    #expect(messages.count == 2)
    #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
}

@Test func graphicsContextStacksArePerThread() {
    UIGraphicsBeginImageContext(CGSize(width: 1, height: 1))
    defer { UIGraphicsEndImageContext() }
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var seenElsewhere = true
    Thread {
        seenElsewhere = UIGraphicsGetCurrentContext() != nil
        done.signal()
    }.start()
    done.wait()
    #expect(!seenElsewhere)
    #expect(UIGraphicsGetCurrentContext() != nil)
}

@Test func rendererBlocksThatForgetToPopAreBalanced() {
    let extra = UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1))
    _ = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { _ in
        _ = extra.image { ctx in UIGraphicsPushContext(ctx.cgContext) }   // left pushed
    }
    #expect(UIGraphicsGetCurrentContext() == nil)
}

@Test func rendererPNGAndJPEGDataDecodeBack() throws {
    let renderer = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8))
    let draw: (UIGraphicsImageRendererContext) -> Void = { ctx in
        UIColor.red.setFill()
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
    }
    let png = renderer.pngData(actions: draw)
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    let fromPNG = try #require(UIImage(data: png))
    #expect(pixel(fromPNG, 3, 3) == 0xFFFF_0000)
    let jpeg = renderer.jpegData(withCompressionQuality: 0.9, actions: draw)
    #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
    let fromJPEG = try #require(UIImage(data: jpeg))
    let p = pixel(fromJPEG, 3, 3)
    #expect(p >> 16 & 0xFF >= 250 && p >> 8 & 0xFF <= 5 && p & 0xFF <= 5)   // lossy: within a few levels
    #expect(fromJPEG.size == CGSize(width: 8, height: 8))
}

@Test func hostileRendererSizesGiveEmptyImages() {
    var ran = false
    var images: [UIImage] = []
    let messages = StrataDiagnostics.capture {
        for size in [CGSize(width: CGFloat.nan, height: 1), CGSize(width: 0, height: 10), CGSize(width: -5, height: 5),
                     CGSize(width: 1e9, height: 1e9), CGSize(width: CGFloat.infinity, height: 1)] {
            images.append(UIGraphicsImageRenderer(size: size).image { _ in ran = true })
        }
        UIGraphicsBeginImageContextWithOptions(CGSize(width: CGFloat.nan, height: 3), false, 0)
    }
    #expect(!ran)
    #expect(images.allSatisfy { $0.size == .zero })
    #expect(messages.count == 6)
    #expect(UIGraphicsGetCurrentContext() == nil)
    #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
    let format = UIGraphicsImageRendererFormat()
    format.scale = .nan
    #expect(UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2), format: format).format.scale == 1)
}
