import Testing
@_exported import XvfbSupport

extension XvfbServer {
    static var skipReason: Comment { Comment(rawValue: unavailableReason) }

    /// The integration tests' servers: the benchmark canvas's size, kept across a test's several clients.
    static func start(screen: String = "1024x768x24", arguments: [String] = []) async throws -> XvfbServer {
        try await start(screen: screen, arguments: arguments, terminatesWithLastClient: false)
    }
}
