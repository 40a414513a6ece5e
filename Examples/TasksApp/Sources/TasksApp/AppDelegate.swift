// A to-do list written from Apple's UIKit documentation, as an iOS developer would: a gradient header, rows of labels with
// check marks drawn by UIGraphicsImageRenderer, a tap that completes a row (UIViewPropertyAnimator
// with a spring), confetti from a CAEmitterLayer, a progress dot moving along a path
// (CAKeyframeAnimation), a badge that pulses with keyframes, and a Timer adding a row every 2 s.
// The one change from iOS code: the tap recognizer takes a closure (no #selector on Linux).
import UIKit

func checkImage(done: Bool) -> UIImage {
    let renderer = UIGraphicsImageRenderer(size: CGSize(width: 28, height: 28))
    return renderer.image { ctx in
        let c = ctx.cgContext
        let color = done ? UIColor.systemGreen : UIColor.systemGray
        c.setStrokeColor(color.cgColor)
        c.setLineWidth(2.5)
        c.strokeEllipse(in: CGRect(x: 2, y: 2, width: 24, height: 24))
        if done {
            c.setFillColor(color.cgColor)
            c.fillEllipse(in: CGRect(x: 2, y: 2, width: 24, height: 24))
            c.setStrokeColor(UIColor.white.cgColor)
            c.move(to: CGPoint(x: 8, y: 14)); c.addLine(to: CGPoint(x: 12.5, y: 19)); c.addLine(to: CGPoint(x: 20, y: 9))
            c.strokePath()
        }
    }
}

