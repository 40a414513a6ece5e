import Foundation
import Testing
@testable import CoreGraphics
import Raster

@Suite struct ContextCreationTests {
    let rgb = CGColorSpaceCreateDeviceRGB()
    let first = CGImageAlphaInfo.premultipliedFirst.rawValue
    let last = CGImageAlphaInfo.premultipliedLast.rawValue
    let little = CGBitmapInfo.byteOrder32Little.rawValue
    let big = CGBitmapInfo.byteOrder32Big.rawValue

    @Test func ownedMemoryIsZeroedAndDescribed() throws {
        let context = try #require(CGContext(data: nil, width: 5, height: 3, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: rgb, bitmapInfo: first | little))
        #expect(context.width == 5 && context.height == 3)
        #expect(context.bytesPerRow == 20)
        #expect(context.bitsPerPixel == 32)
        let data = try #require(context.data).assumingMemoryBound(to: UInt8.self)
        #expect((0..<60).allSatisfy { data[$0] == 0 })
        #expect(context.makeImage()?.width == 5)
    }

    @Test func badGeometryGivesNil() {
        DiagnosticsRecorder.install()
        #expect(CGContext(data: nil, width: 0, height: 3, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                          bitmapInfo: first | little) == nil)
        #expect(DiagnosticsRecorder.contains("zero size; returning nil"))
        #expect(CGContext(data: nil, width: 5, height: 3, bitsPerComponent: 8, bytesPerRow: 19, space: rgb,
                          bitmapInfo: first | little) == nil)
        #expect(DiagnosticsRecorder.contains("bytesPerRow 19 is smaller than a row of 20 bytes"))
        #expect(CGContext(data: nil, width: 5, height: 3, bitsPerComponent: 16, bytesPerRow: 0, space: rgb,
                          bitmapInfo: first | little) == nil)
        #expect(CGContext(data: nil, width: 5, height: 3, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                          bitmapInfo: CGImageAlphaInfo.none.rawValue) == nil)
        #expect(CGContext(data: nil, width: 20_000, height: 3, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                          bitmapInfo: first | little) == nil)
    }

    /// Fills the bottom-left pixel of a 2×2 context of `info` with half-transparent red over
    /// what `data` held, returns the bytes.
    func draw(_ info: UInt32, space: CGColorSpace, bytesPerPixel: Int, fill: UInt8 = 0) throws -> [UInt8] {
        let count = 2 * 2 * bytesPerPixel
        let data = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 4)
        defer { data.deallocate() }
        data.initializeMemory(as: UInt8.self, repeating: fill, count: count)
        let context = try #require(CGContext(data: data, width: 2, height: 2, bitsPerComponent: 8,
                                             bytesPerRow: 2 * bytesPerPixel, space: space, bitmapInfo: info))
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        return Array(UnsafeRawBufferPointer(start: data, count: count))
    }

    @Test func everyLayoutStoresRedWhereItBelongs() throws {
        // The bottom-left pixel is the first of the second (last) row in memory.
        #expect(try draw(first | little, space: rgb, bytesPerPixel: 4)[8..<12] == [0, 0, 255, 255])
        #expect(try draw(first | big, space: rgb, bytesPerPixel: 4)[8..<12] == [255, 255, 0, 0])
        #expect(try draw(first, space: rgb, bytesPerPixel: 4)[8..<12] == [255, 255, 0, 0])
        #expect(try draw(last | big, space: rgb, bytesPerPixel: 4)[8..<12] == [255, 0, 0, 255])
        #expect(try draw(last | little, space: rgb, bytesPerPixel: 4)[8..<12] == [255, 0, 0, 255])
        let skipFirst = CGImageAlphaInfo.noneSkipFirst.rawValue, skipLast = CGImageAlphaInfo.noneSkipLast.rawValue
        #expect(try draw(skipFirst | little, space: rgb, bytesPerPixel: 4)[8..<12] == [0, 0, 255, 255])
        #expect(try draw(skipFirst | big, space: rgb, bytesPerPixel: 4)[8..<12] == [255, 255, 0, 0])
        #expect(try draw(skipLast, space: rgb, bytesPerPixel: 4)[8..<12] == [255, 0, 0, 255])
        #expect(try draw(skipLast | little, space: rgb, bytesPerPixel: 4)[8..<12] == [255, 0, 0, 255])
        // Gray: Rec. 601 luma of red, 0.299 · 255 = 76.2.
        #expect(try draw(CGImageAlphaInfo.none.rawValue, space: CGColorSpaceCreateDeviceGray(), bytesPerPixel: 1) == [0, 0, 76, 0])
        #expect(try draw(CGImageAlphaInfo.alphaOnly.rawValue, space: rgb, bytesPerPixel: 1) == [0, 0, 255, 0])
    }

    @Test func convertedLayoutsKeepTheCallersPixels() throws {
        // Gray 200 everywhere before drawing: the other three pixels keep it.
        #expect(try draw(CGImageAlphaInfo.none.rawValue, space: CGColorSpaceCreateDeviceGray(), bytesPerPixel: 1, fill: 200)
                == [200, 200, 76, 200])
        // Opaque white RGBA: untouched pixels stay white.
        let rgba = try draw(last | big, space: rgb, bytesPerPixel: 4, fill: 255)
        #expect(rgba[0..<4] == [255, 255, 255, 255])
        #expect(rgba[8..<12] == [255, 0, 0, 255])
    }

    @Test func opaqueLayoutsStayOpaque() throws {
        // Half-transparent red over the memory's (opaque) black, then a clear: colour over black.
        var bytes = [UInt8](repeating: 0, count: 4)
        try bytes.withUnsafeMutableBytes { raw in
            let context = try #require(CGContext(data: raw.baseAddress, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
                                                 space: rgb, bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue))
            context.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        #expect(bytes == [128, 0, 0, 255])
    }

    @Test func nativeLayoutDrawsInTheCallersMemory() throws {
        var pixels = [UInt32](repeating: 0xFF00_00FF, count: 6)   // opaque blue, 3 × 2
        try pixels.withUnsafeMutableBytes { raw in
            let context = try #require(CGContext(data: raw.baseAddress, width: 3, height: 2, bitsPerComponent: 8,
                                                 bytesPerRow: 12, space: rgb, bitmapInfo: first | little))
            #expect(context.data == raw.baseAddress)
            context.setFillColor(gray: 1, alpha: 1)
            context.fill(CGRect(x: 2, y: 1, width: 1, height: 1))   // the top-right pixel
        }
        #expect(pixels == [0xFF00_00FF, 0xFF00_00FF, 0xFFFF_FFFF, 0xFF00_00FF, 0xFF00_00FF, 0xFF00_00FF])
    }

    @Test func makeImageIsACopy() throws {
        let context = ContextTest.make(2, 2)
        context.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 1, width: 1, height: 1))  // top-left
        let image = try #require(context.makeImage())
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(image.pixel(x: 0, y: 0) == 0xFF00_FF00)
        #expect(image.pixel(x: 1, y: 1) == 0)
    }
}

