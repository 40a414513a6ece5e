import Foundation

/// Setter-side validation: NaN or infinite geometry never enters the tree.
extension CALayer {
    package func reject(_ key: String, _ value: Any) {
        StrataDiagnostics.report("rejected non-finite value \(value) for \(key); the old value is kept")
    }
    package func isFiniteScalar(_ v: CGFloat, key: String) -> Bool {
        if v.isFinite { return true }
        reject(key, v); return false
    }
    package func isFiniteFloat(_ v: Float, key: String) -> Bool {
        if v.isFinite { return true }
        reject(key, v); return false
    }
    package func isFinitePoint(_ p: CGPoint, key: String) -> Bool {
        if p.x.isFinite && p.y.isFinite { return true }
        reject(key, p); return false
    }
    package func isFiniteSize(_ s: CGSize, key: String) -> Bool {
        if s.width.isFinite && s.height.isFinite { return true }
        reject(key, s); return false
    }
    package func isFiniteRect(_ r: CGRect, key: String) -> Bool {
        if r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite { return true }
        reject(key, r); return false
    }
    package func isFiniteTransform(_ t: CATransform3D, key: String) -> Bool {
        if t.isFinite { return true }
        reject(key, t); return false
    }
}
