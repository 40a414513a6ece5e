import Foundation

/// The layer's own time space (CAMediaTiming on layers composes down the tree).
extension CALayer {
    /// Converts a time from `layer`'s time space (global media time when nil) to this layer's.
    package func convertedTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        guard let layer else { return localTime(fromGlobal: t) }
        return layer.convertedTime(t, to: self)
    }

    /// Converts a time from this layer's time space to `layer`'s (global media time when nil).
    ///
    /// Between two layers of one tree the time goes up to their nearest common ancestor and
    /// down again, never through the ancestors they share: a plain child sees its parent's time
    /// unchanged (exactly), and two layers under one paused ancestor still convert between
    /// each other. Layers of different trees convert through global time.
    package func convertedTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let up = timingChain
        guard let layer else { return up.reversed().reduce(t) { LayerClock.parent(fromLocal: $0, $1.state) } }
        if layer === self { return t }
        let down = layer.timingChain
        var shared = 0
        while shared < up.count, shared < down.count, up[shared] === down[shared] { shared += 1 }
        // Below the common ancestor (index shared − 1): up from self, then down to `layer`.
        let atAncestor = up[shared...].reversed().reduce(t) { LayerClock.parent(fromLocal: $0, $1.state) }
        return down[shared...].reduce(atAncestor) { LayerClock.local(fromParent: $0, $1.state) }
    }

    /// Root first, self last (a mask's owner stands for its superlayer). Cut after 10,000
    /// levels: time conversion must end even in a tree a bug made cyclic.
    private var timingChain: [CALayer] {
        var chain: [CALayer] = []
        var l: CALayer? = self
        while let c = l, chain.count < 10_000 { chain.append(c); l = c._superlayer ?? c._maskOwner }
        return chain.reversed()
    }

    package func localTime(fromGlobal t: CFTimeInterval) -> CFTimeInterval {
        timingChain.reduce(t) { LayerClock.local(fromParent: $0, $1.state) }
    }

    package func globalTime(fromLocal t: CFTimeInterval) -> CFTimeInterval {
        timingChain.reversed().reduce(t) { LayerClock.parent(fromLocal: $0, $1.state) }
    }
}

/// A layer's clock: `local = (parent − beginTime) · speed + timeOffset`, wrapped into the layer's
/// iterations when it has a `duration` (then `repeatCount`, `repeatDuration` and `autoreverses`
/// apply as for an animation).
///
/// Differs from Apple, where this is undocumented: a layer with `duration` 0 (the default) never
/// ends, and outside a finite layer's active duration its local time holds at the nearer end
/// whatever its `fillMode`.
package enum LayerClock {
    @inline(__always)
    package static func local(fromParent t: CFTimeInterval, _ s: LayerState) -> CFTimeInterval {
        if s.duration > 0 && s.duration.isFinite {
            let timing = MediaTiming(beginTime: s.beginTime, duration: s.duration, speed: s.speed,
                                     timeOffset: s.timeOffset, repeatCount: s.repeatCount,
                                     repeatDuration: s.repeatDuration, autoreverses: s.autoreverses,
                                     fillMode: .both)
            return timing.sample(atParentTime: t).localTime
        }
        if s.beginTime == 0 && s.speed == 1 && s.timeOffset == 0 { return t }
        return (t - s.beginTime) * Double(s.speed) + s.timeOffset
    }

    /// The inverse (of the first iteration, for a layer with a `duration`); a stopped clock
    /// (speed 0) maps every local time to its begin time.
    @inline(__always)
    package static func parent(fromLocal t: CFTimeInterval, _ s: LayerState) -> CFTimeInterval {
        if s.speed == 0 { return s.beginTime }
        return (t - s.timeOffset) / Double(s.speed) + s.beginTime
    }
}
