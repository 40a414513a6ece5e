import Foundation
import Testing

/// The built `strata` executable, run as a child process with its output captured in files
/// (no pipes to drain, so a chatty child can never block) and a hard time limit.
final class StrataProcess: @unchecked Sendable {
    /// The `strata` built next to this test bundle (`swift build --build-tests` puts both in
    /// `.build/<triple>/<configuration>/`), else `<package>/.build/debug/strata` from
    /// `#filePath`; `$STRATA_EXECUTABLE` overrides both.
    static let executable: URL = {
        if let path = ProcessInfo.processInfo.environment["STRATA_EXECUTABLE"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        if let runner = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let sibling = URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent("strata")
            if FileManager.default.isExecutableFile(atPath: sibling.path) { return sibling }
        }
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }   // StrataProcess.swift, Support, IntegrationTests, Tests
        return url.appendingPathComponent(".build/debug/strata")
    }()

    /// Another executable of the package, built next to `strata`.
    static func sibling(_ name: String) -> URL {
        executable.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Fails the test with a clear message when the executable was not built.
    static func requireExecutable() throws {
        try #require(FileManager.default.isExecutableFile(atPath: executable.path),
                     "strata executable missing at \(executable.path): run `swift build --build-tests` first")
    }

    let process = Process()
    /// The child's own empty working directory (the window's `s` key writes screenshots there).
    let workingDirectory: URL
    private let outURL: URL
    private let errURL: URL

    /// Starts `strata arguments…` with `DISPLAY` set to `display` (removed when nil).
    init(_ arguments: [String], display: String?, executable: URL = StrataProcess.executable) throws {
        try #require(FileManager.default.isExecutableFile(atPath: executable.path),
                     "\(executable.lastPathComponent) missing at \(executable.path): run `swift build --build-tests` first")
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("strata-integ-\(UUID().uuidString)")
        outURL = base.appendingPathExtension("out")
        errURL = base.appendingPathExtension("err")
        workingDirectory = base.appendingPathExtension("cwd")
        try FileManager.default.createDirectory(at: workingDirectory, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.executableURL = executable
        process.currentDirectoryURL = workingDirectory
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }
    var stdout: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }
    var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }

    /// Waits up to `timeout` seconds for a stdout line satisfying `predicate`.
    func waitForLine(timeout: Double = 10, _ predicate: (String) -> Bool) async -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let line = stdoutLines.first(where: predicate) { return line }
            try? await Task.sleep(for: .milliseconds(20))
        } while Date() < deadline
        return stdoutLines.first(where: predicate)
    }

    /// Waits up to `timeout` seconds for the process to exit; kills it (SIGKILL) when it does
    /// not, and returns nil then. Otherwise returns its exit status.
    func waitForExit(timeout: Double = 10) async -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        guard !process.isRunning else { kill(); return nil }
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }

    /// Kills the process if it still runs. SIGKILL: a child started from a Dispatch thread
    /// inherits its blocked SIGTERM.
    func kill() {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        kill()
        try? FileManager.default.removeItem(at: outURL)
        try? FileManager.default.removeItem(at: errURL)
        try? FileManager.default.removeItem(at: workingDirectory)
    }

    /// Runs `strata arguments…` to completion (killed after `timeout` seconds) and returns its
    /// exit status (nil when it had to be killed) with its output.
    static func run(_ arguments: [String], display: String? = nil, timeout: Double = 60) async throws
        -> (status: Int32?, stdout: String, stderr: String) {
        let p = try StrataProcess(arguments, display: display)
        let status = await p.waitForExit(timeout: timeout)
        return (status, p.stdout, p.stderr)
    }
}
