import Foundation

extension CAAnimation {
    /// The frame rates the animation would like (Apple's `preferredFrameRateRange`, iOS 15).
    /// Default `.default` (the display's rate). Stored and copied with the animation; a window's
    /// display link may use `CALayer.preferredAnimationFrameRate()` to run slower when every
    /// running animation asks for less than the display's rate.
    public var preferredFrameRateRange: CAFrameRateRange {
        get { extraValues[Self.frameRateKey] as? CAFrameRateRange ?? .default }
        set { extraValues[Self.frameRateKey] = newValue }
    }

    private static let frameRateKey = "preferredFrameRateRange"
}

extension CAFrameRateRange {
    /// The rate this range asks for in frames per second: `preferred` when positive, else
    /// `maximum` when positive, else the display's rate; within 1 … the display's rate (a NaN
    /// or infinite request means the display's rate).
    public var resolvedRate: Float {
        let display = Float(CADisplayLink.displayRate)
        let asked = [preferred ?? 0, maximum].first { $0 > 0 && $0.isFinite } ?? display
        return min(max(asked, 1), display)
    }
}

extension CALayer {
    /// The frame rate the animations attached in this layer's tree ask for: the highest
    /// `preferredFrameRateRange.resolvedRate` among them, nil when none is attached. A display
    /// link ticking at this rate lowers the frame rate only when every animation asks for less
    /// (Strata extension; at most 100,000 layers are visited).
    public func preferredAnimationFrameRate() -> Float? {
        var best: Float?
        var work: [CALayer] = [self]
        var visited = 0
        while let layer = work.popLast(), visited < 100_000 {
            visited += 1
            for key in layer.animationKeys() ?? [] {
                guard let rate = layer.animation(forKey: key)?.preferredFrameRateRange.resolvedRate else { continue }
                best = max(best ?? 0, rate)
            }
            work.append(contentsOf: layer.sublayers ?? [])
            if let mask = layer.mask { work.append(mask) }
        }
        return best
    }
}
