import CJPEG
import Foundation

/// Core Foundation's URL type: `NSURL` (toll-free bridged on Apple platforms), so Apple's
/// `url as CFURL` compiles.
public typealias CFURL = NSURL
/// Core Foundation's mutable data type: `NSMutableData`.
public typealias CFMutableData = NSMutableData

/// The uniform type identifier of PNG ("public.png"), what `UTType.png.identifier` is.
nonisolated(unsafe) public let kStrataTypePNG: CFString = "public.png"
/// The uniform type identifier of JPEG ("public.jpeg"), what `UTType.jpeg.identifier` is.
nonisolated(unsafe) public let kStrataTypeJPEG: CFString = "public.jpeg"
/// The JPEG quality key of `CGImageDestinationAddImage`'s properties: a number from 0 (smallest)
/// to 1 (best). Default 0.75 here (Apple's default is not documented).
nonisolated(unsafe) public let kCGImageDestinationLossyCompressionQuality: CFString = "kCGImageDestinationLossyCompressionQuality"

/// Where ImageIO writes an image file: a URL or a mutable data object (Apple's
/// `CGImageDestination`).
///
/// Strata's subset: PNG (8-bit RGBA, colours un-premultiplied) and JPEG (baseline, alpha dropped
/// onto black), one image per destination. Properties other than
/// `kCGImageDestinationLossyCompressionQuality` (orientation, DPI, metadata) are ignored.
public final class CGImageDestination: @unchecked Sendable {
    enum Target { case url(URL), data(NSMutableData) }
    let target: Target
    let format: CGImageSource.Format
    let capacity: Int
    var images: [(image: CGImage, quality: Double)] = []
    var finalized = false

    init(target: Target, format: CGImageSource.Format, capacity: Int) {
        self.target = target
        self.format = format
        self.capacity = capacity
    }

    /// The format of a type identifier ("public.png", "public.jpeg"; case-insensitive), or nil.
    static func format(of type: CFString) -> CGImageSource.Format? {
        switch String(type).lowercased() {
        case "public.png": return .png
        case "public.jpeg", "public.jpg": return .jpeg
        default: return nil
        }
    }

    static func make(_ target: Target, type: CFString, count: Int, call: String) -> CGImageDestination? {
        guard let format = format(of: type) else {
            StrataDiagnostics.report("\(call): type \"\(type)\" is not supported (Strata writes \"public.png\" and \"public.jpeg\")")
            return nil
        }
        guard count >= 1 else {
            StrataDiagnostics.report("\(call): count \(count) is below 1")
            return nil
        }
        return CGImageDestination(target: target, format: format, capacity: count)
    }

    /// The encoded bytes of the first image, or nil with a message.
    func encode() -> Data? {
        guard let first = images.first else {
            StrataDiagnostics.report("CGImageDestinationFinalize: no image was added")
            return nil
        }
        do {
            switch format {
            case .png: return try first.image.pngData()
            case .jpeg: return try first.image.jpegData(quality: first.quality)
            }
        } catch {
            StrataDiagnostics.report("CGImageDestinationFinalize: \(error)")
            return nil
        }
    }
}

/// A destination writing a file at `url` of `type` ("public.png" or "public.jpeg") holding
/// `count` images (Strata writes the first); nil, with a message, for another type or a count
/// below 1. `options` are ignored.
public func CGImageDestinationCreateWithURL(_ url: CFURL, _ type: CFString, _ count: Int, _ options: CFDictionary?) -> CGImageDestination? {
    guard let u = url as URL? else { return nil }
    return CGImageDestination.make(.url(u), type: type, count: count, call: "CGImageDestinationCreateWithURL")
}

/// `CGImageDestinationCreateWithURL` taking a Foundation `URL`.
public func CGImageDestinationCreateWithURL(_ url: URL, _ type: CFString, _ count: Int, _ options: CFDictionary?) -> CGImageDestination? {
    CGImageDestination.make(.url(url), type: type, count: count, call: "CGImageDestinationCreateWithURL")
}

/// A destination appending the encoded file to `data` when finalized.
public func CGImageDestinationCreateWithData(_ data: CFMutableData, _ type: CFString, _ count: Int, _ options: CFDictionary?) -> CGImageDestination? {
    CGImageDestination.make(.data(data), type: type, count: count, call: "CGImageDestinationCreateWithData")
}

/// Adds `image`; `properties` may hold `kCGImageDestinationLossyCompressionQuality` (JPEG).
/// More images than the destination's count, or any after finalizing, are reported and ignored.
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) {
    guard !idst.finalized else { return StrataDiagnostics.report("CGImageDestinationAddImage: the destination was finalized; image ignored") }
    guard idst.images.count < idst.capacity else {
        return StrataDiagnostics.report("CGImageDestinationAddImage: the destination holds \(idst.capacity) image(s); image ignored")
    }
    let raw = properties?[kCGImageDestinationLossyCompressionQuality]
    let quality = (raw as? NSNumber)?.doubleValue ?? (raw as? Double) ?? 0.75
    idst.images.append((image, quality))
}

/// Encodes and writes the image; true on success. False, with a message, when no image was
/// added, the destination was already finalized, or encoding or writing fails.
@discardableResult
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool {
    guard !idst.finalized else {
        StrataDiagnostics.report("CGImageDestinationFinalize: already finalized")
        return false
    }
    idst.finalized = true
    guard let bytes = idst.encode() else { return false }
    switch idst.target {
    case .data(let d):
        d.append(bytes)
        return true
    case .url(let url):
        do {
            try bytes.write(to: url)
            return true
        } catch {
            StrataDiagnostics.report("CGImageDestinationFinalize: cannot write \(url.path): \(error)")
            return false
        }
    }
}

/// The type identifiers a destination can write: "public.png" and "public.jpeg".
public func CGImageDestinationCopyTypeIdentifiers() -> CFArray { [kStrataTypePNG, kStrataTypeJPEG] as NSArray }
