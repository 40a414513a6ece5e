/// Why an image could not be created, read or written; a Strata type (Apple returns `nil`).
///
/// The description names the file (or "PNG data", "JPEG data") and the problem, e.g.
/// `/tmp/a.png: not a PNG file (bad signature)`.
public struct CGImageError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The kind of failure.
    public enum Reason: Equatable, Sendable {
        /// No file at the path.
        case fileNotFound
        /// The file exists but could not be read or written.
        case ioFailed
        /// The file or data holds zero bytes.
        case empty
        /// The bytes do not start with the PNG signature.
        case notPNG
        /// The bytes do not start with a JPEG start-of-image marker.
        case notJPEG
        /// The bytes are neither PNG nor JPEG (ImageIO).
        case unknownFormat
        /// The file ends before its image data does.
        case truncated
        /// The file is damaged or unsupported.
        case corrupt
        /// The image is zero pixels wide or high.
        case zeroSize
        /// Wider or taller than 16384 pixels, or more than 64 Mi pixels in all.
        case tooLarge(width: Int, height: Int)
        /// A pixel array whose count does not match width × height.
        case pixelCountMismatch(expected: Int, actual: Int)
        /// libpng could not encode the image.
        case encodeFailed
        /// A premultiplied pixel with a colour channel above its alpha (the first one found).
        case notPremultiplied(x: Int, y: Int, pixel: UInt32)
    }

    /// The kind of failure.
    public let reason: Reason
    /// The file path, or "PNG data" / "pixels" for in-memory sources.
    public let source: String
    /// Extra detail, e.g. libpng's message; may be empty.
    public let detail: String
    /// The file format being read or written: "PNG" or "JPEG".
    public let format: String

    /// Creates an error.
    public init(_ reason: Reason, source: String, detail: String = "", format: String = "PNG") {
        self.reason = reason
        self.source = source
        self.detail = detail
        self.format = format
    }

    /// `source: problem (detail)`.
    public var description: String {
        let problem: String
        switch reason {
        case .fileNotFound: problem = "no such file"
        case .ioFailed: problem = "could not read or write the file"
        case .empty: problem = "empty (zero bytes)"
        case .notPNG: problem = "not a PNG file (bad signature)"
        case .notJPEG: problem = "not a JPEG file (no start-of-image marker)"
        case .unknownFormat: problem = "neither PNG nor JPEG"
        case .truncated: problem = "truncated \(format) (data ends early)"
        case .corrupt: problem = "corrupt \(format)"
        case .zeroSize: problem = "image has zero width or height"
        case let .tooLarge(w, h):
            problem = "image too large (\(w)×\(h); limit \(CGImage.maximumDimension) per side, \(CGImage.maximumPixelCount) pixels)"
        case let .pixelCountMismatch(expected, actual):
            problem = "expected \(expected) pixels, got \(actual)"
        case .encodeFailed: problem = "PNG encoding failed"
        case let .notPremultiplied(x, y, pixel):
            problem = "pixel (\(x), \(y)) = 0x\(String(pixel, radix: 16, uppercase: true)) is not premultiplied (a colour channel exceeds alpha)"
        }
        return detail.isEmpty ? "\(source): \(problem)" : "\(source): \(problem) (\(detail))"
    }
}
