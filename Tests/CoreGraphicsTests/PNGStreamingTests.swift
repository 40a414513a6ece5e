import CLibPNG
import Foundation
import Raster
import Testing
@testable import CoreGraphics

/// `pngData()` and `writePNG(to:)` encode a row at a time through libpng's row API (issue #25:
/// `strata render --size 16384x16384` peaked at 2.12 GB because the whole image was
/// un-premultiplied into a second buffer first). The bytes are those of the whole-image encoder
/// they replace: libpng's simplified writer given the whole image un-premultiplied at once.
@Suite struct PNGStreamingTests {
    /// The encoder before issue #25, rebuilt here as the reference: every pixel un-premultiplied
    /// (rounded, opaque pixels as they are, transparent ones 0) into one straight buffer, which
    /// `png_image_write_to_memory` encodes as BGRA.
    static func wholeImagePNG(_ pixels: [UInt32], width: Int, height: Int) throws -> [UInt8] {
        let straight = pixels.map { p -> UInt32 in
            let a = p >> 24
            if a == 255 { return p }
            func channel(_ c: UInt32) -> UInt32 { a == 0 ? 0 : min((c * 255 + a / 2) / a, 255) }
            return a << 24 | channel(p >> 16 & 0xFF) << 16 | channel(p >> 8 & 0xFF) << 8 | channel(p & 0xFF)
        }
        return try straight.withUnsafeBytes { buffer in
            var image = png_image()
            image.version = 1                           // PNG_IMAGE_VERSION
            image.width = png_uint_32(width)
            image.height = png_uint_32(height)
            image.format = 0x13                         // PNG_FORMAT_BGRA: colour | alpha | BGR
            var size: png_alloc_size_t = 0
            try #require(png_image_write_to_memory(&image, nil, &size, 0, buffer.baseAddress, 0, nil) != 0)
            var out = [UInt8](repeating: 0, count: Int(size))
            try #require(png_image_write_to_memory(&image, &out, &size, 0, buffer.baseAddress, 0, nil) != 0)
            return Array(out.prefix(Int(size)))
        }
    }

    /// Valid premultiplied pixels from a fixed LCG, with the alpha edge cases (0, 1, 254, 255)
    /// over-represented.
    static func randomPixels(count: Int, seed: UInt64) -> [UInt32] {
        var state = seed
        func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        return (0..<count).map { _ in
            let pick = next() % 8
            let a: UInt32 = pick == 0 ? 0 : pick == 1 ? 1 : pick == 2 ? 254 : pick == 3 ? 255 : next() % 256
            let r = next() % (a + 1), g = next() % (a + 1), b = next() % (a + 1)
            return a << 24 | r << 16 | g << 8 | b
        }
    }

    static func everyAlphaAndChannel() -> [UInt32] {
        (0..<(256 * 256)).map { i in
            let a = UInt32(i / 256), c = UInt32(i % 256) * a / 255
            return a << 24 | c << 16 | (a - c) << 8 | c / 2
        }
    }

    static let cases: [(width: Int, height: Int, pixels: [UInt32])] = [
        (1, 1, [0]),
        (1, 1, [0x0101_0100]),
        (3, 2, ImageTests.pixels),
        (256, 256, everyAlphaAndChannel()),
        (613, 37, randomPixels(count: 613 * 37, seed: 25)),
        (16384, 2, randomPixels(count: 16384 * 2, seed: 16384)),
        (1, 300, randomPixels(count: 300, seed: 300)),
    ]

    @Test(arguments: 0..<cases.count)
    func pngDataIsTheWholeImageEncodersBytes(_ index: Int) throws {
        let (width, height, pixels) = Self.cases[index]
        let image = try CGImage(width: width, height: height, premultipliedBGRA: pixels)
        let expected = try Self.wholeImagePNG(pixels, width: width, height: height)
        let data = try image.pngData()
        #expect(data.count == expected.count)
        #expect(Array(data) == expected)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-stream-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try image.writePNG(to: url)
        #expect(try Array(Data(contentsOf: url)) == expected, "the file holds the same bytes")
        // And they decode to the pixels written (premultiplied → straight → premultiplied is exact).
        let back = try CGImage(pngData: data)
        var mismatches = 0
        for y in 0..<height {
            for x in 0..<width where back.pixel(x: x, y: y) != pixels[y * width + x] { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    /// A device that takes no bytes: the write fails with the system's message, as an I/O failure.
    @Test func aFullDeviceThrowsAnIOFailure() throws {
        let image = try CGImage(width: 64, height: 64, premultipliedBGRA: Self.randomPixels(count: 64 * 64, seed: 7))
        #expect { try image.writePNG(to: URL(fileURLWithPath: "/dev/full")) } throws: { error in
            let error = error as? CGImageError
            return error?.reason == .ioFailed && error?.source == "/dev/full" && error?.detail == "No space left on device"
        }
        #expect(FileManager.default.fileExists(atPath: "/dev/full"), "a failed write leaves the path alone")
    }

    /// A large image, 16384 × 2048 (128 MiB of pixels), every pixel translucent so each one is
    /// un-premultiplied: writing it raises the process's peak resident set by far less than the
    /// image (a row buffer and libpng's state), where the whole-image copy added 128 MiB. The
    /// write runs in a child process of its own (an exit test), so no other test's allocations
    /// raise the peak beside it: in the shared test process, even the smallest of three rises
    /// once measured 83 MB on CI (2026-11-28) with no copy, as parallel tests allocated. The
    /// peak is reset (`/proc/self/clear_refs`) just before the write and the bound is a quarter
    /// of the image. Not under a sanitizer: ThreadSanitizer's shadow of the pixels the writer
    /// reads counts in the resident set (a rise of 167 MB with no copy; `scripts/tsan`).
    @Test(.disabled(if: ProcessInfo.processInfo.environment["STRATA_SANITIZER"] != nil,
                    "a sanitizer's shadow memory counts in the resident set"))
    func writingALargeImageAddsNoCopy() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            PNGStreamingTests.writeLargeImageAndMeasure()
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        let fields = output.split(whereSeparator: \.isWhitespace)
        let rise = try #require(fields.count == 2 ? Int(fields[0]) : nil, "the child printed \(output)")
        #expect(rise < 16384 * 2048, "writePNG raised the peak by \(rise) bytes")
        // Too large for the decoder's limit (64 Mi pixels): the child checked the header instead.
        #expect(fields[1] == "16384x2048-rgba8", "the file's header: \(fields[1])")
    }

    /// The exit test's body: writes the image once and prints the peak rise in bytes and what
    /// the file's header says (`16384x2048-rgba8` when right).
    static func writeLargeImageAndMeasure() {
        let width = 16384, height = 2048
        let surface = Surface(width: width, height: height)
        surface.pixels.update(repeating: 0x8040_2010, count: width * height)
        let image = CGImage(surface: surface)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-large-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let before = statusKilobytes("VmHWM") ?? 0
        let written = (try? image.writePNG(to: url)) != nil
        let peak = statusKilobytes("VmHWM") ?? Int.max / 2048
        let data = (try? Data(contentsOf: url)) ?? Data()
        let header = data.count > 33 ? Array(data[16..<26]) : []
        let headerRight = written && header == [0, 0, 0x40, 0, 0, 0, 0x08, 0, 8, 6] && data.count < 16 << 20
        print((peak - before) * 1024, headerRight ? "16384x2048-rgba8" : "wrong:\(data.count)-bytes-\(header)")
    }

    /// A `/proc/self/status` value in kB.
    static func statusKilobytes(_ key: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }
}
