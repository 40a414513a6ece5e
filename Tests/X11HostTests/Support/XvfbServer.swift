import Testing
@_exported import XvfbSupport

extension XvfbServer {
    static var skipReason: Comment { Comment(rawValue: unavailableReason) }

    /// X11HostTests' servers: small, and ending with their last client (exit-test children may die early).
    static func start(screen: String = "640x480x24", arguments: [String] = []) async throws -> XvfbServer {
        try await start(screen: screen, arguments: arguments, terminatesWithLastClient: true)
    }
}
