import Foundation

/// Why the X11 host could not do what was asked.
///
/// Strata's own type: Apple platforms have no X11.
public enum X11Error: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// `$DISPLAY` is unset or empty and no display name was given.
    case noDisplay
    /// The display named here refused or did not answer the connection.
    case cannotConnect(display: String)
    /// A window size outside `1...Surface.maximumDimension`.
    case invalidWindowSize(width: Int, height: Int)
    /// The X server rejected a request (an X protocol error, by its Xlib error text).
    case requestFailed(String)

    /// The message to show a user: what went wrong and what to do.
    public var description: String {
        switch self {
        case .noDisplay:
            return "no X server: DISPLAY is not set; set DISPLAY or use --headless"
        case .cannotConnect(let name):
            return "no X server: cannot connect to display \"\(name)\"; set DISPLAY or use --headless"
        case .invalidWindowSize(let width, let height):
            return "invalid window size \(width)x\(height): width and height must be 1...16384"
        case .requestFailed(let text):
            return "the X server rejected a request: \(text)"
        }
    }

    /// Same as `description`, for Foundation's error printing.
    public var errorDescription: String? { description }
}
