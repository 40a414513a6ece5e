/// Core Foundation's index type (`CFIndex`): a signed word, as Swift imports it on Apple platforms.
public typealias CFIndex = Int

/// Core Foundation's range of indices (`CFRange`), as Core Text takes string ranges.
///
/// Linux Foundation keeps CoreFoundation private, so Strata declares it with Apple's fields.
public struct CFRange: Sendable, Equatable {
    /// The first index.
    public var location: CFIndex
    /// How many indices; 0 in Core Text's string ranges means "to the end of the string".
    public var length: CFIndex

    /// A range of `length` indices from `location`.
    public init(location: CFIndex, length: CFIndex) {
        self.location = location
        self.length = length
    }

    /// The empty range at 0.
    public init() { self.init(location: 0, length: 0) }
}

/// A range of `length` indices from `loc` (Core Foundation's `CFRangeMake`).
public func CFRangeMake(_ loc: CFIndex, _ len: CFIndex) -> CFRange { CFRange(location: loc, length: len) }
