import Foundation
import Glibc
import Testing
import UIKit

/// A label showing new text every frame (a step counter driven by a display link, in an app
/// written from Apple's docs) grew by about 1 KB a frame: every draw and measure made an
/// `NSAttributedString`, and Foundation on Linux never frees one's attribute storage (its run
/// array). Plain strings are now laid out without one. Measured in a child process: the
/// suite's other tests allocate in the same heap meanwhile.
@Test func drawingNewPlainTextEveryFrameKeepsMemoryFlat() async throws {
    let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
        await MainActor.run { TextMemory.printGrowthOverRounds() }
    }
    let growths = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    try #require(growths.count == 4, "the child printed \(growths)")
    // Before: about 2.3 MB a round (four attributed strings a frame, ~600 B each).
    #expect(growths.dropFirst().max()! < 256 << 10,
            "malloc in use grew by \(growths.map { $0 >> 10 }) kB in rounds of 1,000 frames of new label text")
}

@MainActor
enum TextMemory {
    /// Bytes malloc has handed out and not had back (glibc's `mallinfo2()`: `uordblks` +
    /// `hblkhd`; found with `dlsym` because Swift's Glibc does not import <malloc.h>).
    static func mallocInUse() -> Int {
        typealias MallInfo2 = @convention(c) () -> stat
        guard let symbol = dlsym(nil, "mallinfo2") else { return 0 }
        var info = unsafeBitCast(symbol, to: MallInfo2.self)()
        return withUnsafeBytes(of: &info) { raw in
            Int(raw.load(fromByteOffset: 7 * 8, as: UInt64.self)) + Int(raw.load(fromByteOffset: 4 * 8, as: UInt64.self))
        }
    }

    /// Prints malloc's growth over four rounds of 1,000 frames, each drawing a label with new
    /// text and measuring and drawing a string with attributes.
    static func printGrowthOverRounds() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 240, height: 40))
        label.font = .monospacedDigitSystemFont(ofSize: 22, weight: .semibold)
        label.textAlignment = .center
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 14), .foregroundColor: UIColor.red]
        var frame = 0
        _ = UIGraphicsImageRenderer(size: CGSize(width: 240, height: 80)).image { context in
            var growths: [Int] = []
            for _ in 0..<4 {
                let before = mallocInUse()
                for _ in 0..<1_000 {
                    frame += 1
                    label.text = "\(frame) steps"
                    label.draw(label.bounds)
                    let s = "frame \(frame)"
                    _ = s.size(withAttributes: attributes)
                    s.draw(at: CGPoint(x: 0, y: 40), withAttributes: attributes)
                    context.cgContext.flush()               // a frame: what was drawn is done
                }
                growths.append(mallocInUse() - before)
            }
            print(growths.map(String.init).joined(separator: " "))
        }
    }
}
