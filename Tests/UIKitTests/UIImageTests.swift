import Testing
import UIKit

/// A 3 × 2 image: red, green, blue on the top row; white, black, transparent below.
private func sample(scale: CGFloat = 1) -> UIImage {
    patternImage(3, 2, scale: scale) { x, y in
        [[UIColor.red, .green, .blue], [.white, .black, .clear]][y][x]
    }
}

private let red: UInt32 = 0xFFFF_0000, green: UInt32 = 0xFF00_FF00, blue: UInt32 = 0xFF00_00FF
private let white: UInt32 = 0xFFFF_FFFF, black: UInt32 = 0xFF00_0000

@Test func sizeScaleAndOrientation() {
    let img = sample()
    #expect(img.size == CGSize(width: 3, height: 2) && img.scale == 1 && img.imageOrientation == .up)
    let cg = img.cgImage!
    let at2 = UIImage(cgImage: cg, scale: 2, orientation: .up)
    #expect(at2.size == CGSize(width: 1.5, height: 1))
    let turned = UIImage(cgImage: cg, scale: 1, orientation: .right)
    #expect(turned.size == CGSize(width: 2, height: 3))
    #expect(UIImage(cgImage: cg, scale: .nan, orientation: .up).scale == 1)
    #expect(UIImage(cgImage: cg, scale: -2, orientation: .up).scale == 1)
    let r2 = sample(scale: 2)
    #expect(r2.size == CGSize(width: 1.5, height: 1) && r2.scale == 2 && r2.cgImage!.width == 3)
}

@Test func drawInRectIsUpright() {
    let img = sample()
    let out = UIGraphicsImageRenderer(size: CGSize(width: 3, height: 2)).image { _ in img.draw(in: CGRect(x: 0, y: 0, width: 3, height: 2)) }
    #expect([pixel(out, 0, 0), pixel(out, 1, 0), pixel(out, 2, 0)] == [red, green, blue])
    #expect([pixel(out, 0, 1), pixel(out, 1, 1), pixel(out, 2, 1)] == [white, black, 0])
    let at = UIGraphicsImageRenderer(size: CGSize(width: 5, height: 4)).image { _ in img.draw(at: CGPoint(x: 2, y: 2)) }
    #expect(pixel(at, 2, 2) == red && pixel(at, 4, 2) == blue && pixel(at, 3, 3) == black && pixel(at, 1, 1) == 0)
    // Scaled by 2 (nearest pixel centres stay exact at the middle of each 2 × 2 block).
    let big = UIGraphicsImageRenderer(size: CGSize(width: 6, height: 4)).image { _ in
        UIGraphicsGetCurrentContext()!.interpolationQuality = .none
        img.draw(in: CGRect(x: 0, y: 0, width: 6, height: 4))
    }
    #expect(pixel(big, 0, 0) == red && pixel(big, 5, 1) == blue && pixel(big, 3, 3) == black)
}

@Test func orientationsTurnThePixelsUpright() {
    let cg = sample().cgImage!
    func drawn(_ o: UIImage.Orientation) -> UIImage {
        let img = UIImage(cgImage: cg, scale: 1, orientation: o)
        return UIGraphicsImageRenderer(size: img.size).image { _ in img.draw(at: .zero) }
    }
    // .down: turned half a turn: the stored bottom-right (transparent) shows top-left.
    let down = drawn(.down)
    #expect([pixel(down, 0, 0), pixel(down, 1, 0), pixel(down, 2, 0)] == [0, black, white])
    #expect([pixel(down, 0, 1), pixel(down, 1, 1), pixel(down, 2, 1)] == [blue, green, red])
    // .right: shown turned 90° clockwise: the stored left column (red over white) becomes the top row, white left.
    let right = drawn(.right)
    #expect(right.size == CGSize(width: 2, height: 3))
    #expect([pixel(right, 0, 0), pixel(right, 1, 0)] == [white, red])
    #expect([pixel(right, 0, 2), pixel(right, 1, 2)] == [0, blue])
    // .left: 90° counter-clockwise: the stored right column (blue over transparent) on top.
    let left = drawn(.left)
    #expect([pixel(left, 0, 0), pixel(left, 1, 0)] == [blue, 0])
    #expect([pixel(left, 0, 2), pixel(left, 1, 2)] == [red, white])
    // .upMirrored: left and right swapped.
    let mirrored = drawn(.upMirrored)
    #expect([pixel(mirrored, 0, 0), pixel(mirrored, 2, 0)] == [blue, red])
}

