import UIKit

/// What the app did, on standard error (unbuffered): scripted runs read it.
func log(_ s: String) {
    FileHandle.standardError.write(Data("[\(String(format: "%.2f", CACurrentMediaTime()))] \(s)\n".utf8))
}

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    let summary = SummaryView(frame: CGRect(x: 0, y: 0, width: 390, height: 700))

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 700))
        window.backgroundColor = .systemGroupedBackground
        window.addSubview(summary)
        window.makeKeyAndVisible()
        self.window = window
        summary.startLoading()
        // For scripted runs (benchmarks, soaks): RINGS_AUTO=count keeps the step counter
        // counting; RINGS_AUTO=share presses Share every half second.
        switch ProcessInfo.processInfo.environment["RINGS_AUTO"] {
        case "count": summary.countsForever = true
        case "share":
            let summary = self.summary
            _ = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in
                MainActor.assumeIsolated { summary.share() }
            }
        default: break
        }
        log("launched, main thread: \(Thread.isMainThread)")
        return true
    }
}

/// The day's summary: three rings, a counting step label, placeholders that shimmer until the
/// data "arrives", a confetti burst when the move ring closes.
final class SummaryView: UIView {
    let rings: [RingView]
    let titleLabel = UILabel()
    let stepsLabel = UILabel()
    let spinner = SpinnerView(frame: CGRect(x: 170, y: 400, width: 50, height: 50))
    var placeholders: [ShimmerView] = []
    var detailLabels: [UILabel] = []
    let shareButton = UIButton(type: .system)
    let confetti = CAEmitterLayer()
    var displayLink: CADisplayLink?
    var countStart: CFTimeInterval = 0
    var shownSteps = 0
    var targetSteps = 0
    var taps = 0
    var day = 0
    var countsForever = false

