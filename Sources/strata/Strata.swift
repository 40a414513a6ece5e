import ArgumentParser
import Foundation

/// The `strata` command: demos in a window (or headless to PNG), one-frame renders and the
/// translucent-layers benchmark.
@main
struct Strata: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "Core Animation on the CPU: demos, renders and benchmarks.",
        subcommands: [CubeCommand.self, LitCubeCommand.self, FlipCommand.self, GalleryCommand.self, RenderCommand.self,
                      BenchCommand.self, SpinnerCommand.self, ScenesCommand.self, X11CloseCommand.self, FuzzCommand.self,
                      MakeSpaceImageCommand.self, ViewsCommand.self, AppCommand.self])
}

/// Parses `WxH`.
struct PixelSize: ExpressibleByArgument, CustomStringConvertible {
    var width: Int
    var height: Int
    init(width: Int, height: Int) { self.width = width; self.height = height }
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...16384).contains(w), (1...16384).contains(h) else { return nil }
        width = w; height = h
    }
    var description: String { "\(width)x\(height)" }
}

/// Writes a line to standard output at once (unbuffered), so tests reading a running demo's
/// output see each line as it happens.
func say(_ items: Any...) {
    let line = items.map { "\($0)" }.joined(separator: " ") + "\n"
    FileHandle.standardOutput.write(Data(line.utf8))
}
