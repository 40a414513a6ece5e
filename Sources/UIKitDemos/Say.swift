import Foundation

/// Writes a line to standard output at once (tests read the demo's output from a pipe).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
