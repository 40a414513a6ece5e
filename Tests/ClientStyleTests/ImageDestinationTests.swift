// CGImageDestination (PNG and JPEG over the existing encoders) and
// CGImageSourceCopyPropertiesAtIndex (width, height, EXIF orientation), in Apple's spelling.
import QuartzCore
import Testing

private func sampleImage(_ w: Int = 8, _ h: Int = 6) throws -> CGImage {
    let ctx = try #require(CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                                     space: CGColorSpaceCreateDeviceRGB(),
                                     bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
    ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
    ctx.fill(CGRect(x: 0, y: 0, width: w, height: h))
    return try #require(ctx.makeImage())
}

private func properties(_ data: Data) -> [CFString: Any]? {
    guard let source = CGImageSourceCreateWithData(data, nil) else { return nil }
    return CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any]
}

@Test func pngDestinationRoundTrips() throws {
    let data = NSMutableData()
    let destination = try #require(CGImageDestinationCreateWithData(data, "public.png" as CFString, 1, nil))
    CGImageDestinationAddImage(destination, try sampleImage(), nil)
    #expect(CGImageDestinationFinalize(destination))
    let decoded = try CGImage(pngData: data as Data)
    #expect(decoded.width == 8 && decoded.height == 6)
    let props = try #require(properties(data as Data))
    #expect(props[kCGImagePropertyPixelWidth] as? Int == 8)
    #expect(props[kCGImagePropertyPixelHeight] as? Int == 6)
    #expect(props[kCGImagePropertyOrientation] == nil)
    // Finalizing twice fails.
    #expect(!CGImageDestinationFinalize(destination))
}

@Test func jpegDestinationWritesAFileWithQuality() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-dest-\(ProcessInfo.processInfo.processIdentifier).jpg")
    defer { try? FileManager.default.removeItem(at: url) }
    let destination = try #require(CGImageDestinationCreateWithURL(url as CFURL, "public.jpeg" as CFString, 1, nil))
    CGImageDestinationAddImage(destination, try sampleImage(16, 9),
                               [kCGImageDestinationLossyCompressionQuality: 0.9] as NSDictionary)
    #expect(CGImageDestinationFinalize(destination))
    let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
    let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
    #expect(image.width == 16 && image.height == 9)
    let bytes = try #require(image.dataProvider?.data)
    // Red survives JPEG within a few levels (B, G, R, A).
    #expect(bytes[2] > 240 && bytes[0] < 16 && bytes[1] < 16 && bytes[3] == 255)
    let props = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any])
    #expect(props[kCGImagePropertyPixelWidth] as? Int == 16)
    #expect(props[kCGImagePropertyPixelHeight] as? Int == 9)
    #expect(CGImageSourceGetType(source) == "public.jpeg" as CFString)
}

@Test func exifOrientationIsReadFromJPEG() throws {
    let data = NSMutableData()
    let destination = try #require(CGImageDestinationCreateWithData(data, "public.jpeg" as CFString, 1, nil))
    CGImageDestinationAddImage(destination, try sampleImage(), nil)
    #expect(CGImageDestinationFinalize(destination))
    // An APP1 Exif segment (big-endian TIFF, IFD0 with one entry: Orientation = 6) after SOI.
    let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0]
    let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
    let length = payload.count + 2
    var jpeg = [UInt8](data as Data)
    jpeg.insert(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload, at: 2)
    let props = try #require(properties(Data(jpeg)))
    #expect(props[kCGImagePropertyOrientation] as? Int == 6)
    #expect(CGImagePropertyOrientation(rawValue: 6) == .right)
    #expect(props[kCGImagePropertyPixelWidth] as? Int == 8)
}

@Test func imageDestinationHostileInput() throws {
    let data = NSMutableData()
    #expect(CGImageDestinationCreateWithData(data, "public.tiff" as CFString, 1, nil) == nil)
    #expect(CGImageDestinationCreateWithData(data, "public.png" as CFString, 0, nil) == nil)
    let empty = try #require(CGImageDestinationCreateWithData(data, "public.png" as CFString, 1, nil))
    #expect(!CGImageDestinationFinalize(empty))            // no image added
    #expect(data.length == 0)
    let one = try #require(CGImageDestinationCreateWithData(data, "public.png" as CFString, 1, nil))
    CGImageDestinationAddImage(one, try sampleImage(), nil)
    CGImageDestinationAddImage(one, try sampleImage(2, 2), nil)   // beyond the count: ignored
    #expect(CGImageDestinationFinalize(one))
    #expect(try CGImage(pngData: data as Data).width == 8)
    // An unwritable URL fails at Finalize.
    let nowhere = URL(fileURLWithPath: "/nonexistent-dir/strata/x.png")
    let bad = try #require(CGImageDestinationCreateWithURL(nowhere, "public.png" as CFString, 1, nil))
    CGImageDestinationAddImage(bad, try sampleImage(), nil)
    #expect(!CGImageDestinationFinalize(bad))
    // Properties of bytes that are no image, a truncated header, a bad index: nil.
    #expect(properties(Data([1, 2, 3])) == nil)
    #expect(properties(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0])) == nil)
    let source = try #require(CGImageSourceCreateWithData(data as Data, nil))
    #expect(CGImageSourceCopyPropertiesAtIndex(source, 1, nil) == nil)
    // A corrupt Exif segment (IFD offset past the end) gives no orientation, and no trap.
    var jpeg = [UInt8]()
    let jdata = NSMutableData()
    let j = try #require(CGImageDestinationCreateWithData(jdata, "public.jpeg" as CFString, 1, nil))
    CGImageDestinationAddImage(j, try sampleImage(), nil)
    CGImageDestinationFinalize(j)
    jpeg = [UInt8](jdata as Data)
    let payload: [UInt8] = Array("Exif".utf8) + [0, 0, 0x49, 0x49, 42, 0, 0xFF, 0xFF, 0, 0]
    jpeg.insert(contentsOf: [0xFF, 0xE1, 0, UInt8(payload.count + 2)] + payload, at: 2)
    let props = try #require(properties(Data(jpeg)))
    #expect(props[kCGImagePropertyOrientation] == nil)
}
