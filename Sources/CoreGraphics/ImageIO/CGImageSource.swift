/// An image file's bytes, read by ImageIO's functions (`CGImageSourceCreateWithURL`, …).
///
/// Strata's subset of ImageIO: PNG and JPEG, one image per source. Differs from Apple: the
/// functions take `URL`, `Data` and `[String: Any]` instead of `CFURL`, `CFData` and
/// `CFDictionary`, and options are ignored.
public final class CGImageSource: @unchecked Sendable {
    /// The file formats a source can hold.
    enum Format { case png, jpeg }

    let data: Data
    /// The file path, or "image data", for messages.
    let source: String
    /// `nil` when the bytes are neither PNG nor JPEG.
    let format: Format?

    init(data: Data, source: String) {
        self.data = data
        self.source = source
        if data.count >= 8, data.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            format = .png
        } else if CGImage.looksLikeJPEG(data) {
            format = .jpeg
        } else {
            format = nil
        }
    }

    /// Decodes the image, or throws the decoder's error.
    func decode() throws -> CGImage {
        switch format {
        case .png: return try CGImage(surface: CGImage.decodePNG(data, source: source))
        case .jpeg: return try CGImage(surface: CGImage.decodeJPEG(data, source: source))
        case nil:
            throw CGImageError(data.isEmpty ? .empty : .unknownFormat, source: source, format: "image")
        }
    }
}

/// A source over the file at `url`; `nil` (with a message) when it cannot be read.
public func CGImageSourceCreateWithURL(_ url: URL, _ options: [String: Any]?) -> CGImageSource? {
    do {
        return CGImageSource(data: try CGImage.readFile(url, format: "image"), source: url.path)
    } catch {
        StrataDiagnostics.report("CGImageSourceCreateWithURL: \(error)")
        return nil
    }
}

/// A source over `data`.
public func CGImageSourceCreateWithData(_ data: Data, _ options: [String: Any]?) -> CGImageSource? {
    CGImageSource(data: data, source: "image data")
}

/// The number of images in the source: 1 for a PNG or JPEG, 0 for anything else.
public func CGImageSourceGetCount(_ source: CGImageSource) -> Int {
    source.format == nil ? 0 : 1
}

/// The image at `index` (only 0 exists), or `nil` with a message naming the file and the
/// problem when it is corrupt, truncated, too large or not an image.
public func CGImageSourceCreateImageAtIndex(_ source: CGImageSource, _ index: Int, _ options: [String: Any]?) -> CGImage? {
    guard index == 0 else {
        StrataDiagnostics.report("CGImageSourceCreateImageAtIndex: \(source.source) has no image at index \(index)")
        return nil
    }
    do {
        return try source.decode()
    } catch {
        StrataDiagnostics.report("CGImageSourceCreateImageAtIndex: \(error)")
        return nil
    }
}
