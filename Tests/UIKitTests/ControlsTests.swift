import Testing
import UIKit

/// Controls: actions for events, states, per-state content, label and image-view sizes.
@Suite struct ControlsTests {
    @Test @MainActor func aButtonRunsItsActionsOnTouchUpInsideOnly() {
        withVisibleWindow { window, clock in
            let button = UIButton(type: .system)
            button.frame = CGRect(x: 10, y: 10, width: 100, height: 40)
            window.addSubview(button)
            var log: [String] = []
            button.addAction(UIAction(identifier: .init("up")) { action in
                log.append("up \((action.sender as? UIButton) === button)")
            }, for: .touchUpInside)
            button.addAction(UIAction { _ in log.append("down") }, for: .touchDown)
            window.sendPointerEvent(.init(phase: .down, location: CGPoint(x: 50, y: 30), button: 1, timestamp: 0))
            #expect(button.isHighlighted && button.state == .highlighted)
            window.sendPointerEvent(.init(phase: .up, location: CGPoint(x: 52, y: 31), button: 1, timestamp: 0.1))
            #expect(log == ["down", "up true"])
            #expect(!button.isHighlighted)
            // Released far outside (beyond the 70-point slop): touchUpOutside, no action.
            window.sendPointerEvent(.init(phase: .down, location: CGPoint(x: 50, y: 30), button: 1, timestamp: 1))
            window.sendPointerEvent(.init(phase: .moved, location: CGPoint(x: 300, y: 300), button: 1, timestamp: 1.1))
            #expect(!button.isHighlighted)
            window.sendPointerEvent(.init(phase: .up, location: CGPoint(x: 300, y: 300), button: 1, timestamp: 1.2))
            #expect(log == ["down", "up true", "down"])
            button.removeAction(identifiedBy: .init("up"), for: .touchUpInside)
            button.isEnabled = false
            #expect(button.state == .disabled)
            window.sendPointerEvent(.init(phase: .down, location: CGPoint(x: 50, y: 30), button: 1, timestamp: 2))
            window.sendPointerEvent(.init(phase: .up, location: CGPoint(x: 50, y: 30), button: 1, timestamp: 2.1))
            #expect(log == ["down", "up true", "down"])
        }
    }

    @Test @MainActor func perStateContentFallsBackToNormal() {
        let b = UIButton(type: .custom)
        b.setTitle("Go", for: .normal)
        b.setTitle("Going", for: .highlighted)
        b.setTitleColor(.red, for: .normal)
        #expect(b.currentTitle == "Go")
        #expect(b.title(for: .selected) == "Go")
        b.isHighlighted = true
        #expect(b.currentTitle == "Going")
        #expect(b.titleLabel?.text == "Going")
        #expect(b.currentTitleColor == .red)
        let primary = UIButton(primaryAction: UIAction(title: "Tap") { _ in })
        #expect(primary.currentTitle == "Tap")
        #expect(primary.allControlEvents == .primaryActionTriggered)
    }

    @Test @MainActor func labelsMeasureTheirText() {
        let label = UILabel()
        #expect(label.sizeThatFits(.zero) == .zero)
        label.text = "Hello"
        label.font = .systemFont(ofSize: 20)
        let one = label.sizeThatFits(.zero)
        #expect(one.width > 40 && one.width < 70)
        #expect(abs(one.height - ceil(label.font.lineHeight)) <= 1)
        label.text = "Hello Hello Hello Hello"
        label.numberOfLines = 0
        let wrapped = label.sizeThatFits(CGSize(width: 80, height: 1000))
        #expect(wrapped.height >= 3 * floor(label.font.lineHeight))
        label.numberOfLines = 2
        #expect(label.sizeThatFits(CGSize(width: 80, height: 1000)).height == ceil(2 * label.font.lineHeight))
        #expect(!label.isUserInteractionEnabled)
    }

    @Test @MainActor func imageViewsShowTheirImageAndFlipThroughAnimationImages() throws {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 4))
        let red = renderer.image { ctx in UIColor.red.setFill(); ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 4)) }
        let blue = renderer.image { ctx in UIColor.blue.setFill(); ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 4)) }
        let v = UIImageView(image: red)
        #expect(v.frame.size == red.size)
        #expect(v.layer.contents as? CGImage === red.cgImage)
        v.highlightedImage = blue
        v.isHighlighted = true
        #expect(v.layer.contents as? CGImage === blue.cgImage)
        v.animationImages = [red, blue]
        v.animationDuration = 0.5
        v.startAnimating()
        #expect(v.isAnimating)
        let anim = try #require(v.layer.animation(forKey: "UIImageViewAnimation") as? CAKeyframeAnimation)
        #expect(anim.keyPath == "contents")
        #expect(anim.calculationMode == .discrete)
        #expect(anim.duration == 0.5)
        #expect(anim.repeatCount == .infinity)
        v.stopAnimating()
        #expect(!v.isAnimating)
        #expect(UIImage(named: "no-such-image-anywhere") == nil)
    }
}
