import Foundation
@testable import QuartzCore

/// An opaque 8-bit colour read from an image.
struct RGB: Equatable, CustomStringConvertible {
    var r: Int, g: Int, b: Int
    init(_ r: Int, _ g: Int, _ b: Int) { self.r = r; self.g = g; self.b = b }
    init(pixel p: UInt32) { r = Int(p >> 16 & 0xFF); g = Int(p >> 8 & 0xFF); b = Int(p & 0xFF) }
    /// The largest per-channel difference.
    func distance(to o: RGB) -> Int { max(abs(r - o.r), abs(g - o.g), abs(b - o.b)) }
    /// Whether every channel is within `tolerance` of `o`.
    func isClose(to o: RGB, tolerance: Int = 12) -> Bool { distance(to: o) <= tolerance }
    var description: String { "(\(r), \(g), \(b))" }

    static let black = RGB(0, 0, 0)
    static let red = RGB(255, 0, 0)
    static let green = RGB(0, 255, 0)
}
