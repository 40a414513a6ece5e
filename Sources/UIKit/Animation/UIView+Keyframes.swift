import Foundation

/// Keyframe animations of views: the changes of each `addKeyframe` block become the segments
/// of one `CAKeyframeAnimation` per property, over the whole duration.
extension UIView {
    /// Animates the keyframes added in `animations` (with `addKeyframe`) over `duration`.
    /// Changes made outside any `addKeyframe` span the whole duration.
    public class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                       options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                       completion: ((Bool) -> Void)? = nil) {
        let outer = ViewAnimationStack.blocks.last
        let tracker = CompletionTracker(parent: outer?.tracker, completion: completion)
        let block = AnimationBlock.make(duration: duration.isFinite ? duration : 0,
                                        delay: delay.isFinite ? max(delay, 0) : 0,
                                        options: options.viewOptions, nestedIn: outer, tracker: tracker)
        block.curve = .linear
        block.keyframes = KeyframeRecorder(calculationMode: options.calculationMode)
        ViewAnimationStack.open(block)
        animations()
        ViewAnimationStack.close(block, layoutSubviews: options.contains(.layoutSubviews))
    }

    /// Inside `animateKeyframes`: the changes in `animations` run from `frameStartTime` for
    /// `frameDuration`, both fractions (0…1) of the whole duration. Outside it, the changes
    /// are made as the enclosing block (or none) says.
    public class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                  animations: @escaping () -> Void) {
        guard let recorder = ViewAnimationStack.blocks.last?.keyframes else { return animations() }
        guard frameStartTime.isFinite, frameDuration.isFinite else {
            StrataDiagnostics.report("addKeyframe: non-finite relative start \(frameStartTime) or duration \(frameDuration); the keyframe spans the whole animation")
            return animations()
        }
        let start = min(max(frameStartTime, 0), 1)
        recorder.current = (start, min(max(frameDuration, 0), 1 - start))
        animations()
        recorder.current = (0, 1)
    }
}

/// Collects the keyframes of one `animateKeyframes` block, per layer and key.
@MainActor
final class KeyframeRecorder {
    /// The relative span of the keyframe being defined.
    var current: (start: Double, duration: Double) = (0, 1)
    let calculationMode: CAAnimationCalculationMode

    private struct Segment { let start: Double; let duration: Double; let before: Any? }
    private struct Track {
        let layer: CALayer
        let key: String
        weak var view: UIView?
        var segments: [Segment]
    }
    private var tracks: [Track] = []

    init(calculationMode: CAAnimationCalculationMode) { self.calculationMode = calculationMode }

    /// A property changed inside the current keyframe; `before` is its value before the change.
    func record(layer: CALayer, key: String, before: Any?, view: UIView?) {
        let segment = Segment(start: current.start, duration: current.duration, before: before)
        if let i = tracks.firstIndex(where: { $0.layer === layer && $0.key == key }) {
            tracks[i].segments.append(segment)
        } else {
            tracks.append(Track(layer: layer, key: key, view: view, segments: [segment]))
        }
    }

    /// One keyframe animation per track: the value before the first keyframe at time 0, then
    /// each keyframe's start and end values at its relative times, the last value held to 1.
    func addAnimations(for block: AnimationBlock) {
        guard block.animates else { return }
        for track in tracks {
            let anim = CAKeyframeAnimation(keyPath: track.key)
            let (values, times) = Self.keyframes(track.segments, final: ViewAnimationStack.modelValue(of: track.layer, track.key))
            anim.values = values
            anim.keyTimes = times.map { NSNumber(value: $0) }
            anim.calculationMode = calculationMode
            anim.duration = block.duration
            ViewAnimationStack.add(anim, to: track.layer, key: track.key, view: track.view, block: block)
        }
    }

    private static func keyframes(_ segments: [Segment], final: Any?) -> ([Any], [Double]) {
        // Each segment ends at the value the next change started from; the last at the model value.
        var spans: [(start: Double, end: Double, from: Any?, to: Any?)] = []
        for (i, s) in segments.enumerated() {
            let to = i + 1 < segments.count ? segments[i + 1].before : final
            spans.append((s.start, s.start + s.duration, s.before, to))
        }
        spans.sort { $0.start < $1.start }
        var values: [Any] = [spans[0].from as Any]
        var times: [Double] = [0]
        for span in spans {
            let start = max(span.start, times[times.count - 1])
            if start > times[times.count - 1] { values.append(span.from as Any); times.append(start) }
            values.append(span.to as Any)
            times.append(max(span.end, start))
        }
        if times[times.count - 1] < 1 { values.append(values[values.count - 1]); times.append(1) }
        return (values, times)
    }
}
