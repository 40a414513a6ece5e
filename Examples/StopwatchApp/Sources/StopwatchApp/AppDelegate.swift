// A stopwatch written from Apple's UIKit documentation, as an iOS developer would: an app
// delegate, a card view with a shadow, a label updated by a Foundation `Timer` on the main run
// loop, a `CAShapeLayer` ring whose `strokeEnd` animates each second, a button that flips the
// card (`transition(with:duration:options:animations:)`), and a spring when the card appears.
import UIKit

final class RingView: UIView {
    let ring = CAShapeLayer()
    override init(frame: CGRect) {
        super.init(frame: frame)
        ring.path = UIBezierPath(ovalIn: bounds.insetBy(dx: 8, dy: 8)).cgPath
        ring.strokeColor = UIColor.systemBlue.cgColor
        ring.fillColor = nil
        ring.lineWidth = 10
        ring.lineCap = .round
        ring.strokeEnd = 0
        layer.addSublayer(ring)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func setProgress(_ p: CGFloat) {
        let a = CABasicAnimation(keyPath: "strokeEnd")
        a.fromValue = ring.presentation()?.strokeEnd ?? ring.strokeEnd
        a.toValue = p
        a.duration = 0.4
        a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        ring.strokeEnd = p
        ring.add(a, forKey: "progress")
    }
}

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var seconds = 0
    var timer: Timer?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.backgroundColor = UIColor(white: 0.94, alpha: 1)

        let card = UIView(frame: CGRect(x: 60, y: 60, width: 300, height: 380))
        card.backgroundColor = .white
        card.layer.cornerRadius = 20
        card.layer.shadowColor = UIColor.black.cgColor
        card.layer.shadowOpacity = 0.25
        card.layer.shadowRadius = 14
        card.layer.shadowOffset = CGSize(width: 0, height: 6)
        window.addSubview(card)

        let ring = RingView(frame: CGRect(x: 50, y: 30, width: 200, height: 200))
        card.addSubview(ring)

        let label = UILabel(frame: CGRect(x: 20, y: 240, width: 260, height: 50))
        label.text = "00:00"
        label.font = UIFont.monospacedDigitSystemFont(ofSize: 40, weight: .semibold)
        label.textAlignment = .center
        label.textColor = .darkGray
        card.addSubview(label)

        let back = UILabel(frame: CGRect(x: 20, y: 160, width: 260, height: 40))
        back.text = "Lap recorded"
        back.font = UIFont.boldSystemFont(ofSize: 24)
        back.textAlignment = .center
        back.isHidden = true
        card.addSubview(back)

        let button = UIButton(type: .system)
        button.frame = CGRect(x: 90, y: 310, width: 120, height: 44)
        button.setTitle("Lap", for: .normal)
        button.backgroundColor = .systemBlue
        button.setTitleColor(.white, for: .normal)
        button.layer.cornerRadius = 22
        button.addAction(UIAction { _ in
            print("lap at \(self.seconds) s")
            UIView.transition(with: card, duration: 0.6, options: .transitionFlipFromLeft, animations: {
                back.isHidden.toggle()
                ring.isHidden.toggle()
            })
        }, for: .touchUpInside)
        card.addSubview(button)

        window.makeKeyAndVisible()
        self.window = window

        // The card springs in from below.
        card.transform = CGAffineTransform(translationX: 0, y: 300)
        UIView.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0, options: []) {
            card.transform = .identity
        }

        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            guard let self else { return }
            MainActor.assumeIsolated {
                self.seconds += 1
                label.text = String(format: "%02d:%02d", self.seconds / 60, self.seconds % 60)
                ring.setProgress(CGFloat(self.seconds % 10 + 1) / 10)
                if self.seconds % 10 == 0 { print("\(self.seconds) s, timer on the main thread: \(Thread.isMainThread)") }
            }
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
            print("asyncAfter on the main thread: \(Thread.isMainThread)")
        }
        return true
    }
}