@Suite struct ContextOverSurfaceTests {
    @Test func drawsIntoTheSurface() throws {
        let surface = Surface(width: 3, height: 2)
        let context = try #require(CGContext(surface: surface))
        #expect(context.surface.pixels == surface.pixels)   // the same memory, not a copy
        context.fill(CGRect(x: 0, y: 1, width: 1, height: 1))   // top-left, y up
        #expect(surface[0, 0] == 0xFF00_0000)
        #expect(surface[0, 1] == 0)
    }
}

@Suite struct ContextConversionAreaTests {
    /// A converted layout touches only the pixels a call can change: bytes elsewhere are not
    /// even read and rewritten (an invalid premultiplied pixel there keeps its colour > alpha,
    /// where a round trip through the drawing surface would clamp it).
    @Test func bytesOutsideTheDrawingAreUntouched() throws {
        var bytes = [UInt8](repeating: 0, count: 40 * 40 * 4)
        try bytes.withUnsafeMutableBytes { raw in
            let context = try #require(CGContext(data: raw.baseAddress, width: 40, height: 40, bitsPerComponent: 8,
                                                 bytesPerRow: 160, space: CGColorSpaceCreateDeviceRGB(),
                                                 bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            raw[0] = 200; raw[3] = 100   // top-left: red 200 over alpha 100
            context.setFillColor(gray: 1, alpha: 1)
            context.fill(CGRect(x: 36, y: 0, width: 2, height: 2))
            context.setShadow(offset: CGSize(width: 0, height: 4), blur: 2, color: CGColor(gray: 0.5, alpha: 1))
            context.fill(CGRect(x: 30, y: 0, width: 2, height: 2))
        }
        #expect(bytes[0] == 200 && bytes[3] == 100)
        #expect(bytes[(39 * 40 + 36) * 4 ..< (39 * 40 + 36) * 4 + 4] == [255, 255, 255, 255])   // bottom row
        #expect(bytes[(34 * 40 + 30) * 4 + 3] > 0)   // the shadow, 4 up (row 34 from the top), was stored
    }
}
