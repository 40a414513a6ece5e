import Testing
@testable import QuartzCore

private func close(_ a: Double?, _ b: Double, _ tol: Double = 1e-6) -> Bool { a.map { abs($0 - b) <= tol } ?? false }

@Test func transitionProgressRunsFromStartToEndProgress() {
    let t = CATransition()
    #expect(t.type == .fade && t.subtype == nil && t.startProgress == 0 && t.endProgress == 1)
    t.duration = 1
    t.startProgress = 0.2
    t.endProgress = 0.6
    let rows: [(Double, Double?)] = [(-0.5, nil), (0, 0.2), (0.5, 0.4), (0.75, 0.5), (2, nil)]
    for (time, expected) in rows {
        let p = t.progress(atParentTime: time)
        if let expected { #expect(close(p, expected), "t=\(time): \(String(describing: p))") } else { #expect(p == nil) }
    }
    t.timingFunction = CAMediaTimingFunction(name: .easeIn)
    #expect(close(t.progress(atParentTime: 0.5), 0.2 + 0.4 * 0.315356819))
    t.fillMode = .forwards
    #expect(close(t.progress(atParentTime: 2), 0.6))
}

@Test func transitionFramesPlaceOldAndNewContent() {
    let t = CATransition()
    #expect(t.frame(atProgress: 0.25) == TransitionFrame(oldOpacity: 0.75, newOpacity: 0.25, oldOffset: .zero, newOffset: .zero, newOnTop: true))
    t.type = .push
    t.subtype = .fromRight
    #expect(t.frame(atProgress: 0.25) == TransitionFrame(oldOpacity: 1, newOpacity: 1, oldOffset: CGPoint(x: -0.25, y: 0), newOffset: CGPoint(x: 0.75, y: 0), newOnTop: true))
    t.type = .moveIn
    t.subtype = .fromTop
    #expect(t.frame(atProgress: 0.25) == TransitionFrame(oldOpacity: 1, newOpacity: 1, oldOffset: .zero, newOffset: CGPoint(x: 0, y: -0.75), newOnTop: true))
    t.type = .reveal
    t.subtype = .fromBottom
    #expect(t.frame(atProgress: 0.5) == TransitionFrame(oldOpacity: 1, newOpacity: 1, oldOffset: CGPoint(x: 0, y: -0.5), newOffset: .zero, newOnTop: false))
    t.subtype = nil
    #expect(t.frame(atProgress: 1).oldOffset == CGPoint(x: 1, y: 0))  // nil behaves as fromLeft
    #expect(t.frame(atProgress: .nan).oldOffset == .zero)
}

@Test func transitionCopies() {
    let t = CATransition()
    t.type = .push; t.subtype = .fromLeft; t.startProgress = 0.1; t.endProgress = 0.9
    let c = t.copy() as! CATransition
    t.type = .fade
    #expect(c.type == .push && c.subtype == .fromLeft && c.startProgress == 0.1 && c.endProgress == 0.9)
}
