/// Which offscreen passes of a frame decide each offscreen surface's final pixels, so that a
/// surface of this frame and one of the last (a shadow, a mask, a group: new surfaces every
/// frame) compare by how they were drawn rather than by identity.
///
/// A surface's history is the ordered list of passes that draw it (since the last pass that
/// cleared or copied over it), that multiply it by a mask, and, recursively, those that drew
/// what they read before they read it. Two surfaces hold the same pixels when their histories
/// pair up pass by pass: same sizes, loads, effects and commands, with the surfaces they
/// touch corresponding one to one.
struct OffscreenHistory: Sendable {
    let passes: [RenderPass]
    /// Per surface, the indices into `passes` of its history, ascending.
    private let history: [ObjectIdentifier: [Int]]

    init(_ passes: [RenderPass]) {
        self.passes = passes
        var history: [ObjectIdentifier: [Int]] = [:]
        for (i, pass) in passes.enumerated() {
            guard case .offscreen(let target) = pass.target else { continue }
            let t = ObjectIdentifier(target)
            var h: [Int]
            switch pass.load {
            case .keep: h = history[t] ?? []
            case .clear: h = []
            case .copy(let source): h = history[ObjectIdentifier(source)] ?? []
            }
            for command in pass.commands {
                if let s = command.paint.surface { h = merged(h, history[ObjectIdentifier(s)] ?? []) }
            }
            h.append(i)
            history[t] = h
            if case .applyAsMask(let owner) = pass.effect {
                let o = ObjectIdentifier(owner)
                var oh = merged(history[o] ?? [], h)
                if oh.last != i { oh.append(i) }
                history[o] = oh
            }
        }
        self.history = history
    }

    /// Whether `a` (drawn by this frame's passes) ends with the pixels `b` (drawn by `old`'s) ends with.
    func sameContent(_ a: Surface, as b: Surface, in old: OffscreenHistory) -> Bool {
        if a === b { return true }
        guard a.width == b.width, a.height == b.height,
              let ha = history[ObjectIdentifier(a)], let hb = old.history[ObjectIdentifier(b)], ha.count == hb.count
        else { return false }
        var forward: [ObjectIdentifier: Surface] = [:], backward: [ObjectIdentifier: Surface] = [:]
        /// Pairs `x` with `y` (one to one), or checks an existing pairing.
        func pair(_ x: Surface, _ y: Surface) -> Bool {
            if let known = forward[ObjectIdentifier(x)] { return known === y }
            guard backward[ObjectIdentifier(y)] == nil, x.width == y.width, x.height == y.height else { return x === y }
            forward[ObjectIdentifier(x)] = y
            backward[ObjectIdentifier(y)] = x
            return true
        }
        /// A surface read: paired already, or one kept across frames (the same object).
        func read(_ x: Surface, _ y: Surface) -> Bool {
            if let known = forward[ObjectIdentifier(x)] { return known === y }
            return x === y
        }
        for (i, j) in zip(ha, hb) {
            let p = passes[i], q = old.passes[j]
            guard case .offscreen(let tp) = p.target, case .offscreen(let tq) = q.target else { return false }
            switch (p.load, q.load) {
            case (.keep, .keep): break
            case (.clear(let x), .clear(let y)): guard x == y else { return false }
            case (.copy(let x), .copy(let y)): guard read(x, y) else { return false }
            default: return false
            }
            guard p.commands.count == q.commands.count,
                  zip(p.commands, q.commands).allSatisfy({ $0.drawsSame(as: $1, surfaces: read) }) else { return false }
            guard pair(tp, tq) else { return false }
            switch (p.effect, q.effect) {
            case (nil, nil): break
            case (.blur(let x)?, .blur(let y)?): guard x.bitPattern == y.bitPattern else { return false }
            case (.applyAsMask(let x)?, .applyAsMask(let y)?): guard read(x, y) else { return false }
            default: return false
            }
        }
        return forward[ObjectIdentifier(a)] === b
    }
}

/// The union of two ascending index lists, ascending.
private func merged(_ a: [Int], _ b: [Int]) -> [Int] {
    if b.isEmpty { return a }
    if a.isEmpty { return b }
    var out: [Int] = []
    out.reserveCapacity(a.count + b.count)
    var i = 0, j = 0
    while i < a.count || j < b.count {
        if j == b.count || (i < a.count && a[i] < b[j]) { out.append(a[i]); i += 1 }
        else if i == a.count || b[j] < a[i] { out.append(b[j]); j += 1 }
        else { out.append(a[i]); i += 1; j += 1 }
    }
    return out
}

extension Paint {
    /// The surface the paint reads, if any.
    var surface: Surface? {
        switch self {
        case .texture(let s, _, _), .textureOverColor(let s, _, _, _), .tintedTexture(let s, _, _, _), .alphaMask(let s, _, _): s
        case .solid, .gradient: nil
        }
    }
}
