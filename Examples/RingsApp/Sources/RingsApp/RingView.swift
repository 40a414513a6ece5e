import UIKit

/// An activity ring as in Apple's Fitness app: a faint track, a conic gradient masked by a
/// round-capped arc whose strokeEnd animates to the progress.
final class RingView: UIView {
    let trackLayer = CAShapeLayer()
    let progressLayer = CAShapeLayer()
    let gradientLayer = CAGradientLayer()
    let color: UIColor
    private(set) var progress: CGFloat = 0

    init(frame: CGRect, color: UIColor, lineWidth: CGFloat) {
        self.color = color
        super.init(frame: frame)
        for shape in [trackLayer, progressLayer] {
            shape.fillColor = UIColor.clear.cgColor
            shape.lineWidth = lineWidth
            shape.lineCap = .round
        }
        trackLayer.strokeColor = color.withAlphaComponent(0.2).cgColor
        progressLayer.strokeColor = UIColor.black.cgColor
        progressLayer.strokeEnd = 0
        gradientLayer.type = .conic
        gradientLayer.startPoint = CGPoint(x: 0.5, y: 0.5)
        gradientLayer.endPoint = CGPoint(x: 0.5, y: 0)
        gradientLayer.colors = [color.cgColor, color.withAlphaComponent(0.6).cgColor, color.cgColor]
        gradientLayer.mask = progressLayer
        layer.addSublayer(trackLayer)
        layer.addSublayer(gradientLayer)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func layoutSubviews() {
        super.layoutSubviews()
        let radius = (min(bounds.width, bounds.height) - trackLayer.lineWidth) / 2
        let path = UIBezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: radius,
                                startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true)
        trackLayer.frame = bounds
        trackLayer.path = path.cgPath
        gradientLayer.frame = bounds
        progressLayer.frame = bounds
        progressLayer.path = path.cgPath
    }

    func setProgress(_ value: CGFloat, animated: Bool) {
        let from = progressLayer.presentation()?.strokeEnd ?? progressLayer.strokeEnd
        progress = value
        progressLayer.strokeEnd = min(value, 1)
        guard animated else { return }
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.fromValue = from
        animation.toValue = min(value, 1)
        animation.duration = 1.2
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        progressLayer.add(animation, forKey: "progress")
    }
}
