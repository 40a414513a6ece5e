import Foundation
import Testing
@testable import X11Host

/// Collects a window's events and waits for them without blocking the main queue, so the
/// display's event source (not the test) delivers them.
@MainActor
final class EventRecorder {
    private(set) var events: [X11Event] = []
    private let window: X11Window

    init(_ window: X11Window) {
        self.window = window
        window.onEvent = { [unowned self] event in self.events.append(event) }
    }

    /// Waits up to `timeout` seconds for an event matching `predicate`; returns it, or nil.
    func wait(timeout: Double = 10, for predicate: (X11Event) -> Bool) async -> X11Event? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let found = events.first(where: predicate) { return found }
            // Only the display's event source delivers: no polling here (events that Xlib read
            // off the socket outside `processEvents` are delivered by the display itself).
            try? await Task.sleep(for: .milliseconds(10))
        }
        return events.first(where: predicate)
    }

    /// Waits for the window's first expose (it is mapped and presents become visible); 30 s, for
    /// a suite that loads both cores.
    func waitForExpose() async -> Bool {
        await wait(timeout: 30) { $0 == .expose } != nil
    }
}
