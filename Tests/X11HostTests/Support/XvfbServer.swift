import Foundation
import Testing

/// A private Xvfb for one test: started with `-displayfd` (never a fixed display number),
/// killed by `stop()`, and ending by itself when its last client leaves.
final class XvfbServer: @unchecked Sendable {
    /// Whether `Xvfb` is on PATH; tests are skipped (with that reason) when it is not.
    static let isAvailable = Tool.path(of: "Xvfb") != nil
    static let skipReason: Comment = "Xvfb is not on PATH: install it with scripts/install-deps test"

    let process = Process()
    /// The display name, e.g. ":3".
    let display: String

    enum Failure: Error { case noDisplayNumber(String) }

    /// Starts `Xvfb -displayfd 1 -screen 0 <screen> <arguments>` and waits (10 s at most) for it
    /// to print its display number.
    init(screen: String = "640x480x24", arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: Tool.path(of: "Xvfb")!)
        // -terminate: the server exits when its last client disconnects, so one started by an
        // exit-test child that dies (or exits early on a failed check) never outlives it.
        process.arguments = ["-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp", "-terminate"]
            + arguments
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
    static func start(screen: String = "640x480x24", arguments: [String] = []) async throws -> XvfbServer {
        try await Task.detached { try XvfbServer(screen: screen, arguments: arguments) }.value
    }

    /// Kills the server and waits for it to exit.
    ///
    /// SIGKILL, not `terminate()`: a child started from a Dispatch worker thread inherits that
    /// thread's signal mask, which blocks SIGTERM, so Xvfb would never see it.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// Runs command-line tools for the tests.
enum Tool {
    static func path(of name: String) -> String? {
        for directory in (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `arguments` through a shell-free `Process`, with `DISPLAY` set, and returns its exit
    /// status and standard output.
    @discardableResult
    static func run(_ arguments: [String], display: String? = nil) async throws -> (status: Int32, output: Data) {
        try await Task.detached { try runBlocking(arguments, display: display) }.value
    }

    static func runBlocking(_ arguments: [String], display: String? = nil) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path(of: arguments[0]) ?? arguments[0])
        process.arguments = Array(arguments.dropFirst())
        if let display {
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = display
            process.environment = environment
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// Runs a shell pipeline (for `xwd | convert`).
    @discardableResult
    static func shell(_ command: String, display: String) async throws -> (status: Int32, output: Data) {
        try await run(["sh", "-c", command], display: display)
    }

    /// Shared-memory segment ids whose creator is `pid`, from `ipcs -m -p`.
    static func sharedMemorySegments(createdBy pid: Int32) throws -> [String] {
        let text = String(decoding: try runBlocking(["ipcs", "-m", "-p"]).output, as: UTF8.self)
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 4, Int(fields[0]) != nil, fields[2] == "\(pid)" else { return nil }
            return String(fields[0])
        }
    }
}
