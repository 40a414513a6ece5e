import Foundation
import Testing
@testable import CoreGraphics

@Suite struct PNGErrorTests {
    static func reason(_ body: () throws -> CGImage) -> (CGImageError.Reason, String)? {
        do {
            _ = try body()
            return nil
        } catch let error as CGImageError {
            return (error.reason, error.description)
        } catch {
            return nil
        }
    }

    static func validPNG() throws -> Data {
        let pixels = (0..<256).map { UInt32($0) * 0x0001_0101 | 0xFF00_0000 }
        return try CGImage(width: 16, height: 16, premultipliedBGRA: pixels).pngData()
    }

    @Test func missingFileNamesThePath() {
        let path = "/nonexistent/strata/missing.png"
        let result = Self.reason { try CGImage(contentsOfPNGFile: URL(fileURLWithPath: path)) }
        #expect(result?.0 == .fileNotFound)
        #expect(result?.1 == "\(path): no such file")
    }

    @Test func zeroByteFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-empty-\(UUID().uuidString).png")
        try Data().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = Self.reason { try CGImage(contentsOfPNGFile: url) }
        #expect(result?.0 == .empty)
        #expect(result?.1.hasPrefix(url.path) == true)
    }

    @Test func randomBytesAreNotAPNG() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<1000).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        #expect(Self.reason { try CGImage(pngData: Data(bytes)) }?.0 == .notPNG)
        #expect(Self.reason { try CGImage(pngData: Data([0x89, 0x50])) }?.0 == .notPNG)
    }

    @Test func signatureFollowedByGarbageIsCorrupt() {
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0xEE, count: 64)
        #expect(Self.reason { try CGImage(pngData: Data(bytes)) }?.0 == .corrupt)
    }

    @Test func truncatedFile() throws {
        let data = try Self.validPNG()
        // (A file missing only its IEND trailer still holds the whole image and is accepted.)
        for cut in [data.count / 2, data.count - 20, 20] {
            let result = Self.reason { try CGImage(pngData: data.prefix(cut)) }
            #expect(result?.0 == .truncated, "cut at \(cut): \(result?.1 ?? "no error")")
            #expect(result?.1.contains("truncated") == true)
        }
    }

    @Test func flippedImageDataByteIsCorrupt() throws {
        var data = try Self.validPNG()
        let idat = try #require(data.firstRange(of: Data("IDAT".utf8)))
        data[idat.upperBound + 4] ^= 0xFF
        let result = Self.reason { try CGImage(pngData: data) }
        #expect(result?.0 == .corrupt)
        #expect(result?.1.hasPrefix("PNG data: corrupt PNG") == true)
    }

    @Test func hugeHeaderIsRefusedBeforeAllocating() throws {
        let url = try PNGFixtureTests.fixture("huge-ihdr.png")
        let start = ContinuousClock.now
        let result = Self.reason { try CGImage(contentsOfPNGFile: url) }
        #expect(result?.0 == .tooLarge(width: 100_000, height: 100_000))
        #expect(result?.1.contains("100000×100000") == true)
        #expect(ContinuousClock.now - start < .seconds(1))
    }
}
