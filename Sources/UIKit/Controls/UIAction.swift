import Foundation

/// The closure a `UIAction` runs.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// A titled action with a closure: what controls run (`addAction(_:for:)`), as on iOS 14+.
@preconcurrency @MainActor
open class UIAction: NSObject {
    /// An action's identity (adding an action with the same identifier replaces it).
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The title (shown by menus; a button made with `primaryAction` shows it).
    open var title: String
    /// The image (a button made with `primaryAction` shows it).
    open var image: UIImage?
    /// The identifier (unique per control).
    public let identifier: Identifier
    /// The control that ran the action, during the handler.
    open internal(set) var sender: Any?
    let handler: UIActionHandler

    /// An action running `handler`.
    public init(title: String = "", image: UIImage? = nil, identifier: Identifier? = nil,
                handler: @escaping UIActionHandler) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.handler = handler
        super.init()
    }

    func perform(sender: Any?) {
        self.sender = sender
        handler(self)
        self.sender = nil
    }
}
