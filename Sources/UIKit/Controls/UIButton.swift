import Foundation

/// A button: a title and an image per state, actions for its events (`addAction(_:for:)`,
/// `init(primaryAction:)`).
@preconcurrency @MainActor
open class UIButton: UIControl {
    /// Button styles.
    public enum ButtonType: Int, Sendable { case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close }

    /// The button's type.
    public let buttonType: ButtonType
    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]
    private let _titleLabel = UILabel()
    private let _imageView = UIImageView()
    private let _backgroundView = UIImageView()
    /// Space around the content.
    open var contentEdgeInsets: UIEdgeInsets = .zero { didSet { setNeedsLayout() } }

    /// A button of `buttonType`.
    public init(type buttonType: ButtonType) {
        self.buttonType = buttonType
        super.init(frame: .zero)
        setUp()
    }

    public override convenience init(frame: CGRect) {
        self.init(type: .custom)
        self.frame = frame
    }

    /// A system button running `primaryAction` on tap, showing its title and image.
    public convenience init(frame: CGRect = .zero, primaryAction: UIAction?) {
        self.init(type: .system)
        self.frame = frame
        if let primaryAction {
            addAction(primaryAction, for: .primaryActionTriggered)
            setTitle(primaryAction.title, for: .normal)
            if let image = primaryAction.image { setImage(image, for: .normal) }
        }
    }

    /// A system button.
    public convenience init(type: ButtonType, primaryAction: UIAction?) {
        self.init(frame: .zero, primaryAction: primaryAction)
    }

    public required init?(coder: NSCoder) { return nil }

    private func setUp() {
        _backgroundView.contentMode = .scaleToFill
        addSubview(_backgroundView)
        addSubview(_imageView)
        addSubview(_titleLabel)
        _titleLabel.font = .systemFont(ofSize: buttonType == .system ? 17 : 15)
        _titleLabel.textAlignment = .center
        updateContent()
    }

    /// The label showing the current title.
    open var titleLabel: UILabel? { _titleLabel }
    /// The view showing the current image.
    open var imageView: UIImageView? { _imageView }

    // MARK: Per-state content (a state without its own value uses `.normal`'s, as on iOS)

    open func setTitle(_ title: String?, for state: State) { titles[state.rawValue] = title; updateContent() }
    open func title(for state: State) -> String? { titles[state.rawValue] ?? titles[0] }
    open func setTitleColor(_ color: UIColor?, for state: State) { titleColors[state.rawValue] = color; updateContent() }
    open func titleColor(for state: State) -> UIColor? { titleColors[state.rawValue] ?? titleColors[0] ?? defaultTitleColor }
    open func setImage(_ image: UIImage?, for state: State) { images[state.rawValue] = image; updateContent() }
    open func image(for state: State) -> UIImage? { images[state.rawValue] ?? images[0] }
    open func setBackgroundImage(_ image: UIImage?, for state: State) { backgroundImages[state.rawValue] = image; updateContent() }
    open func backgroundImage(for state: State) -> UIImage? { backgroundImages[state.rawValue] ?? backgroundImages[0] }

    /// The title shown now.
    open var currentTitle: String? { title(for: state) }
    /// The title colour now.
    open var currentTitleColor: UIColor { titleColor(for: state) ?? .black }
    /// The image shown now.
    open var currentImage: UIImage? { image(for: state) }

    private var defaultTitleColor: UIColor {
        buttonType == .custom ? .white : (tintColor ?? .systemBlue)
    }

    open override func stateDidChange() { updateContent() }

    /// An enabled button handles a one-finger single tap itself: a tap recogniser on one of its
    /// superviews does not begin, and the button sends its actions ("Attaching gesture
    /// recognizers to UIKit controls"). A recogniser on the button itself still takes it.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if isEnabled, gestureRecognizer.view !== self, let tap = gestureRecognizer as? UITapGestureRecognizer,
           tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1 {
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
    open override func tintColorDidChange() { updateContent() }

    private func updateContent() {
        let s = state
        _titleLabel.text = title(for: s)
        var color = titleColor(for: s) ?? .black
        if buttonType == .system {
            if s.contains(.highlighted) { color = color.withAlphaComponent(0.2) }
            if s.contains(.disabled) { color = color.withAlphaComponent(0.35) }
        }
        _titleLabel.textColor = color
        _imageView.image = image(for: s)
        _backgroundView.image = backgroundImage(for: s)
        setNeedsLayout()
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let t = _titleLabel.sizeThatFits(.zero)
        let i = _imageView.image?.size ?? .zero
        let gap: CGFloat = (t.width > 0 && i.width > 0) ? 4 : 0
        return CGSize(width: t.width + i.width + gap + contentEdgeInsets.left + contentEdgeInsets.right + 8,
                      height: max(t.height, i.height, 30) + contentEdgeInsets.top + contentEdgeInsets.bottom)
    }

    /// Image then title, centred together.
    open override func layoutSubviews() {
        super.layoutSubviews()
        _backgroundView.frame = bounds
        let area = bounds.inset(by: contentEdgeInsets)
        let t = _titleLabel.sizeThatFits(.zero)
        let i = _imageView.image?.size ?? .zero
        let gap: CGFloat = (t.width > 0 && i.width > 0) ? 4 : 0
        let total = min(t.width + i.width + gap, area.width)
        var x = area.midX - total / 2
        _imageView.frame = CGRect(x: x, y: area.midY - i.height / 2, width: i.width, height: i.height)
        x += i.width + gap
        _titleLabel.frame = CGRect(x: x, y: area.minY, width: max(0, min(t.width, area.maxX - x)), height: area.height)
    }
}