final class TaskRow: UIView {
    let title = UILabel()
    let check = UIImageView(image: checkImage(done: false))
    var done = false
    init(frame: CGRect, text: String) {
        super.init(frame: frame)
        backgroundColor = .white
        layer.cornerRadius = 12
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.12
        layer.shadowRadius = 6
        layer.shadowOffset = CGSize(width: 0, height: 2)
        check.frame = CGRect(x: 14, y: (frame.height - 28) / 2, width: 28, height: 28)
        addSubview(check)
        title.frame = CGRect(x: 54, y: 0, width: frame.width - 70, height: frame.height)
        title.text = text
        title.font = UIFont.systemFont(ofSize: 17)
        title.textColor = .darkText
        addSubview(title)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var rows: [TaskRow] = []
    var list = UIView()
    var badge = UILabel()
    var confetti = CAEmitterLayer()
    var added = 0
    var timer: Timer?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.backgroundColor = UIColor(white: 0.95, alpha: 1)

        let header = UIView(frame: CGRect(x: 0, y: 0, width: window.bounds.width, height: 110))
        let gradient = CAGradientLayer()
        gradient.frame = header.bounds
        gradient.colors = [UIColor.systemIndigo.cgColor, UIColor.systemTeal.cgColor]
        gradient.startPoint = CGPoint(x: 0, y: 0)
        gradient.endPoint = CGPoint(x: 1, y: 1)
        header.layer.addSublayer(gradient)
        let heading = UILabel(frame: CGRect(x: 24, y: 40, width: 300, height: 44))
        heading.text = "Today"
        heading.font = UIFont.boldSystemFont(ofSize: 34)
        heading.textColor = .white
        header.addSubview(heading)
        window.addSubview(header)

        badge.frame = CGRect(x: window.bounds.width - 84, y: 44, width: 60, height: 36)
        badge.backgroundColor = .systemRed
        badge.textColor = .white
        badge.textAlignment = .center
        badge.font = UIFont.boldSystemFont(ofSize: 18)
        badge.layer.cornerRadius = 18
        badge.clipsToBounds = true
        window.addSubview(badge)

        // A dot that travels along the header's bottom edge forever.
        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        dot.cornerRadius = 5
        dot.backgroundColor = UIColor.white.cgColor
        header.layer.addSublayer(dot)
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 20, y: 96))
        path.addCurve(to: CGPoint(x: header.bounds.width - 20, y: 96),
                      controlPoint1: CGPoint(x: 200, y: 70), controlPoint2: CGPoint(x: 400, y: 120))
        let travel = CAKeyframeAnimation(keyPath: "position")
        travel.path = path.cgPath
        travel.duration = 4
        travel.repeatCount = .infinity
        travel.autoreverses = true
        travel.calculationMode = .paced
        dot.add(travel, forKey: "travel")

        list.frame = CGRect(x: 20, y: 130, width: window.bounds.width - 40, height: window.bounds.height - 150)
        window.addSubview(list)
        for name in ["Buy milk", "Write the report", "Call Anna", "Water the plants", "Book the train"] { addRow(name, animated: false) }

        confetti.emitterPosition = CGPoint(x: window.bounds.width / 2, y: -10)
        confetti.emitterShape = .line
        confetti.emitterSize = CGSize(width: window.bounds.width, height: 1)
        confetti.birthRate = 0
        var cells: [CAEmitterCell] = []
        for color in [UIColor.systemRed, .systemYellow, .systemBlue, .systemGreen] {
            let cell = CAEmitterCell()
            cell.contents = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8)).image { ctx in
                ctx.cgContext.setFillColor(UIColor.white.cgColor)
                ctx.cgContext.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
            }.cgImage
            cell.color = color.cgColor
            cell.birthRate = 30
            cell.lifetime = 4
            cell.velocity = 180
            cell.velocityRange = 60
            cell.emissionLongitude = .pi / 2        // +y: down, in UIKit's coordinates
            cell.yAcceleration = 120
            cell.emissionRange = .pi / 4
            cell.spin = 3
            cell.spinRange = 4
            cell.scaleRange = 0.5
            cells.append(cell)
        }
        confetti.emitterCells = cells
        window.layer.addSublayer(confetti)

        let tap = UITapGestureRecognizer { [weak self] g in self?.tapped(g) }
        list.addGestureRecognizer(tap)

        window.makeKeyAndVisible()
        self.window = window
        updateBadge()

        timer = Timer.scheduledTimer(withTimeInterval: 2, repeats: true) { [weak self] _ in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.added += 1
                self.addRow("Task \(self.added)", animated: true)
                if self.rows.count > 9 { self.removeFirstRow() }
            }
        }
        return true
    }

    func addRow(_ text: String, animated: Bool) {
        let y = CGFloat(rows.count) * 64
        let row = TaskRow(frame: CGRect(x: 0, y: y, width: list.bounds.width, height: 54), text: text)
        list.addSubview(row)
        rows.append(row)
        if animated {
            row.alpha = 0
            row.transform = CGAffineTransform(translationX: 0, y: 30)
            UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0.5, options: []) {
                row.alpha = 1
                row.transform = .identity
            }
        }
        updateBadge()
    }

    func removeFirstRow() {
        let first = rows.removeFirst()
        UIView.animate(withDuration: 0.3, animations: {
            first.alpha = 0
            first.transform = CGAffineTransform(scaleX: 0.8, y: 0.8)
        }, completion: { _ in first.removeFromSuperview() })
        UIView.animate(withDuration: 0.35) {
            for (i, row) in self.rows.enumerated() { row.frame.origin.y = CGFloat(i) * 64 }
        }
    }

    func updateBadge() {
        badge.text = "\(rows.filter { !$0.done }.count)"
        UIView.animateKeyframes(withDuration: 0.6, delay: 0, options: []) {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                self.badge.transform = CGAffineTransform(scaleX: 1.3, y: 1.3)
            }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                self.badge.transform = .identity
            }
        }
    }

    func tapped(_ gesture: UIGestureRecognizer) {
        let point = gesture.location(in: list)
        guard let row = rows.first(where: { $0.frame.contains(point) }) else { return }
        row.done.toggle()
        row.check.image = checkImage(done: row.done)
        let animator = UIViewPropertyAnimator(duration: 0.5, dampingRatio: 0.6) {
            row.title.alpha = row.done ? 0.4 : 1
            row.transform = row.done ? CGAffineTransform(translationX: 12, y: 0) : .identity
        }
        animator.addCompletion { position in print("row animation ended at \(position == .end ? "end" : "other")") }
        animator.startAnimation()
        print("tapped \(row.title.text ?? "") done=\(row.done)")
        confetti.beginTime = CACurrentMediaTime()
        confetti.birthRate = 1
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.8) { self.confetti.birthRate = 0 }
        updateBadge()
    }
}
