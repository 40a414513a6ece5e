import UIKit

/// The utility app's main view: a title, a page that curls, a square animated by the seed's
/// begin/commit block, buttons pulsing with `.repeat` + `.autoreverse`, draggable squares.
final class MainView: UIView {
    var onInfo: (() -> Void)?
    private let page = UIView()
    private let pageLabel = UILabel()
    private let square = UIView()
    private var pageNumber = 1
    private var pulsing: UIButton?
    private let buttons = UIView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        accessibilityIdentifier = "main view"
        backgroundColor = UIColor(red: 0.10, green: 0.16, blue: 0.30, alpha: 1)
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addTitle()
        addPage()
        addSquare()
        addButtons()
        addDraggableSquares()
    }

    required init?(coder: NSCoder) { nil }

    private func addTitle() {
        let title = UILabel(frame: CGRect(x: 24, y: 20, width: 600, height: 40))
        title.text = "Core Animation"
        title.font = .boldSystemFont(ofSize: 30)
        title.textColor = .white
        title.accessibilityIdentifier = "title"
        addSubview(title)
        let subtitle = UILabel(frame: CGRect(x: 24, y: 60, width: 700, height: 24))
        subtitle.text = "UIView animation blocks, transitions and touches over Strata's layers"
        subtitle.font = .systemFont(ofSize: 15)
        subtitle.textColor = UIColor(white: 0.8, alpha: 1)
        addSubview(subtitle)
    }

    private func addPage() {
        page.frame = CGRect(x: 24, y: 110, width: 300, height: 380)
        page.backgroundColor = UIColor(red: 0.98, green: 0.96, blue: 0.88, alpha: 1)
        page.layer.cornerRadius = 6
        page.accessibilityIdentifier = "page"
        pageLabel.frame = page.bounds.insetBy(dx: 20, dy: 20)
        pageLabel.numberOfLines = 0
        pageLabel.textAlignment = .center
        pageLabel.font = .systemFont(ofSize: 22)
        pageLabel.textColor = UIColor(white: 0.15, alpha: 1)
        page.addSubview(pageLabel)
        showPage()
        addSubview(page)
    }

    private func showPage() {
        pageLabel.text = "Page \(pageNumber)\n\nClick Curl to turn the page."
    }

    private func addSquare() {
        square.frame = CGRect(x: 380, y: 130, width: 90, height: 90)
        square.backgroundColor = .systemOrange
        square.layer.cornerRadius = 14
        square.accessibilityIdentifier = "square"
        addSubview(square)
    }

    private func addButtons() {
        buttons.frame = CGRect(x: 360, y: 420, width: 600, height: 50)
        buttons.accessibilityIdentifier = "buttons"
        addSubview(buttons)
        let specs: [(String, () -> Void)] = [
            ("Pulse", { [unowned self] in pulseSquare() }),
            ("Move", { [unowned self] in moveSquare() }),
            ("Curl", { [unowned self] in curlPage() }),
            ("Repeat", { [unowned self] in toggleRepeat() }),
        ]
        for (i, (title, handler)) in specs.enumerated() {
            let b = UIButton(type: .system)
            b.setTitle(title, for: .normal)
            b.setTitleColor(.white, for: .normal)
            b.backgroundColor = UIColor(white: 1, alpha: 0.15)
            b.layer.cornerRadius = 8
            b.frame = CGRect(x: CGFloat(i) * 110, y: 0, width: 96, height: 44)
            b.addAction(UIAction { _ in handler() }, for: .touchUpInside)
            buttons.addSubview(b)
        }
        let info = UIButton(type: .system)
        info.setTitle("i", for: .normal)
        info.setTitleColor(.white, for: .normal)
        info.backgroundColor = .systemBlue
        info.layer.cornerRadius = 18
        info.frame = CGRect(x: bounds.width - 60, y: bounds.height - 60, width: 36, height: 36)
        info.autoresizingMask = [.flexibleLeftMargin, .flexibleTopMargin]
        info.addAction(UIAction { [unowned self] _ in onInfo?() }, for: .touchUpInside)
        addSubview(info)
    }

    /// The seed's begin/commit block: duration, curve, repeat count and autoreverse.
    private func pulseSquare() {
        UIView.beginAnimations("pulse", context: nil)
        UIView.setAnimationDuration(0.3)
        UIView.setAnimationCurve(.easeInOut)
        UIView.setAnimationRepeatCount(3)
        UIView.setAnimationRepeatAutoreverses(true)
        UIView.setAnimationWillStart { id, _ in say("views: \(id ?? "") started") }
        UIView.setAnimationDidStop { id, finished, _ in say("views: \(id ?? "") stopped (finished \(finished))") }
        square.transform = CGAffineTransform(scaleX: 1.4, y: 1.4)
        square.alpha = 0.5
        UIView.commitAnimations()
        // Autoreversed: the model ends where it began.
        UIView.performWithoutAnimation {
            square.transform = .identity
            square.alpha = 1
        }
    }

    /// A spring block moving the square, from where it is on screen.
    private func moveSquare() {
        let target = square.center.x < 600 ? CGPoint(x: 760, y: 250) : CGPoint(x: 425, y: 175)
        UIView.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.55, initialSpringVelocity: 0,
                       options: [.beginFromCurrentState, .allowUserInteraction], animations: {
            self.square.center = target
            self.square.transform = CGAffineTransform(rotationAngle: target.x > 600 ? .pi / 4 : 0)
        }, completion: { finished in say("views: move finished \(finished)") })
    }

    private func curlPage() {
        UIView.transition(with: page, duration: 0.9, options: [.transitionCurlUp], animations: {
            self.pageNumber += 1
            self.showPage()
            self.page.backgroundColor = self.pageNumber % 2 == 0
                ? UIColor(red: 0.88, green: 0.95, blue: 0.98, alpha: 1)
                : UIColor(red: 0.98, green: 0.96, blue: 0.88, alpha: 1)
        }, completion: { _ in say("views: curled to page \(self.pageNumber)") })
    }

    /// A button that pulses with `.repeat` + `.autoreverse` until clicked again.
    private func toggleRepeat() {
        guard let b = buttons.subviews.last as? UIButton else { return }
        if pulsing != nil {
            b.layer.removeAllAnimations()
            pulsing = nil
            return
        }
        pulsing = b
        UIView.animate(withDuration: 0.5, delay: 0, options: [.repeat, .autoreverse, .allowUserInteraction, .curveEaseInOut],
                       animations: { b.alpha = 0.4; b.transform = CGAffineTransform(scaleX: 1.12, y: 1.12) })
        UIView.performWithoutAnimation { b.alpha = 1; b.transform = .identity }
    }

    private func addDraggableSquares() {
        let colours: [UIColor] = [.systemRed, .systemGreen, .systemPurple]
        for (i, colour) in colours.enumerated() {
            let v = UIView(frame: CGRect(x: 380 + CGFloat(i) * 120, y: 270, width: 90, height: 90))
            v.backgroundColor = colour.withAlphaComponent(0.6)
            v.layer.cornerRadius = 10
            v.accessibilityIdentifier = "draggable \(i + 1)"
            let pan = UIPanGestureRecognizer { pan in
                guard let view = pan.view, let parent = view.superview else { return }
                let t = pan.translation(in: parent)
                view.center = CGPoint(x: view.center.x + t.x, y: view.center.y + t.y)
                pan.setTranslation(.zero, in: parent)
                if pan.state == .ended {
                    let v = pan.velocity(in: parent)
                    say("views: dropped \(view.accessibilityIdentifier ?? "") at \(Int(view.center.x)),\(Int(view.center.y)) velocity \(Int(v.x)),\(Int(v.y))")
                }
            }
            v.addGestureRecognizer(pan)
            addSubview(v)
        }
    }
}

