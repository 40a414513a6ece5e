/// A source of bytes for `CGImage`; Strata keeps only the in-memory form.
///
/// Apple's takes and returns `CFData`; this one uses `Data`.
public final class CGDataProvider: Sendable {
    /// The provider's bytes.
    public let data: Data?

    /// Creates a provider over a copy of `data`.
    public init?(data: Data) {
        self.data = data
    }
}
