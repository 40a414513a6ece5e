import Testing
@testable import QuartzCore

private func close(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }

/// One row: parent time in, phase/position/local time/iteration/reversal out.
private struct Row: Sendable {
    var t: Double
    var phase: MediaTiming.Phase
    var position: MediaTiming.Position
    var local: Double
    var iteration: Int = 0
    var reversed: Bool = false
}

private func check(_ timing: MediaTiming, _ rows: [Row], sourceLocation: SourceLocation = #_sourceLocation) {
    for row in rows {
        let s = timing.sample(atParentTime: row.t)
        #expect(s.phase == row.phase, "t=\(row.t)", sourceLocation: sourceLocation)
        #expect(s.position == row.position, "t=\(row.t)", sourceLocation: sourceLocation)
        if row.phase != .inactive {
            #expect(close(s.localTime, row.local), "t=\(row.t): \(s.localTime) ≠ \(row.local)", sourceLocation: sourceLocation)
            #expect(s.iteration == row.iteration, "t=\(row.t)", sourceLocation: sourceLocation)
            #expect(s.isReversed == row.reversed, "t=\(row.t)", sourceLocation: sourceLocation)
        }
    }
}

@Test func fillModesBeforeDuringAfter() {
    // duration 1 beginning at 10: before at 9.5, during at 10.25, after at 11.5.
    let expected: [(CAMediaTimingFillMode, MediaTiming.Phase, MediaTiming.Phase)] = [
        (.removed, .inactive, .inactive),
        (.forwards, .inactive, .filled),
        (.backwards, .filled, .inactive),
        (.both, .filled, .filled),
    ]
    for (mode, before, after) in expected {
        let timing = MediaTiming(beginTime: 10, duration: 1, fillMode: mode)
        check(timing, [
            Row(t: 9.5, phase: before, position: .before, local: 0),
            Row(t: 10.25, phase: .active, position: .during, local: 0.25),
            Row(t: 11.5, phase: after, position: .after, local: 1),
        ])
    }
}

@Test func repeatCountTwoAndAHalfWithAutoreverses() {
    // One iteration = 1 s forwards + 1 s back; 2.5 iterations = 5 s, ending at the far end.
    let timing = MediaTiming(duration: 1, repeatCount: 2.5, autoreverses: true, fillMode: .forwards)
    #expect(timing.activeDuration == 5)
    check(timing, [
        Row(t: 0.25, phase: .active, position: .during, local: 0.25),
        Row(t: 1.25, phase: .active, position: .during, local: 0.75, reversed: true),
        Row(t: 2.5, phase: .active, position: .during, local: 0.5, iteration: 1),
        Row(t: 3.75, phase: .active, position: .during, local: 0.25, iteration: 1, reversed: true),
        Row(t: 4.5, phase: .active, position: .during, local: 0.5, iteration: 2),
        Row(t: 5, phase: .active, position: .during, local: 1, iteration: 2),
        Row(t: 5.01, phase: .filled, position: .after, local: 1, iteration: 2),
        Row(t: 7, phase: .filled, position: .after, local: 1, iteration: 2),
    ])
}

@Test func repeatCountWithoutAutoreversesEndsOnTheLastIteration() {
    let timing = MediaTiming(duration: 2, repeatCount: 2, fillMode: .forwards)
    check(timing, [
        Row(t: 1, phase: .active, position: .during, local: 1),
        Row(t: 2, phase: .active, position: .during, local: 0, iteration: 1),
        Row(t: 3.5, phase: .active, position: .during, local: 1.5, iteration: 1),
        Row(t: 4, phase: .active, position: .during, local: 2, iteration: 1),
        Row(t: 4.5, phase: .filled, position: .after, local: 2, iteration: 1),
    ])
}

@Test func speedTwoRunsTwiceAsFast() {
    let timing = MediaTiming(beginTime: 1, duration: 1, speed: 2)
    check(timing, [
        Row(t: 1.25, phase: .active, position: .during, local: 0.5),
        Row(t: 1.45, phase: .active, position: .during, local: 0.9),
        Row(t: 1.5, phase: .active, position: .during, local: 1),
        Row(t: 1.51, phase: .inactive, position: .after, local: 0),
    ])
}

