import Foundation
@testable import QuartzCore
import Raster

/// Runs `body` in a transaction with implicit actions disabled (scene set-up and model changes
/// that must not animate).
func withoutActions<T>(_ body: () -> T) -> T {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    defer { CATransaction.commit() }
    return body()
}

/// The first pixel where two surfaces of one size differ, with both values.
func firstMismatch(_ a: Surface, _ b: Surface) -> (x: Int, y: Int, a: UInt32, b: UInt32)? {
    for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { return (x, y, a[x, y], b[x, y]) } }
    return nil
}
