import Foundation
import Testing
@testable import QuartzCore

/// A `strata` demo running in a window on a private Xvfb, driven with xdotool and read back
/// with `xwd | convert` screenshots.
final class LiveDemo: @unchecked Sendable {
    let server: XvfbServer
    let strata: StrataProcess
    /// The demo window's id.
    let window: String

    /// Starts Xvfb (`xvfbArguments`), then `strata arguments…`, and waits for the window titled
    /// `title` to be mapped and to show its first frame.
    init(_ arguments: [String], title: String, xvfbArguments: [String] = [],
         executable: URL = StrataProcess.executable) async throws {
        server = try await XvfbServer.start(arguments: xvfbArguments)
        strata = try StrataProcess(arguments, display: server.display, executable: executable)
        let found: String
        do {
            found = try await Tool.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", title],
                                       display: server.display, timeout: 30)
        } catch {
            strata.kill()
            Issue.record("no window titled \(title): stderr \(strata.stderr)")
            throw error
        }
        window = String(found.split(separator: "\n").first ?? "")
        // The pointer over the window: with no window manager, keys go where the pointer is.
        try await Tool.run(["xdotool", "mousemove", "--window", window, "5", "5"], display: server.display)
    }

    /// Runs `xdotool arguments…` on the demo's display.
    func xdotool(_ arguments: [String]) async throws {
        try await Tool.run(["xdotool"] + arguments, display: server.display)
    }

    /// A click at (x, y) in window pixels.
    func click(x: Int, y: Int) async throws {
        try await xdotool(["mousemove", "--window", window, "\(x)", "\(y)", "sleep", "0.05", "click", "1"])
    }

    /// A press at `from`, a horizontal drag in `steps` moves of `dx / steps` pixels, a release.
    func drag(fromX x: Int, y: Int, dx: Int, steps: Int = 10) async throws {
        var arguments = ["mousemove", "--window", window, "\(x)", "\(y)", "sleep", "0.05", "mousedown", "1"]
        for k in 1...steps {
            arguments += ["sleep", "0.02", "mousemove", "--window", window, "\(x + dx * k / steps)", "\(y)"]
        }
        arguments += ["sleep", "0.05", "mouseup", "1"]
        try await xdotool(arguments)
    }

    /// A key press (the pointer is kept over the window so the key reaches it).
    func key(_ name: String) async throws {
        try await xdotool(["mousemove", "--window", window, "5", "5", "key", name])
    }

    /// The window's pixels as an image, through `xwd | convert` (saved as `name`.png in the
    /// screenshot folder, to look at after a run).
    func screenshot(_ name: String) async throws -> CGImage {
        let path = Screenshots.folder.appendingPathComponent("\(name).png").path
        try await Tool.run(["sh", "-c", "xwd -silent -id \(window) | convert xwd:- png:\(path)"],
                           display: server.display)
        return try CGImage(contentsOfPNGFile: URL(fileURLWithPath: path))
    }

    /// Takes screenshots until `condition` holds on one (returned) or `timeout` passes (the last
    /// one is returned; the caller's assertions then fail with it).
    func screenshot(_ name: String, timeout: Double, until condition: (CGImage) -> Bool) async throws -> CGImage {
        let deadline = Date().addingTimeInterval(timeout)
        var image = try await screenshot(name)
        while !condition(image), Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
            image = try await screenshot(name)
        }
        return image
    }

    /// Takes screenshots back to back (each ≈ 60 ms) until `condition` holds on one or `timeout`
    /// passes, and returns them all: the frames of an animation as the window showed them.
    func screenshots(_ name: String, timeout: Double, until condition: (CGImage) -> Bool) async throws -> [CGImage] {
        let deadline = Date().addingTimeInterval(timeout)
        var images: [CGImage] = []
        repeat {
            images.append(try await screenshot("\(name)-\(images.count)"))
        } while !condition(images.last!) && Date() < deadline
        return images
    }

    /// Clicks at (x, y) and, in the same shell so no test-side latency comes between, dumps the
    /// window `count` times `interval` seconds apart; returns the frames (saved as
    /// `name`-k.png). The frames of an animation as the window showed them.
    func clickAndCapture(x: Int, y: Int, _ name: String, count: Int, interval: Double) async throws -> [CGImage] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-capture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = "xdotool mousemove --window \(window) \(x) \(y) sleep 0.05 click 1 && "
            + "for k in $(seq 0 \(count - 1)); do xwd -silent -id \(window) > \(dir.path)/$k.xwd; sleep \(interval); done"
        try await Tool.run(["sh", "-c", script], display: server.display, timeout: 30)
        var images: [CGImage] = []
        for k in 0..<count {
            let png = Screenshots.folder.appendingPathComponent("\(name)-\(k).png").path
            try await Tool.run(["convert", "xwd:\(dir.path)/\(k).xwd", "png:\(png)"])
            images.append(try CGImage(contentsOfPNGFile: URL(fileURLWithPath: png)))
        }
        return images
    }

    /// Stops the demo and the server.
    func stop() {
        strata.kill()
        server.stop()
    }

    deinit { stop() }
}

/// Where window screenshots go, to look at after a run: `$STRATA_SCREENSHOTS`, else
/// `<package>/.build/integration-screenshots/` (ignored by git).
enum Screenshots {
    static let folder: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }   // LiveDemo.swift, Support, IntegrationTests, Tests
        url.appendPathComponent(".build/integration-screenshots")
        if let path = ProcessInfo.processInfo.environment["STRATA_SCREENSHOTS"], !path.isEmpty {
            url = URL(fileURLWithPath: path)
        }
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()
}
