import Foundation
import Testing
@testable import CoreGraphics

@Suite struct ImageSourceTests {
    @Test func pngAndJPEGFromURL() throws {
        for name in ["rgba-3x2.png", "red-blue-16x8.jpg"] {
            let source = try #require(CGImageSourceCreateWithURL(try JPEGTests.fixture(name), nil))
            #expect(CGImageSourceGetCount(source) == 1)
            let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
            #expect(image.width == (name.hasSuffix("png") ? 3 : 16))
            #expect(CGImageSourceCreateImageAtIndex(source, 1, nil) == nil)
        }
    }

    @Test func fromData() throws {
        let data = try Data(contentsOf: try JPEGTests.fixture("rgba-3x2.png"))
        let source = try #require(CGImageSourceCreateWithData(data, nil))
        let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(image.pixel(x: 0, y: 0) == 0xFFFF_0000)
    }

    @Test func badFilesGiveNilWithAMessage() throws {
        DiagnosticsRecorder.install()
        #expect(CGImageSourceCreateWithURL(URL(fileURLWithPath: "/nonexistent/b.png"), nil) == nil)
        #expect(DiagnosticsRecorder.contains("/nonexistent/b.png: no such file"))
        let truncated = try #require(CGImageSourceCreateWithURL(try JPEGTests.fixture("truncated.jpg"), nil))
        #expect(CGImageSourceGetCount(truncated) == 1)
        #expect(CGImageSourceCreateImageAtIndex(truncated, 0, nil) == nil)
        #expect(DiagnosticsRecorder.contains("truncated.jpg: truncated JPEG"))
        let text = try #require(CGImageSourceCreateWithData(Data("hello".utf8), nil))
        #expect(CGImageSourceGetCount(text) == 0)
        #expect(CGImageSourceCreateImageAtIndex(text, 0, nil) == nil)
        #expect(DiagnosticsRecorder.contains("image data: neither PNG nor JPEG"))
        let huge = try #require(CGImageSourceCreateWithURL(try JPEGTests.fixture("huge-ihdr.png"), nil))
        #expect(CGImageSourceCreateImageAtIndex(huge, 0, nil) == nil)
    }
}
