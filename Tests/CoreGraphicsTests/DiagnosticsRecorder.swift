import Foundation
@testable import CoreGraphics

/// Collects every StrataDiagnostics message of this test process (tests run in parallel, so a
/// test looks for its own message rather than counting all of them).
enum DiagnosticsRecorder {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var messages: [String] = []
    private static let installed: Void = {
        StrataDiagnostics.handler = { message in
            lock.lock(); messages.append(message); lock.unlock()
        }
    }()

    /// Starts recording (idempotent).
    static func install() { _ = installed }

    /// Whether any message so far contains `text`.
    static func contains(_ text: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return messages.contains { $0.contains(text) }
    }
}

/// Path helpers shared by the stroking and dashing tests.
extension CGPath {
    /// The subpaths as point lists (moves and lines only; curves are not expected).
    var polygons: [[CGPoint]] {
        var result: [[CGPoint]] = []
        for element in elements {
            switch element {
            case let .move(p): result.append([p])
            case let .line(p): result[result.count - 1].append(p)
            default: break
            }
        }
        return result
    }
}

/// Twice the signed area of a polygon (positive: counter-clockwise in a y-up frame).
func signedArea(_ p: [CGPoint]) -> CGFloat {
    var sum: CGFloat = 0
    for i in 0..<p.count {
        let a = p[i], b = p[(i + 1) % p.count]
        sum += a.x * b.y - b.x * a.y
    }
    return sum
}

func line(_ points: (CGFloat, CGFloat)...) -> CGMutablePath {
    let path = CGMutablePath()
    path.addLines(between: points.map { CGPoint(x: $0.0, y: $0.1) })
    return path
}

extension DiagnosticsRecorder {
    /// How many messages so far contain `text`.
    static func count(_ text: String) -> Int {
        lock.lock(); defer { lock.unlock() }
        return messages.filter { $0.contains(text) }.count
    }
}
