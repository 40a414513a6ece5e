import Testing

/// The tests that run a demo in a window on Xvfb, one at a time: they time animations against
/// screenshots, and on two shared cores several debug-built demos at once would starve them.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, XvfbServer.skipReason))
enum WindowTests {}