@Test func speedMinusOnePlaysTheIntervalBeforeBeginTimeBackwards() {
    // a = (tp - 10) * -1 is in 0…1 while tp is in 9…10, running from 1 down to 0.
    let timing = MediaTiming(beginTime: 10, duration: 1, speed: -1, fillMode: .both)
    check(timing, [
        Row(t: 8.5, phase: .filled, position: .after, local: 1),
        Row(t: 9.25, phase: .active, position: .during, local: 0.75),
        Row(t: 9.75, phase: .active, position: .during, local: 0.25),
        Row(t: 10.5, phase: .filled, position: .before, local: 0),
    ])
}

@Test func speedZeroPausesAtTimeOffset() {
    let timing = MediaTiming(beginTime: 3, duration: 1, speed: 0, timeOffset: 0.4)
    check(timing, [
        Row(t: 0, phase: .active, position: .during, local: 0.4),
        Row(t: 1000, phase: .active, position: .during, local: 0.4),
    ])
}

@Test func timeOffsetStartsPartWayAndWrapsAround() {
    // duration 3, offset 1: plays 1…3 then 0…1, still 3 s long in all.
    let timing = MediaTiming(duration: 3, timeOffset: 1, fillMode: .both)
    check(timing, [
        Row(t: -1, phase: .filled, position: .before, local: 1),
        Row(t: 0, phase: .active, position: .during, local: 1),
        Row(t: 1.5, phase: .active, position: .during, local: 2.5),
        Row(t: 2.5, phase: .active, position: .during, local: 0.5, iteration: 1),
        Row(t: 4, phase: .filled, position: .after, local: 1, iteration: 1),
    ])
}

@Test func repeatDurationOverridesRepeatCount() {
    let timing = MediaTiming(duration: 1, repeatCount: 10, repeatDuration: 1.5, fillMode: .forwards)
    #expect(timing.activeDuration == 1.5)
    check(timing, [
        Row(t: 1.25, phase: .active, position: .during, local: 0.25, iteration: 1),
        Row(t: 2, phase: .filled, position: .after, local: 0.5, iteration: 1),
    ])
}

@Test func infiniteAndGreatestFiniteRepeatCountsNeverEnd() {
    for count in [Float.infinity, .greatestFiniteMagnitude] {
        let timing = MediaTiming(duration: 1, repeatCount: count)
        #expect(timing.activeDuration == .infinity)
        check(timing, [Row(t: 1_000_000.25, phase: .active, position: .during, local: 0.25, iteration: 1_000_000)])
    }
}

@Test func fractionalRepeatCountStopsPartWay() {
    let timing = MediaTiming(duration: 2, repeatCount: 0.5, fillMode: .forwards)
    #expect(timing.activeDuration == 1)
    check(timing, [Row(t: 5, phase: .filled, position: .after, local: 1)])
}

@Test func zeroDurationTakesTheDefault() {
    let animation = CABasicAnimation(keyPath: "opacity")
    #expect(animation.mediaTiming().effectiveDuration == 0.25)
    #expect(animation.mediaTiming(defaultDuration: 0.8).effectiveDuration == 0.8)
    animation.duration = 2
    #expect(animation.mediaTiming(defaultDuration: 0.8).effectiveDuration == 2)
}

@Test func layerTimeFollowsApplesFormulaBothWays() {
    // A layer: unbounded duration, t = (tp - begin) * speed + offset (QA1673's pause and resume).
    let paused = MediaTiming(duration: .infinity, speed: 0, timeOffset: 5)
    #expect(paused.localTime(fromParent: 100) == 5)
    #expect(paused.sample(atParentTime: 100).localTime == 5)
    let fast = MediaTiming(beginTime: 1, duration: .infinity, speed: 2, timeOffset: 0.5)
    #expect(fast.localTime(fromParent: 3) == 4.5)
    #expect(fast.parentTime(fromLocal: 4.5) == 3)
    #expect(fast.sample(atParentTime: 3).localTime == 4.5)
}

@Test func nanParentTimeIsInactiveNotACrash() {
    let timing = MediaTiming(duration: 1, fillMode: .both)
    #expect(timing.sample(atParentTime: .nan).phase == .inactive)
}
