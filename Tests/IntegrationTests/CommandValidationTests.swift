import Foundation
import Testing

// `--layers -5` said "Missing value" (ArgumentParser took -5 for an option); `bench --plot`
// into a missing folder ran the whole benchmark before failing.

@Test func negativeNumbersReachValidation() async throws {
    for (arguments, message) in [(["bench", "--layers", "-5"], "--layers must be positive"),
                                 (["bench", "--frames", "-1"], "--frames must be"),
                                 (["cube", "--headless", "--threads", "-2"], "--threads must be")] {
        let r = try await StrataProcess.run(arguments, timeout: 30)
        #expect(r.status == 64, "\(arguments): \(String(describing: r.status))")
        #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
    }
}

@Test func benchPlotIntoAMissingFolderFailsBeforeRunning() async throws {
    // 100,000 frames would outlast the 30 s limit (status nil): a 64 means it never started.
    let r = try await StrataProcess.run(["bench", "--layers", "200", "--frames", "100000", "--json-only",
                                         "--plot", "/nonexistent-strata-folder/plot.png"], timeout: 30)
    #expect(r.status == 64, "\(String(describing: r.status)) \(r.stderr)")
    #expect(r.stderr.contains("the folder /nonexistent-strata-folder does not exist"), "\(r.stderr)")
    #expect(r.stdout.isEmpty)
}
