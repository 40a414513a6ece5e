import ArgumentParser
import Foundation
import StrataDemos

/// `strata fuzz`: renders seeded random layer trees headless and checks each (no crash, no
/// hang, valid premultiplied pixels, 1 and 2 threads identical). Prints one line per failing
/// seed; exits 1 when any failed.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz", abstract: "Render seeded random layer trees and check every frame.")

    @Option(parsing: .unconditional, help: "The first seed; scene k uses seed + k.") var seed: UInt64 = 1
    @Option(parsing: .unconditional, help: "Scenes to check.") var count: Int = 1000
    @Option(parsing: .unconditional, help: "Seconds a scene may take before it counts as a hang.") var budget: Double = 10
    @Option(parsing: .unconditional, help: "Surface side in pixels.") var size: Int = 96
    @Flag(help: "Print each seed to stderr before checking it (a crash then names its seed).") var trace = false
    @Flag(help: "Fuzz UIKit views instead of layer trees (ViewFuzzer: hostile geometry, cycles, deep trees, animations).") var views = false
    @Option(parsing: .unconditional,
            help: "Scenes also changed by 2-4 threads while they render: none, some (one in four) or all.")
    var threads: String = "some"
    @Option(parsing: .unconditional,
            help: "Instead of scenes: time a chain of this many layers (build, commit, render, hit-test, free).")
    var deepTree: Int?

    func validate() throws {
        guard (1...100_000_000).contains(count) else { throw ValidationError("--count must be 1…100000000") }
        guard (1...1024).contains(size) else { throw ValidationError("--size must be 1…1024") }
        guard budget.isFinite, budget > 0 else { throw ValidationError("--budget must be a positive number of seconds") }
        guard threadScenes != nil else { throw ValidationError("--threads must be none, some or all") }
    }

    private var threadScenes: SceneFuzzer.ThreadScenes? {
        switch threads {
        case "none": .off
        case "some": .sometimes
        case "all": .always
        default: nil
        }
    }

    func run() throws {
        if views { return try runViews() }
        if let depth = deepTree {
            let (phases, correct) = SceneFuzzer.timeDeepChain(depth: max(1, min(depth, 10_000_000)))
            let total = phases.reduce(0) { $0 + $1.1 }
            say("deep tree of \(depth): " + phases.map { "\($0.0) " + String(format: "%.3f s", $0.1) }.joined(separator: ", ")
                + String(format: "; %.3f s in all", total) + (correct ? "" : " (WRONG: the leaf did not show, was not hit or was not freed)"))
            if !correct { throw ExitCode(1) }
            return
        }
        let checker = FuzzChecker(size: size, budget: budget, threadScenes: threadScenes ?? .sometimes)
        var failures = 0
        var slowest = (seconds: 0.0, seed: seed)
        let start = Date()
        for k in 0..<count {
            let s = seed &+ UInt64(k)
            if trace { FileHandle.standardError.write(Data("seed \(s)\n".utf8)) }
            switch checker.check(seed: s) {
            case .passed(let seconds, _):
                if seconds > slowest.seconds { slowest = (seconds, s) }
            case .failed(let problem):
                failures += 1
                say("seed \(s): \(problem)")
            case .timedOut:
                // The scene's thread cannot be stopped: report and end here.
                say("seed \(s): no result within \(budget) s (hang)")
                throw ExitCode(1)
            }
            if (k + 1) % 1000 == 0 {
                FileHandle.standardError.write(Data("fuzz: \(k + 1)/\(count), \(failures) failed\n".utf8))
            }
        }
        say(String(format: "fuzz: %d scenes from seed %llu, %d failed, slowest %.3f s (seed %llu), %.0f s in all",
                   count, seed, failures, slowest.seconds, slowest.seed, Date().timeIntervalSince(start)))
        if failures > 0 { throw ExitCode(1) }
    }
}
