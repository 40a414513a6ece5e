import QuartzCore

/// Media times of pointer events from the X server's millisecond stamps.
///
/// Events are handled in batches, later than they happened: stamped with the time they were
/// handled, a flick's moves and its release read as nearly simultaneous under load, and a pan's
/// velocity swings. The server's clock and the media clock both count real time, so their
/// offset is a constant; each event's handling time minus its server time is that offset plus
/// the event's delay, so the smallest seen is the best estimate. A stamp that goes back (the
/// server's clock wraps every 49.7 days) starts the estimate over. Strata extension.
package struct EventClock: Sendable {
    private var offset: Double?
    private var last: UInt32 = 0

    package init() {}

    /// The media time of an event the server stamped `milliseconds` (nil: not a pointer
    /// event, `now` is used), handled at `now`; never later than `now`.
    package mutating func time(ofServer milliseconds: UInt32?, handledAt now: CFTimeInterval) -> CFTimeInterval {
        guard let milliseconds, now.isFinite else { return now }
        if milliseconds < last { offset = nil }
        last = milliseconds
        let seconds = Double(milliseconds) / 1000
        let estimate = min(offset ?? .infinity, now - seconds)
        offset = estimate
        return min(now, seconds + estimate)
    }
}
