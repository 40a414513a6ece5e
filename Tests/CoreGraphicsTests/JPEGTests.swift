import Foundation
import Testing
@testable import CoreGraphics

/// JPEG fixtures written by `Fixtures/make_jpeg_fixtures.sh` (ImageMagick's encoder).
@Suite struct JPEGTests {
    static func fixture(_ name: String) throws -> URL {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return folder.appendingPathComponent(name)
    }

    static func error(_ body: () throws -> CGImage) -> CGImageError? {
        do { _ = try body(); return nil } catch { return error as? CGImageError }
    }

    /// Channels of an opaque pixel, alpha first.
    static func channels(_ p: UInt32) -> [Int] { [Int(p >> 24), Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)] }

    static func near(_ p: UInt32, _ expected: [Int], within tolerance: Int) -> Bool {
        zip(channels(p), expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func colourImageDecodes() throws {
        let image = try CGImage(contentsOfJPEGFile: Self.fixture("red-blue-16x8.jpg"))
        #expect(image.width == 16 && image.height == 8)
        // Lossy at quality 95: within 8 of pure red and blue away from the boundary.
        for y in 0..<8 {
            #expect(Self.near(image.pixel(x: 2, y: y), [255, 255, 0, 0], within: 8))
            #expect(Self.near(image.pixel(x: 13, y: y), [255, 0, 0, 255], within: 8))
        }
    }

    @Test func grayAndCMYKDecode() throws {
        let gray = try CGImage(contentsOfJPEGFile: Self.fixture("gray-8x8.jpg"))
        #expect(Self.near(gray.pixel(x: 4, y: 4), [255, 128, 128, 128], within: 2))
        let cmyk = try CGImage(jpegData: Data(contentsOf: Self.fixture("cmyk-8x8.jpg")))
        #expect(Self.near(cmyk.pixel(x: 4, y: 4), [255, 255, 0, 0], within: 4))
    }

    @Test func damagedFilesThrowNamedErrors() throws {
        let truncated = try Self.fixture("truncated.jpg")
        let cut = Self.error { try CGImage(contentsOfJPEGFile: truncated) }
        #expect(cut?.reason == .truncated)
        #expect(cut?.description.hasPrefix("\(truncated.path): truncated JPEG (data ends early)") == true)
        let corrupt = Self.error { try CGImage(contentsOfJPEGFile: try Self.fixture("corrupt.jpg")) }
        #expect(corrupt?.reason == .corrupt)
        #expect(corrupt?.description.contains("corrupt JPEG") == true)
        let huge = Self.error { try CGImage(contentsOfJPEGFile: try Self.fixture("huge-sof.jpg")) }
        #expect(huge?.reason == .tooLarge(width: 60000, height: 60000))
    }

    @Test func notJPEGEmptyAndMissing() throws {
        #expect(Self.error { try CGImage(jpegData: Data()) }?.reason == .empty)
        let png = Self.error { try CGImage(jpegData: Data([0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0])) }
        #expect(png?.description == "JPEG data: not a JPEG file (no start-of-image marker)")
        let missing = Self.error { try CGImage(contentsOfJPEGFile: URL(fileURLWithPath: "/nonexistent/a.jpg")) }
        #expect(missing?.description == "/nonexistent/a.jpg: no such file")
    }

    @Test func everyPrefixOfAJPEGFailsCleanly() throws {
        // No prefix may crash, hang or decode: each is empty, truncated or corrupt.
        let data = try Data(contentsOf: Self.fixture("red-blue-16x8.jpg"))
        // Only the end-of-image marker (or its second byte) missing decodes, as in libjpeg-turbo.
        for count in 0..<data.count - 2 {
            let reason = Self.error { try CGImage(jpegData: data.prefix(count)) }?.reason
            #expect(reason == .empty || reason == .notJPEG || reason == .truncated || reason == .corrupt,
                    "prefix of \(count) bytes: \(String(describing: reason))")
        }
    }
}
