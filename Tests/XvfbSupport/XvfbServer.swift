import Foundation

/// A private Xvfb for one test, shared by the test targets that open windows: started with
/// `-displayfd` (never a fixed display number) and killed with SIGKILL by `stop()` or at deinit.
///
/// SIGKILL, not `terminate()`: a child started from a Dispatch worker thread inherits that
/// thread's signal mask, which blocks SIGTERM, so Xvfb would never see it.
public final class XvfbServer: @unchecked Sendable {
    /// Whether `Xvfb` is on PATH (tests skip with `unavailableReason` when it is not).
    public static let isAvailable = executable(named: "Xvfb") != nil
    public static let unavailableReason = "Xvfb is not on PATH: install it with scripts/install-deps test"

    public let process = Process()
    /// The display name, e.g. ":3".
    public let display: String

    public enum Failure: Error { case noDisplayNumber(String) }

    /// Starts `Xvfb -displayfd 1 -screen 0 <screen> -nolisten tcp <arguments>` and waits (10 s at
    /// most) for it to print its display number. `terminatesWithLastClient` adds `-terminate`:
    /// the server then exits when its last client leaves, so one started by an exit-test child
    /// that dies never outlives it (a test that runs several clients in turn does not want that).
    public init(screen: String, arguments: [String] = [], terminatesWithLastClient: Bool) throws {
        process.executableURL = URL(fileURLWithPath: Self.executable(named: "Xvfb") ?? "/usr/bin/Xvfb")
        process.arguments = ["-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp"]
            + (terminatesWithLastClient ? ["-terminate"] : []) + arguments
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

    /// Starts a server off the caller's actor, so a main-actor test does not stall the main
    /// queue (and the event sources of other tests) while Xvfb boots.
    public static func start(screen: String, arguments: [String] = [], terminatesWithLastClient: Bool) async throws -> XvfbServer {
        try await Task.detached {
            try XvfbServer(screen: screen, arguments: arguments, terminatesWithLastClient: terminatesWithLastClient)
        }.value
    }

    /// Kills the server and waits for it to exit.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }

    /// The path of an executable on PATH.
    public static func executable(named name: String) -> String? {
        for directory in (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
