import Foundation
import Testing
@testable import QuartzCore

/// `CAScrollLayer` and the scrolling methods of `CALayer`: exact origins, visible rects, the
/// scroll modes, non-finite input, and what a scrolled layer draws.
struct ScrollLayerTests {
    /// A 100 × 80 scroll layer at the origin holding a 50 × 50 child at (200, 100).
    private func makeTree() -> (CAScrollLayer, CALayer) {
        CATransaction.begin(); CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let scroll = CAScrollLayer()
        scroll.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
        let child = CALayer()
        child.frame = CGRect(x: 200, y: 100, width: 50, height: 50)
        scroll.addSublayer(child)
        return (scroll, child)
    }

    @Test(.manualClock) func defaultsAndKeyValueCoding() {
        let s = CAScrollLayer()
        #expect(s.scrollMode == .both)
        #expect(s.masksToBounds, "Apple's default for a scroll layer")
        #expect(CALayer().masksToBounds == false)
        #expect(s.value(forKey: "scrollMode") as? CAScrollLayerScrollMode == .both)
        s.setValue("horizontally", forKey: "scrollMode")
        #expect(s.scrollMode == .horizontally)
        #expect(CAScrollLayerScrollMode.vertically.rawValue == "vertically")
        #expect(CAScrollLayer(layer: s).scrollMode == .horizontally, "init(layer:) copies it")
    }

    @Test(.manualClock) func scrollToPointFollowsTheScrollMode() {
        let (s, _) = makeTree()
        s.scroll(to: CGPoint(x: 30, y: 40))
        #expect(s.bounds == CGRect(x: 30, y: 40, width: 100, height: 80))
        s.scrollMode = .horizontally
        s.scroll(to: CGPoint(x: 5, y: 7))
        #expect(s.bounds.origin == CGPoint(x: 5, y: 40))
        s.scrollMode = .vertically
        s.scroll(to: CGPoint(x: 60, y: 9))
        #expect(s.bounds.origin == CGPoint(x: 5, y: 9))
        s.scrollMode = .none
        s.scroll(to: CGPoint(x: 1, y: 2))
        #expect(s.bounds.origin == CGPoint(x: 5, y: 9))
        s.scrollMode = CAScrollLayerScrollMode(rawValue: "sideways")
        s.scroll(to: CGPoint(x: 1, y: 2))
        #expect(s.bounds.origin == CGPoint(x: 5, y: 9), "an unknown mode scrolls nowhere")
    }

    @Test(.manualClock) func scrollToRectMovesAsLittleAsPossible() {
        let (s, _) = makeTree()
        s.scroll(to: CGRect(x: 150, y: 10, width: 20, height: 20))   // right of the bounds: maxX 170 − 100
        #expect(s.bounds.origin == CGPoint(x: 70, y: 0))
        s.scroll(to: CGRect(x: 10, y: 60, width: 10, height: 30))    // left and below: x = 10, y = 90 − 80
        #expect(s.bounds.origin == CGPoint(x: 10, y: 10))
        s.scroll(to: CGRect(x: 20, y: 20, width: 10, height: 10))    // already visible
        #expect(s.bounds.origin == CGPoint(x: 10, y: 10))
        s.scroll(to: CGRect(x: 5, y: 30, width: 300, height: 10))    // wider than the bounds: its left edge
        #expect(s.bounds.origin == CGPoint(x: 5, y: 10))
    }

    @Test(.manualClock) func sublayerScrollsItsScrollLayer() {
        let (s, child) = makeTree()
        child.scroll(CGPoint(x: 10, y: 5))
        #expect(s.bounds.origin == CGPoint(x: 210, y: 105))
        s.scroll(to: CGPoint.zero)
        child.scrollRectToVisible(child.bounds)   // (200…250, 100…150) in a 100 × 80 window
        #expect(s.bounds.origin == CGPoint(x: 150, y: 70))
        // Through an intermediate layer: the closest scroll-layer ancestor moves.
        let grandchild = CALayer()
        grandchild.frame = CGRect(x: 10, y: 20, width: 5, height: 5)
        child.addSublayer(grandchild)
        grandchild.scroll(.zero)
        #expect(s.bounds.origin == CGPoint(x: 210, y: 120))
        // No scroll layer above: nothing happens.
        let lone = CALayer()
        lone.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        lone.scroll(CGPoint(x: 3, y: 3))
        lone.scrollRectToVisible(CGRect(x: 0, y: 0, width: 99, height: 99))
        #expect(lone.bounds.origin == .zero)
    }

    @Test(.manualClock) func visibleRectIsTheUnclippedPart() {
        let (s, child) = makeTree()
        #expect(child.visibleRect == .zero, "scrolled out of sight")
        s.scroll(to: CGPoint(x: 150, y: 70))   // window 150…250 × 70…150: all of the child
        #expect(child.visibleRect == CGRect(x: 0, y: 0, width: 50, height: 50))
        s.scroll(to: CGPoint(x: 220, y: 120))  // window 220…320 × 120…200: its lower right part
        #expect(child.visibleRect == CGRect(x: 20, y: 20, width: 30, height: 30))
        let lone = CALayer()
        lone.bounds = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(lone.visibleRect == lone.bounds, "no scroll layer: the bounds")
    }

    @Test(.manualClock) func nonFiniteScrollsChangeNothingAndSaySo() {
        let (s, child) = makeTree()
        s.scroll(to: CGPoint(x: 7, y: 8))
        let messages = StrataDiagnostics.capture {
            s.scroll(to: CGPoint(x: CGFloat.nan, y: 0))
            s.scroll(to: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))
            child.scroll(CGPoint(x: 0, y: CGFloat.nan))
            child.scrollRectToVisible(CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))
            s.scroll(to: CGRect.null)
        }
        #expect(s.bounds.origin == CGPoint(x: 7, y: 8))
        #expect(messages.count == 5, "\(messages)")
        #expect(messages.allSatisfy { $0.contains("not finite") })
        // Huge but finite values are taken as they are.
        s.scroll(to: CGPoint(x: 1e300, y: -1e300))
        #expect(s.bounds.origin == CGPoint(x: 1e300, y: -1e300))
    }

    /// A 40 × 40 scroll layer showing a red square above a blue one (each 40 × 40): scrolled to
    /// (0, 40) it shows the blue one, and it clips the red one away below it.
    @Test(.manualClock) func scrolledContentRendersShiftedAndClipped() {
        CATransaction.begin(); CATransaction.setDisableActions(true)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let s = CAScrollLayer()
        s.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let red = CALayer(), blue = CALayer()
        red.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        red.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        blue.frame = CGRect(x: 0, y: 40, width: 40, height: 40)
        blue.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        s.addSublayer(red); s.addSublayer(blue)
        root.addSublayer(s)
        CATransaction.commit()
        let before = Golden.render(root, width: 64, height: 64)
        #expect(Golden.pixel(before, 20, 20) == 0xFFFF_0000)
        #expect(Golden.pixel(before, 20, 50) == 0xFFFF_FFFF, "blue is clipped below the scroll layer")
        CATransaction.begin(); CATransaction.setDisableActions(true)
        s.scroll(to: CGPoint(x: 0, y: 40))
        CATransaction.commit()
        let after = Golden.render(root, width: 64, height: 64)
        #expect(Golden.pixel(after, 20, 20) == 0xFF00_00FF)
        #expect(Golden.pixel(after, 20, 39) == 0xFF00_00FF)
        #expect(Golden.pixel(after, 50, 20) == 0xFFFF_FFFF)
    }
}
