import Foundation

/// The states of an interruptible animator.
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or finished: the views show their model values.
    case inactive
    /// Started or paused.
    case active
    /// Stopped without finishing: waiting for `finishAnimation(at:)`.
    case stopped
}

/// Where an animator's animations ended.
public enum UIViewAnimatingPosition: Int, Sendable {
    case end, start, current
}
