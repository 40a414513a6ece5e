import Testing
@testable import QuartzCore

@Test func manualClockDrivesCACurrentMediaTime() {
    CAMediaClock.withManualClock(startingAt: 100) { clock in
        #expect(CACurrentMediaTime() == 100)
        clock.advance(by: 1.0 / 60)
        #expect(CACurrentMediaTime() == 100 + 1.0 / 60)
        clock.set(5)
        #expect(CACurrentMediaTime() == 5)
        clock.advance(by: .nan)
        #expect(CACurrentMediaTime() == 5)
    }
}

@Test func concurrentManualClocksDoNotInterfere() async {
    await withTaskGroup(of: Bool.self) { group in
        for start in [10.0, 20.0, 30.0] {
            group.addTask {
                await CAMediaClock.withManualClock(startingAt: start) { clock in
                    for _ in 0..<50 {
                        clock.advance(by: 1)
                        await Task.yield()
                    }
                    return CACurrentMediaTime() == start + 50
                }
            }
        }
        for await ok in group { #expect(ok) }
    }
}

@Test func systemClockIsMonotonicAndIgnoresManualMoves() {
    let a = CAMediaClock.system.time
    CAMediaClock.system.advance(by: 1000)
    let b = CAMediaClock.system.time
    #expect(a > 0)
    #expect(b >= a)
    #expect(b - a < 100)
}

@Test func animationFrameByFrameOnAManualClock() {
    // A 0.25 s linear opacity animation added "now" (beginTime = CACurrentMediaTime()), sampled
    // at 64 Hz (exact in binary): frame n shows n / 16; frame 16 is the (closed) end, 17 is past it.
    CAMediaClock.withManualClock(startingAt: 1000) { clock in
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0.0
        a.toValue = 1.0
        a.duration = 0.25
        a.beginTime = CACurrentMediaTime()
        var seen: [Double?] = []
        for _ in 0...17 {
            var store: [String: Any] = [:]
            a.apply(atParentTime: CACurrentMediaTime(), get: { store[$0] }, set: { store[$0] = $1 })
            seen.append((store["opacity"] as? Double).map { $0 * 16 })
            clock.advance(by: 1.0 / 64)
        }
        #expect(seen == (0...16).map { Double($0) } + [nil])
        #expect(a.isFinished(atParentTime: CACurrentMediaTime()))
    }
}
