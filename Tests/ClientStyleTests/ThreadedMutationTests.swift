import Foundation
import QuartzCore
import Testing

/// Core Animation is documented as thread-safe: layer properties may be changed from any
/// thread, and explicit transactions may be used on background threads. Four threads mutate
/// the same tree (their own subtrees and shared layers: properties, structure, animations,
/// special layers) and read presentation copies while a renderer draws it. This crashed within
/// one to three seconds (SIGSEGV, SIGILL, SIGABRT) before the model took the transaction lock.
@Suite(.timeLimit(.minutes(2)))
struct ThreadedMutationTests {
    @Test func fourThreadsMutateOneTreeWhileItRenders() throws {
        let root = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        let shared = CALayer()
        shared.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        root.addSublayer(shared)
        var branches: [CALayer] = []
        for k in 0..<4 {
            let branch = CAShapeLayer()
            branch.frame = CGRect(x: CGFloat(k) * 40, y: 40, width: 40, height: 40)
            root.addSublayer(branch)
            branches.append(branch)
        }
        CATransaction.commit()
        let renderer = CARenderer(width: 160, height: 120)
        renderer.layer = root
        let stop = Deadline(seconds: 3)
        let group = DispatchGroup()
        for k in 0..<4 {
            // CALayer is not Sendable in Apple's SDK either; its thread safety is documented.
            nonisolated(unsafe) let branch = branches[k], shared = shared, root = root
            DispatchQueue.global().async(group: group) {
                var i = 0
                while !stop.passed {
                    i += 1
                    CATransaction.begin()
                    branch.opacity = Float(i % 10) / 10
                    shared.position = CGPoint(x: CGFloat(i % 100), y: CGFloat(k * 10))
                    shared.backgroundColor = CGColor(red: CGFloat(k) / 4, green: 0, blue: 1, alpha: 1)
                    (branch as? CAShapeLayer)?.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: CGFloat(i % 40), height: 20), transform: nil)
                    let child = CALayer()
                    child.frame = CGRect(x: 0, y: 0, width: 5, height: 5)
                    branch.addSublayer(child)
                    if let subs = branch.sublayers, subs.count > 3 { subs[0].removeFromSuperlayer() }
                    let fade = CABasicAnimation(keyPath: "opacity")
                    fade.fromValue = 0
                    fade.toValue = 1
                    fade.duration = 0.1
                    shared.add(fade, forKey: "fade\(k)")
                    if i % 3 == 0 { shared.removeAllAnimations() }
                    shared.sublayers = (0..<(i % 4)).map { _ in CALayer() }
                    if i % 5 == 0 { branch.mask = CALayer() } else { branch.mask = nil }
                    root.sublayers?.last?.zPosition = CGFloat(i % 7)
                    CATransaction.commit()
                    // Outside any explicit transaction too (this thread's implicit one).
                    shared.cornerRadius = CGFloat(i % 9)
                    CATransaction.flush()
                    _ = root.presentation()?.sublayers?.count
                    _ = shared.presentation()?.position
                }
            }
        }
        var frames = 0
        while !stop.passed {
            renderer.beginFrame(atTime: CACurrentMediaTime())
            renderer.render()
            renderer.endFrame()
            frames += 1
        }
        group.wait()
        #expect(frames > 0)
        #expect(branches.allSatisfy { ($0.sublayers?.count ?? 0) <= 4 })
    }
}

extension ThreadedMutationTests {
    /// Four threads add and remove sublayers of one layer and set its properties with no
    /// transaction of their own: the sublayer array and the property storage are shared.
    @Test func fourThreadsChangeOneLayer() {
        let layer = CALayer()
        let group = DispatchGroup()
        for k in 0..<4 {
            nonisolated(unsafe) let layer = layer
            DispatchQueue.global().async(group: group) {
                for i in 0..<20_000 {
                    layer.addSublayer(CALayer())
                    if i % 2 == 0 { layer.sublayers?.first?.removeFromSuperlayer() }
                    if i % 64 == 0 { layer.sublayers = nil }
                    layer.backgroundColor = CGColor(red: CGFloat(k) / 4, green: 0, blue: 0, alpha: 1)
                    layer.name = "thread \(k) step \(i)"
                    _ = layer.name?.count
                    _ = layer.backgroundColor?.alpha
                }
            }
        }
        group.wait()
        CATransaction.flush()
        #expect((layer.sublayers?.count ?? 0) <= 4 * 64)
        #expect(layer.sublayers?.allSatisfy { $0.superlayer === layer } ?? true)
    }
}

extension ThreadedMutationTests {
    /// Four threads set one layer's delegate, actions and style while they change its
    /// properties and sublayers (each change asks all three for its action): those three were
    /// stored with no lock (ThreadSanitizer reported them; the dictionaries could be freed while
    /// another thread read them).
    @Test func fourThreadsSetDelegatesActionsAndStyles() {
        final class Delegate: NSObject, CALayerDelegate, @unchecked Sendable {
            func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
        }
        let layer = CALayer()
        attachToARenderer(layer)
        let delegates = [Delegate(), Delegate()]
        let group = DispatchGroup()
        for k in 0..<4 {
            nonisolated(unsafe) let layer = layer
            DispatchQueue.global().async(group: group) {
                for i in 0..<20_000 {
                    switch (i + k) % 3 {
                    case 0: layer.delegate = i % 2 == 0 ? delegates[k % 2] : nil
                    case 1: layer.actions = i % 2 == 0 ? ["position": NSNull(), "name\(i)": NSNull()] : nil
                    default: layer.style = i % 2 == 0 ? ["actions": ["opacity": NSNull()], "k": i] : nil
                    }
                    layer.position = CGPoint(x: i % 50, y: k)
                    layer.opacity = Float(i % 10) / 10
                    _ = layer.action(forKey: "bounds")
                    _ = layer.actions?.count
                    _ = layer.style?.count
                    if i % 100 == 0 { CATransaction.flush() }
                }
                CATransaction.flush()
            }
        }
        group.wait()
        #expect(layer.position.y >= 0 && layer.position.y < 4)
    }

    /// Commits the layer into a renderer's tree, so property changes run actions.
    private func attachToARenderer(_ layer: CALayer) {
        let renderer = CARenderer(width: 8, height: 8)
        renderer.layer = layer
        CATransaction.flush()
        renderer.beginFrame(atTime: 0); renderer.render(); renderer.endFrame()
    }
}

/// A wall-clock deadline readable from any thread.
private final class Deadline: @unchecked Sendable {
    private let end: DispatchTime
    init(seconds: Double) { end = .now() + seconds }
    var passed: Bool { DispatchTime.now() >= end }
}
