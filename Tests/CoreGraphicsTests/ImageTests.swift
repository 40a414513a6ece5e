import Foundation
import Testing
@testable import CoreGraphics

@Suite struct ImageTests {
    static let pixels: [UInt32] = [
        0xFFFF_0000, 0x8000_8000, 0x0000_0000,
        0xFFFF_FFFF, 0x3314_0A28, 0x7F3F_1F0F,
    ]

    @Test func premultipliedPixelsAreStoredAsGiven() throws {
        let image = try CGImage(width: 3, height: 2, premultipliedBGRA: Self.pixels)
        #expect(image.width == 3 && image.height == 2)
        #expect(image.bytesPerRow == 12)
        #expect(image.bitsPerPixel == 32 && image.bitsPerComponent == 8)
        #expect(image.alphaInfo == .premultipliedFirst)
        #expect(image.bitmapInfo.rawValue == 0x2002)
        #expect(image.colorSpace?.name == CGColorSpace.sRGB)
        #expect(image.pixel(x: 1, y: 0) == 0x8000_8000)
        #expect(image.pixel(x: 2, y: 1) == 0x7F3F_1F0F)
        #expect(image.surface.pixels[4] == 0x3314_0A28)
        // The data provider exposes B, G, R, A bytes.
        let bytes = try #require(image.dataProvider?.data)
        #expect(Array(bytes.prefix(8)) == [0x00, 0x00, 0xFF, 0xFF, 0x00, 0x80, 0x00, 0x80])
    }

    @Test func badSizesAndCountsThrow() {
        #expect(throws: CGImageError(.pixelCountMismatch(expected: 6, actual: 5), source: "pixels")) {
            try CGImage(width: 3, height: 2, premultipliedBGRA: [0, 0, 0, 0, 0])
        }
        #expect(throws: CGImageError(.zeroSize, source: "pixels", detail: "0×2")) {
            try CGImage(width: 0, height: 2, premultipliedBGRA: [])
        }
        #expect(throws: CGImageError(.tooLarge(width: 20_000, height: 1), source: "pixels")) {
            try CGImage(width: 20_000, height: 1, premultipliedBGRA: [])
        }
        #expect(throws: CGImageError(.tooLarge(width: 16_384, height: 8_192), source: "pixels")) {
            try CGImage(width: 16_384, height: 8_192, premultipliedBGRA: [])
        }
    }

    @Test func croppingCopiesTheIntegralIntersection() throws {
        let image = try CGImage(width: 3, height: 2, premultipliedBGRA: Self.pixels)
        let right = try #require(image.cropping(to: CGRect(x: 1, y: 0, width: 2, height: 2)))
        #expect(right.width == 2 && right.height == 2)
        #expect([right.pixel(x: 0, y: 0), right.pixel(x: 1, y: 0), right.pixel(x: 0, y: 1), right.pixel(x: 1, y: 1)]
                == [0x8000_8000, 0, 0x3314_0A28, 0x7F3F_1F0F])
        // (0.5, 0.5, 1, 1) becomes (0, 0, 2, 2).
        let fractional = try #require(image.cropping(to: CGRect(x: 0.5, y: 0.5, width: 1, height: 1)))
        #expect(fractional.width == 2 && fractional.height == 2)
        // Partly outside: clipped to the image.
        let clipped = try #require(image.cropping(to: CGRect(x: 2, y: -5, width: 10, height: 10)))
        #expect(clipped.width == 1 && clipped.height == 2 && clipped.pixel(x: 0, y: 1) == 0x7F3F_1F0F)
        #expect(image.cropping(to: CGRect(x: 5, y: 5, width: 2, height: 2)) == nil)
        #expect(image.cropping(to: .null) == nil)
    }

    @Test func appleInitializerConvertsStraightRGBA() throws {
        let bytes: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 128, 100, 50, 200, 51, 1, 2, 3, 4]
        let provider = try #require(CGDataProvider(data: Data(bytes)))
        let space = try #require(CGColorSpace(name: CGColorSpace.sRGB))
        let image = try #require(CGImage(
            width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8, space: space,
            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue), provider: provider,
            decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        // (0, 255, 0, 128) premultiplies to G = round(255·128/255) = 128; 100·51/255 = 20 exactly.
        #expect(image.pixel(x: 0, y: 0) == 0xFFFF_0000)
        #expect(image.pixel(x: 1, y: 0) == 0x8000_8000)
        #expect(image.pixel(x: 0, y: 1) == 0x3314_0A28)
    }

    @Test func appleInitializerReadsBGRALittleEndianAsIs() throws {
        // premultipliedFirst + 32-bit little endian = B, G, R, A in memory = Strata's own layout.
        let bytes: [UInt8] = [0x28, 0x0A, 0x14, 0x33]
        let provider = try #require(CGDataProvider(data: Data(bytes)))
        let image = try #require(CGImage(
            width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4,
            space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue).union(.byteOrder32Little),
            provider: provider,
            decode: nil, shouldInterpolate: false, intent: .defaultIntent))
        #expect(image.pixel(x: 0, y: 0) == 0x3314_0A28)
    }

    @Test func appleInitializerRefusesWhatItCannotRead() throws {
        let provider = try #require(CGDataProvider(data: Data(count: 8)))
        let space = CGColorSpaceCreateDeviceRGB()
        let info = CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue)
        // 16 bits per component, data too short, gray with alpha.
        #expect(CGImage(width: 1, height: 1, bitsPerComponent: 16, bitsPerPixel: 64, bytesPerRow: 8, space: space,
                        bitmapInfo: info, provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)
        #expect(CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8, space: space,
                        bitmapInfo: info, provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)
        #expect(CGImage(width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 16, bytesPerRow: 2,
                        space: CGColorSpaceCreateDeviceGray(), bitmapInfo: info, provider: provider,
                        decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)
    }
}

@Suite struct ImageLayoutLimitTests {
    @Test func hugeBytesPerRowDoesNotOverflow() throws {
        let provider = try #require(CGDataProvider(data: Data(count: 64)))
        #expect(CGImage(width: 2, height: 4, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: Int.max / 2,
                        space: CGColorSpaceCreateDeviceRGB(),
                        bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                        provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)
        #expect(CGImage(width: 2, height: 4, bitsPerComponent: 8, bitsPerPixel: -32, bytesPerRow: 8,
                        space: CGColorSpaceCreateDeviceRGB(),
                        bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                        provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)
    }

    @Test func grayAndRGBLayouts() throws {
        let grayBytes = try #require(CGDataProvider(data: Data([0x4D, 0xFF])))
        let gray = try #require(CGImage(
            width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 2,
            space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.none.rawValue),
            provider: grayBytes,
            decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        #expect(gray.pixel(x: 0, y: 0) == 0xFF4D_4D4D && gray.pixel(x: 1, y: 0) == 0xFFFF_FFFF)
        let rgbBytes = try #require(CGDataProvider(data: Data([1, 2, 3, 0, 0, 0, 9, 8, 7])))
        // 24-bit RGB, rows 6 bytes apart (3 bytes of padding).
        let rgb = try #require(CGImage(
            width: 1, height: 2, bitsPerComponent: 8, bitsPerPixel: 24, bytesPerRow: 6,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.none.rawValue),
            provider: rgbBytes, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        #expect(rgb.pixel(x: 0, y: 0) == 0xFF01_0203 && rgb.pixel(x: 0, y: 1) == 0xFF09_0807)
    }
}
