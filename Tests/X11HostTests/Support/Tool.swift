import Foundation

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
