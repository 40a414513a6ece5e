import Foundation
import Testing

/// Runs command-line tools (xdotool, xwd, ipcs) for the tests, each with a time limit.
enum Tool {
    static func path(of name: String) -> String? {
        for directory in (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `arguments` with `DISPLAY` set; returns stdout. Throws on a non-zero exit or when
    /// it runs longer than `timeout` seconds (it is killed then).
    @discardableResult
    static func run(_ arguments: [String], display: String? = nil, timeout: Double = 15) async throws -> String {
        try await Task.detached { try runBlocking(arguments, display: display, timeout: timeout) }.value
    }

    static func runBlocking(_ arguments: [String], display: String?, timeout: Double) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path(of: arguments[0]) ?? arguments[0])
        process.arguments = Array(arguments.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("strata-tool-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out) }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw Failed(description: "\(arguments.joined(separator: " ")) timed out after \(timeout) s")
        }
        let text = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw Failed(description: "\(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return text
    }

    /// Shared-memory segment ids whose creator is `pid`, from `ipcs -m -p`.
    static func sharedMemorySegments(createdBy pid: Int32) async throws -> [String] {
        let text = try await run(["ipcs", "-m", "-p"])
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 4, Int(fields[0]) != nil, fields[2] == "\(pid)" else { return nil }
            return String(fields[0])
        }
    }
}
