import Foundation
import Testing

/// `strata bench` prints one JSON line per run with BENCHMARK.md's keys, in window mode (under
/// Xvfb) and headless. Timing is never asserted.
@Suite(.timeLimit(.minutes(1)))
struct BenchCommandTests {
    static let keys: Set<String> = ["variant", "layers", "mode", "frames", "fps", "ms_anim", "ms_raster", "ms_present", "threads"]

    static func parse(_ line: Substring) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return try #require(object as? [String: Any], "not a JSON object: \(line)")
    }

    /// What a window adds: the pixels it redrew and sent a frame, and the frame's wall time.
    static let windowKeys: Set<String> = ["damage", "ms_frame", "px_redrawn", "px_damaged"]

    static func check(_ json: [String: Any], variant: String, layers: Int, mode: String, frames: Int) {
        #expect(Set(json.keys) == (mode == "window" ? keys.union(windowKeys) : keys))
        if mode == "window" {
            // Sent: inside what was redrawn, and something (the squares move every frame).
            let sent = (json["px_damaged"] as? NSNumber)?.intValue ?? -1, redrawn = (json["px_redrawn"] as? NSNumber)?.intValue ?? -1
            #expect(sent > 0 && sent <= redrawn, "sent \(sent), redrawn \(redrawn)")
        }
        #expect(json["variant"] as? String == variant)
        #expect((json["layers"] as? NSNumber)?.intValue == layers)
        #expect(json["mode"] as? String == mode)
        #expect((json["frames"] as? NSNumber)?.intValue == frames)
        for key in ["fps", "ms_anim", "ms_raster", "ms_present"] {
            let v = (json[key] as? NSNumber)?.doubleValue ?? -1
            #expect(v.isFinite && v >= 0, "\(key) = \(String(describing: json[key]))")
        }
        #expect(((json["fps"] as? NSNumber)?.doubleValue ?? 0) > 0)
    }

    @Test(.enabled(if: XvfbServer.isAvailable, XvfbServer.skipReason))
    func windowModePrintsOneJSONLine() async throws {
        let server = try await XvfbServer.start()
        defer { server.stop() }
        let r = try await StrataProcess.run(["bench", "--variant", "2d", "--layers", "20", "--mode", "window",
                                             "--frames", "60", "--warmup", "5", "--json-only"],
                                            display: server.display, timeout: 45)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        try #require(lines.count == 1, "stdout: \(r.stdout)")
        Self.check(try Self.parse(lines[0]), variant: "2d", layers: 20, mode: "window", frames: 60)
        #expect((try Self.parse(lines[0])["ms_present"] as? NSNumber)?.doubleValue ?? 0 > 0, "window mode presents")
    }

    /// `--count-allocations` adds `allocs_per_frame`: the heap allocations of the measured
    /// frames on every thread. The 2d scene evaluates one presentation node per animated
    /// square each frame, so four times the squares makes more allocations a frame; a counter
    /// that counted nothing, or only one thread's, or a constant, fails here.
    @Test func countAllocationsReportsAllocationsPerFrame() async throws {
        var counts: [Int: Double] = [:]
        for layers in [20, 80] {
            let r = try await StrataProcess.run(["bench", "--variant", "2d", "--layers", "\(layers)", "--frames", "40",
                                                 "--warmup", "5", "--count-allocations", "--json-only"], timeout: 45)
            #expect(r.status == 0, "stderr: \(r.stderr)")
            let lines = r.stdout.split(separator: "\n")
            try #require(lines.count == 1, "stdout: \(r.stdout)")
            let json = try Self.parse(lines[0])
            #expect(Set(json.keys) == Self.keys.union(["allocs_per_frame"]))
            counts[layers] = (json["allocs_per_frame"] as? NSNumber)?.doubleValue
        }
        let few = try #require(counts[20]), many = try #require(counts[80])
        #expect(few > 20, "at least a presentation node per animated square: \(few)")
        #expect(many > few + 60, "20 squares: \(few) a frame, 80: \(many)")
    }

    @Test func headlessModePrintsOneJSONLine() async throws {
        let r = try await StrataProcess.run(["bench", "--variant", "2d", "--layers", "20", "--mode", "headless",
                                             "--frames", "60", "--warmup", "5", "--json-only"], timeout: 45)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stderr.isEmpty, "--json-only prints no progress")
        let lines = r.stdout.split(separator: "\n")
        try #require(lines.count == 1, "stdout: \(r.stdout)")
        let json = try Self.parse(lines[0])
        Self.check(json, variant: "2d", layers: 20, mode: "headless", frames: 60)
        #expect((json["ms_present"] as? NSNumber)?.doubleValue == 0, "headless presents nothing")
    }

    @Test func aSweepPrintsOneLinePerVariantAndLayerCount() async throws {
        let r = try await StrataProcess.run(["bench", "--variant", "all", "--layers", "10,20", "--mode", "headless",
                                             "--frames", "3", "--warmup", "0", "--json-only"], timeout: 45)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        try #require(lines.count == 6, "stdout: \(r.stdout)")
        var seen: [String] = []
        for line in lines {
            let json = try Self.parse(line)
            Self.check(json, variant: json["variant"] as? String ?? "?", layers: (json["layers"] as? NSNumber)?.intValue ?? 0,
                       mode: "headless", frames: 3)
            seen.append("\(json["variant"] as? String ?? "?")/\((json["layers"] as? NSNumber)?.intValue ?? 0)")
        }
        #expect(seen == ["2d/10", "2d/20", "3d/10", "3d/20", "image/10", "image/20"])
    }

    @Test func badOptionsAreAClearError() async throws {
        let r = try await StrataProcess.run(["bench", "--variant", "4d", "--json-only"], timeout: 20)
        #expect(r.status == 64)
        #expect(r.stderr.contains("--variant"), "stderr: \(r.stderr)")
    }
}
