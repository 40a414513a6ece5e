import UIKit

/// The classic replicator activity indicator: one dot, replicated around a circle, each copy's
/// fade delayed a little more.
final class SpinnerView: UIView {
    let replicator = CAReplicatorLayer()
    let dot = CALayer()
    let count = 12

    override init(frame: CGRect) {
        super.init(frame: frame)
        replicator.frame = bounds
        replicator.instanceCount = count
        replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(count), 0, 0, 1)
        replicator.instanceDelay = 1.0 / Double(count)
        dot.bounds = CGRect(x: 0, y: 0, width: 6, height: 14)
        dot.cornerRadius = 3
        dot.position = CGPoint(x: bounds.midX, y: 10)
        dot.backgroundColor = UIColor.systemGray.cgColor
        dot.opacity = 0.15
        replicator.addSublayer(dot)
        layer.addSublayer(replicator)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func startAnimating() {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.15
        fade.duration = 1
        fade.repeatCount = .infinity
        dot.add(fade, forKey: "fade")
        isHidden = false
    }

    func stopAnimating() {
        dot.removeAnimation(forKey: "fade")
        isHidden = true
    }
}

/// A skeleton placeholder with a shimmer sweeping across it, as in many feed apps.
final class ShimmerView: UIView {
    let gradient = CAGradientLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor(white: 0.88, alpha: 1)
        layer.cornerRadius = 6
        clipsToBounds = true
        gradient.colors = [UIColor(white: 1, alpha: 0).cgColor, UIColor(white: 1, alpha: 0.8).cgColor,
                           UIColor(white: 1, alpha: 0).cgColor]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        gradient.locations = [0, 0.1, 0.2]
        gradient.frame = bounds
        layer.addSublayer(gradient)
        let sweep = CABasicAnimation(keyPath: "locations")
        sweep.fromValue = [-0.3, -0.2, -0.1]
        sweep.toValue = [1.1, 1.2, 1.3]
        sweep.duration = 1.4
        sweep.repeatCount = .infinity
        gradient.add(sweep, forKey: "shimmer")
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}
