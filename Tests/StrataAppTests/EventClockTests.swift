import Testing
@testable import StrataApp

// Pointer events take the X server's time: a batch handled at one instant keeps the spacing
// the moves had (a flick's velocity under load read from handling times swung from 0 to
// infinity), never later than the handling, and a wrapped server clock starts over.

@Test func eventsHandledTogetherKeepTheirServerSpacing() {
    var clock = EventClock()
    // The first event arrives 5 ms late: the offset is 100 − 1.000 − 0.005.
    #expect(clock.time(ofServer: 1_000, handledAt: 100.005) == 100.005)
    // Three moves 10 ms apart and the release, all handled at 100.100.
    let times = [1_010, 1_020, 1_030, 1_031].map { clock.time(ofServer: UInt32($0), handledAt: 100.1) }
    let spacing = zip(times.dropFirst(), times).map { (($0 - $1) * 1000).rounded() }
    #expect(spacing == [10, 10, 1])
    #expect(times.allSatisfy { $0 <= 100.1 })
    // A less delayed event tightens the offset: it is handled when it happened.
    #expect(clock.time(ofServer: 1_100, handledAt: 100.1) == 100.1)
    #expect(abs(clock.time(ofServer: 1_200, handledAt: 100.3) - 100.2) < 1e-9)
}

@Test func otherEventsAndAWrappedClockUseTheHandlingTime() {
    var clock = EventClock()
    #expect(clock.time(ofServer: nil, handledAt: 7) == 7)
    _ = clock.time(ofServer: 4_000_000_000, handledAt: 10)
    // The server's clock wrapped: the old offset would put this event 46 days back.
    #expect(clock.time(ofServer: 5, handledAt: 10.5) == 10.5)
    #expect(abs(clock.time(ofServer: 25, handledAt: 10.6) - 10.52) < 1e-9)
    #expect(clock.time(ofServer: 30, handledAt: .nan).isNaN)
}