@Test func pngDataRoundTripsExactly() throws {
    let img = sample()
    let data = try #require(img.pngData())
    let back = try #require(UIImage(data: data))
    for y in 0..<2 { for x in 0..<3 { #expect(pixel(back, x, y) == pixel(img, x, y)) } }
    #expect(UIImagePNGRepresentation(img) == data)
    let jpeg = try #require(img.jpegData(compressionQuality: 1))
    #expect(UIImage(data: jpeg)?.size == CGSize(width: 3, height: 2))
    #expect(img.jpegData(compressionQuality: .nan) != nil)
    #expect(UIImage(data: data, scale: 3)?.size == CGSize(width: 1, height: 2.0 / 3.0))
}

@Test func filesAndNamesWithScalesAndMissingOnes() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("uikit-images-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let png = try #require(sample().pngData())
    try png.write(to: dir.appendingPathComponent("dot.png"))
    try png.write(to: dir.appendingPathComponent("retina@2x.png"))
    try sample().jpegData(compressionQuality: 0.8)!.write(to: dir.appendingPathComponent("photo.jpg"))
    try Data("not an image".utf8).write(to: dir.appendingPathComponent("bad.png"))

    #expect(UIImage(contentsOfFile: dir.appendingPathComponent("dot.png").path)?.size == CGSize(width: 3, height: 2))
    #expect(UIImage(contentsOfFile: dir.appendingPathComponent("retina@2x.png").path)?.scale == 2)
    #expect(UIImage(contentsOfFile: dir.path) == nil)                 // a folder
    #expect(UIImage(contentsOfFile: dir.appendingPathComponent("none.png").path) == nil)
    #expect(UIImage(contentsOfFile: "") == nil)

    #expect(UIImage(named: "dot") == nil)                             // not searched yet
    UIImage.resourceSearchPaths = [dir.path]
    defer { UIImage.resourceSearchPaths = [] }
    #expect(UIImage(named: "dot")?.size == CGSize(width: 3, height: 2))
    #expect(UIImage(named: "dot.png")?.scale == 1)
    #expect(UIImage(named: "retina")?.scale == 2)
    #expect(UIImage(named: "retina")?.size == CGSize(width: 1.5, height: 1))
    #expect(UIImage(named: "photo")?.size == CGSize(width: 3, height: 2))
    #expect(UIImage(named: "does-not-exist") == nil)
    #expect(UIImage(named: "bad") == nil)
    #expect(UIImage(named: "") == nil)
    #expect(UIImage(named: "a\u{0}b") == nil)
    #expect(UIImage(named: "dot")?.cgImage === UIImage(named: "dot")?.cgImage)   // decoded once
    #expect(UIImage(systemName: "star") == nil)
}

@Test func corruptAndEmptyDataGiveNil() {
    var results: [UIImage?] = []
    _ = StrataDiagnostics.capture {
        results = [UIImage(data: Data()), UIImage(data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0])),
                   UIImage(data: Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3])), UIImage(data: Data(repeating: 7, count: 1000))]
    }
    #expect(results.allSatisfy { $0 == nil })
    // A truncated real PNG.
    let png = sample().pngData()!
    #expect(UIImage(data: png.prefix(png.count / 2)) == nil)
}

@Test func resizableImagesKeepTheirCaps() {
    // 3 × 3: a red 1-pixel frame around a green centre.
    let framed = patternImage(3, 3) { x, y in x == 1 && y == 1 ? .green : .red }
    let resizable = framed.resizableImage(withCapInsets: UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
    #expect(resizable.capInsets == UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
    #expect(resizable.resizingMode == .tile)
    #expect(framed.resizableImage(withCapInsets: .zero, resizingMode: .stretch).resizingMode == .stretch)
    let out = UIGraphicsImageRenderer(size: CGSize(width: 7, height: 5)).image { _ in
        UIGraphicsGetCurrentContext()!.interpolationQuality = .none
        resizable.draw(in: CGRect(x: 0, y: 0, width: 7, height: 5))
    }
    // The frame stays one pixel wide; the centre stretches over 5 × 3.
    #expect(pixel(out, 0, 0) == red && pixel(out, 6, 4) == red && pixel(out, 3, 0) == red && pixel(out, 0, 2) == red)
    #expect(pixel(out, 1, 1) == green && pixel(out, 5, 3) == green && pixel(out, 3, 2) == green)
    let template = framed.withRenderingMode(.alwaysTemplate)
    #expect(template.renderingMode == .alwaysTemplate && framed.renderingMode == .automatic)
    var messages: [String] = []
    messages = StrataDiagnostics.capture {
        #expect(framed.resizableImage(withCapInsets: UIEdgeInsets(top: .nan, left: 1, bottom: 1, right: 1)).capInsets == .zero)
    }
    #expect(messages.count == 1)
}

@Test func animatedImagesKeepTheirFrames() {
    let a = sample(), b = sample(scale: 2)
    let anim = UIImage.animatedImage(with: [a, b], duration: 0.5)!
    #expect(anim.images?.count == 2 && anim.duration == 0.5 && anim.size == a.size)
    #expect(UIImage.animatedImage(with: [], duration: 1) == nil)
    #expect(a.images == nil)
}

@Test func drawingHostileRectsDoesNothing() {
    let img = sample()
    let out = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { _ in
        _ = StrataDiagnostics.capture {
            img.draw(in: CGRect(x: CGFloat.nan, y: 0, width: 2, height: 2))
            img.draw(in: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 2))
        }
        img.draw(in: CGRect(x: 0, y: 0, width: 0, height: 2))
        img.draw(at: CGPoint(x: 1e300, y: 0))
    }
    #expect(pixel(out, 0, 0) == 0 && pixel(out, 1, 1) == 0)
    img.draw(at: .zero)   // no context: nothing
}
