import Foundation
import Testing
import X11Host

/// No X server gives a clear error that says what to do, never a crash.
@Suite(.timeLimit(.minutes(1)))
struct ConnectionErrorTests {
    @Test @MainActor func missingDisplayThrowsClearError() throws {
        // Display 4242 has no server (no /tmp/.X11-unix/X4242 socket on these machines).
        let error = try #require(throws: X11Error.self) { _ = try X11Display(name: ":4242") }
        #expect(error == .cannotConnect(display: ":4242"))
        #expect(error.description == "no X server: cannot connect to display \":4242\"; set DISPLAY or use --headless")
    }

    @Test func unsetDisplayThrowsClearError() async {
        await #expect(processExitsWith: .success) {
            unsetenv("DISPLAY")
            let error = await MainActor.run { () -> X11Error? in
                do { _ = try X11Display(); return nil } catch { return error as? X11Error }
            }
            guard error == .noDisplay,
                  error?.description == "no X server: DISPLAY is not set; set DISPLAY or use --headless"
            else { exit(1) }
        }
    }

    @Test func closeRequestWithoutServerThrows() {
        #expect(throws: X11Error.cannotConnect(display: ":4242")) {
            try sendCloseRequest(display: ":4242", window: 1)
        }
    }
}
