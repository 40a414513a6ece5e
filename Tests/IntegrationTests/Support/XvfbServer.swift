import Foundation
import Testing

/// A private Xvfb for one test, started with `-displayfd` (never a fixed display number) and
/// killed with SIGKILL by `stop()` or at deinit (a child started from a Dispatch thread
/// inherits its blocked SIGTERM). The approach of `X11HostTests`' helper.
final class XvfbServer: @unchecked Sendable {
    /// Whether `Xvfb` is on PATH; window tests are skipped (with that reason) when it is not.
    static let isAvailable = Tool.path(of: "Xvfb") != nil
    static let skipReason: Comment = "Xvfb is not on PATH: install it with scripts/install-deps test"

    let process = Process()
    /// The display name, e.g. ":3".
    let display: String

    enum Failure: Error { case noDisplayNumber(String) }

    /// Starts `Xvfb -displayfd 1 -screen 0 <screen> -nolisten tcp <arguments>` and waits (10 s
    /// at most) for its display number. No `-terminate`: a test runs several clients in turn.
    init(screen: String = "1024x768x24", arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: Tool.path(of: "Xvfb")!)
        process.arguments = ["-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let fd = pipe.fileHandleForReading.fileDescriptor
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        while !text.contains("\n"), Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1 else { break }
            text.append(Character(Unicode.Scalar(byte)))
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw Failure.noDisplayNumber(text)
        }
        display = ":\(number)"
    }

    /// Starts a server off the caller's thread.
    static func start(screen: String = "1024x768x24", arguments: [String] = []) async throws -> XvfbServer {
        try await Task.detached { try XvfbServer(screen: screen, arguments: arguments) }.value
    }

    /// Kills the server and waits for it to exit.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }
}