/// The flipside: a list, and Done.
final class FlipsideView: UIView {
    var onDone: (() -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        accessibilityIdentifier = "flipside"
        backgroundColor = UIColor(white: 0.16, alpha: 1)
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let title = UILabel(frame: CGRect(x: 24, y: 20, width: 400, height: 40))
        title.text = "Flipside"
        title.font = .boldSystemFont(ofSize: 28)
        title.textColor = .white
        addSubview(title)
        let rows = ["beginAnimations / commitAnimations", "setAnimationDuration", "setAnimationCurve",
                    "setAnimationRepeatCount", "setAnimationRepeatAutoreverses", "setAnimationBeginsFromCurrentState",
                    "setAnimationTransition(.flipFromLeft)", "transition(from:to:) .transitionFlipFromRight",
                    "transition(with:) .transitionCurlUp"]
        for (i, text) in rows.enumerated() {
            let row = UILabel(frame: CGRect(x: 0, y: 80 + CGFloat(i) * 48, width: frame.width, height: 47))
            row.autoresizingMask = [.flexibleWidth]
            row.text = "    \(text)"
            row.font = .systemFont(ofSize: 17)
            row.textColor = .white
            row.backgroundColor = UIColor(white: i % 2 == 0 ? 0.22 : 0.19, alpha: 1)
            row.accessibilityIdentifier = "row \(i + 1)"
            row.isUserInteractionEnabled = true
            addSubview(row)
        }
        let done = UIButton(type: .system)
        done.setTitle("Done", for: .normal)
        done.setTitleColor(.white, for: .normal)
        done.backgroundColor = .systemBlue
        done.layer.cornerRadius = 8
        done.frame = CGRect(x: frame.width - 120, y: 20, width: 96, height: 40)
        done.autoresizingMask = [.flexibleLeftMargin]
        done.addAction(UIAction { [unowned self] _ in onDone?() }, for: .touchUpInside)
        addSubview(done)
    }

    required init?(coder: NSCoder) { nil }
}
