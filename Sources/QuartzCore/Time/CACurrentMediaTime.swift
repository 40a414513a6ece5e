/// Returns the current absolute time, in seconds, of the media clock.
///
/// As on Apple, this is `CLOCK_MONOTONIC` time (Apple uses `mach_absolute_time`). Inside
/// `CAMediaClock.withManualClock` it returns the manual clock's time instead, so tests never sleep.
public func CACurrentMediaTime() -> CFTimeInterval {
    CAMediaClock.current.time
}
