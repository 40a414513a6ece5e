import Foundation

/// A view showing an image as its layer's contents, placed by `contentMode`; it can also flip
/// through `animationImages` (a discrete keyframe animation of `contents`).
@preconcurrency @MainActor
open class UIImageView: UIView {
    /// The image shown.
    open var image: UIImage? { didSet { updateContents() } }
    /// The image shown while `isHighlighted`.
    open var highlightedImage: UIImage? { didSet { updateContents() } }
    /// Whether `highlightedImage` is shown.
    open var isHighlighted = false { didSet { updateContents() } }
    /// Images to flip through after `startAnimating()`.
    open var animationImages: [UIImage]?
    /// Images to flip through while highlighted.
    open var highlightedAnimationImages: [UIImage]?
    /// Seconds for one pass (0: 1/30 s per image).
    open var animationDuration: TimeInterval = 0
    /// Passes (0: for ever).
    open var animationRepeatCount = 0

    /// The layer key of the flip-book animation.
    static let animationKey = "UIImageViewAnimation"

    /// An image view showing `image`, sized to it.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        updateContents()
    }

    /// An image view showing `image`, or `highlightedImage` while highlighted.
    public convenience init(image: UIImage?, highlightedImage: UIImage?) {
        self.init(image: image)
        self.highlightedImage = highlightedImage
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) { return nil }

    private func updateContents() {
        let shown = (isHighlighted ? highlightedImage : nil) ?? image
        layer.contents = shown?.cgImage
        layer.contentsScale = shown?.scale ?? 1
    }

    /// Starts flipping through `animationImages` (or the highlighted ones while highlighted).
    open func startAnimating() {
        guard let images = (isHighlighted ? highlightedAnimationImages : nil) ?? animationImages, !images.isEmpty else { return }
        let anim = CAKeyframeAnimation(keyPath: "contents")
        anim.values = images.compactMap { $0.cgImage }
        anim.calculationMode = .discrete
        let duration = animationDuration > 0 && animationDuration.isFinite ? animationDuration : Double(images.count) / 30
        anim.duration = duration
        anim.repeatCount = animationRepeatCount > 0 ? Float(animationRepeatCount) : .infinity
        layer.add(anim, forKey: Self.animationKey)
    }

    /// Stops the flip-book; the view shows `image` again.
    open func stopAnimating() { layer.removeAnimation(forKey: Self.animationKey) }

    /// Whether the flip-book runs.
    open var isAnimating: Bool { layer.animation(forKey: Self.animationKey) != nil }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }
    open override var intrinsicContentSize: CGSize { image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
}