    override init(frame: CGRect) {
        let colors: [UIColor] = [.systemRed, .systemGreen, .systemCyan]
        rings = colors.enumerated().map { i, color in
            let inset = CGFloat(i) * 36
            return RingView(frame: CGRect(x: 70 + inset, y: 90 + inset, width: 250 - 2 * inset,
                                          height: 250 - 2 * inset), color: color, lineWidth: 30)
        }
        super.init(frame: frame)
        titleLabel.text = "Activity"
        titleLabel.font = .boldSystemFont(ofSize: 32)
        titleLabel.frame = CGRect(x: 20, y: 30, width: 350, height: 40)
        addSubview(titleLabel)
        rings.forEach(addSubview)
        stepsLabel.font = .monospacedDigitSystemFont(ofSize: 22, weight: .semibold)
        stepsLabel.textAlignment = .center
        stepsLabel.frame = CGRect(x: 20, y: 355, width: 350, height: 30)
        stepsLabel.text = "— steps"
        addSubview(stepsLabel)
        addSubview(spinner)
        for i in 0..<3 {
            let p = ShimmerView(frame: CGRect(x: 20, y: 470 + CGFloat(i) * 50, width: 350, height: 34))
            placeholders.append(p)
            addSubview(p)
        }
        shareButton.setTitle("Share Summary", for: .normal)
        shareButton.backgroundColor = .systemBlue
        shareButton.setTitleColor(.white, for: .normal)
        shareButton.layer.cornerRadius = 12
        shareButton.layer.shadowColor = UIColor.black.cgColor
        shareButton.layer.shadowOpacity = 0.3
        shareButton.layer.shadowOffset = CGSize(width: 0, height: 4)
        shareButton.layer.shadowRadius = 8
        shareButton.frame = CGRect(x: 95, y: 630, width: 200, height: 48)
        shareButton.addAction(UIAction { [weak self] _ in self?.share() }, for: .touchUpInside)
        addSubview(shareButton)
        let tap = UITapGestureRecognizer { [weak self] g in self?.tapped(g) }
        addGestureRecognizer(tap)
        setUpConfetti()
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func setUpConfetti() {
        confetti.emitterPosition = CGPoint(x: bounds.midX, y: -10)
        confetti.emitterShape = .line
        confetti.emitterSize = CGSize(width: bounds.width, height: 1)
        confetti.birthRate = 0
        let colors: [UIColor] = [.systemRed, .systemYellow, .systemGreen, .systemBlue, .systemPurple]
        confetti.emitterCells = colors.map { color in
            let cell = CAEmitterCell()
            cell.birthRate = 12
            cell.lifetime = 6
            cell.velocity = 180
            cell.velocityRange = 60
            cell.emissionLongitude = .pi / 2
            cell.emissionRange = .pi / 4
            cell.spin = 3
            cell.spinRange = 4
            cell.scale = 0.6
            cell.scaleRange = 0.3
            cell.color = color.cgColor
            cell.contents = SummaryView.confettiImage
            return cell
        }
        layer.addSublayer(confetti)
    }

    static let confettiImage: CGImage? = {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 12, height: 8))
        return renderer.image { ctx in
            UIColor.white.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 12, height: 8))
        }.cgImage
    }()

    func startLoading() {
        spinner.startAnimating()
        log("loading")
        DispatchQueue.main.asyncAfter(deadline: .now() + 2) { self.dataArrived() }
    }

    func dataArrived() {
        spinner.stopAnimating()
        let values: [CGFloat] = [0.82, 0.64, 1.0]
        for (ring, v) in zip(rings, values) { ring.setProgress(v, animated: true) }
        countSteps(to: 8_432)
        let texts = ["Move  410/500 CAL", "Exercise  19/30 MIN", "Stand  12/12 HRS"]
        for (p, text) in zip(placeholders, texts) {
            let label = UILabel(frame: p.frame)
            label.text = text
            label.font = .systemFont(ofSize: 18)
            detailLabels.append(label)
            UIView.transition(from: p, to: label, duration: 0.5, options: [.transitionCrossDissolve]) { finished in
                log("placeholder replaced: \(label.superview != nil) \(p.superview == nil) finished \(finished)")
            }
        }
        placeholders.removeAll()
        log("data arrived")
    }

    func countSteps(to target: Int) {
        targetSteps = target
        countStart = CACurrentMediaTime()
        displayLink?.invalidate()
        let link = CADisplayLink { [weak self] link in MainActor.assumeIsolated { self?.step(link) } }
        link.add(to: .main, forMode: .common)
        displayLink = link
    }

    func step(_ link: CADisplayLink) {
        if countsForever {
            shownSteps += 1
            stepsLabel.text = "\(shownSteps.formatted()) steps"
            return
        }
        let t = min((link.timestamp - countStart) / 1.5, 1)
        shownSteps = Int(Double(targetSteps) * (1 - pow(1 - t, 3)))
        stepsLabel.text = "\(shownSteps.formatted()) steps"
        if t >= 1 {
            link.invalidate()
            displayLink = nil
            log("count finished: \(stepsLabel.text ?? "nil")")
            if rings[0].progress >= 1 || rings[2].progress >= 1 { celebrate() }
        }
    }

    func celebrate() {
        confetti.beginTime = CACurrentMediaTime()
        confetti.birthRate = 1
        DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) { self.confetti.birthRate = 0 }
        log("confetti")
    }

    func tapped(_ gesture: UITapGestureRecognizer) {
        let point = gesture.location(in: self)
        taps += 1
        for (i, ring) in rings.enumerated().reversed() where ring.frame.contains(point) {
            let new = CGFloat.random(in: 0.1...1.0)
            ring.setProgress(new, animated: true)
            log("tap \(taps) ring \(i) -> \(String(format: "%.2f", new))")
            return
        }
        log("tap \(taps) outside rings at \(point)")
    }

    func share() {
        day += 1
        log("share pressed (day \(day))")
        UIView.animate(withDuration: 0.15, animations: {
            self.shareButton.transform = CGAffineTransform(scaleX: 0.92, y: 0.92)
        }, completion: { _ in
            UIView.animate(withDuration: 0.3, delay: 0, usingSpringWithDamping: 0.4, initialSpringVelocity: 0,
                           options: [], animations: { self.shareButton.transform = .identity })
        })
        for ring in rings { ring.setProgress(.random(in: 0.2...1), animated: true) }
        countSteps(to: Int.random(in: 2_000...15_000))
    }
}
