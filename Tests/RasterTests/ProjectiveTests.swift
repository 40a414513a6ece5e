import Testing
@testable import Raster

@Test func concatenationAppliesSelfThenOther() {
    let m = Projective.translation(10, 0).concatenating(.scale(2, 3))
    #expect(m.apply(x: 1, y: 1) == SIMD2(22, 3))
    let n = Projective.scale(2, 3).concatenating(.translation(10, 0))
    #expect(n.apply(x: 1, y: 1) == SIMD2(12, 3))
}

@Test func affineInitUsesCGAffineTransformFields() {
    // x' = a·x + c·y + tx, y' = b·x + d·y + ty
    let m = Projective(affine: 1, 2, 3, 4, 5, 6)
    #expect(m.apply(x: 1, y: 10) == SIMD2<Double>(1 + 30 + 5, 2 + 40 + 6))
    #expect(m.isAffine)
}

@Test func rotationTurnsXTowardsY() {
    let p = Projective.rotation(.pi / 2).apply(x: 1, y: 0)
    #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
}

@Test func inverseUndoesAPerspectiveMap() throws {
    var m = Projective.rotation(0.3).concatenating(.translation(40, 20))
    m.m13 = 0.002; m.m23 = -0.001
    #expect(!m.isAffine)
    let inv = try #require(m.inverted())
    let p = m.apply(x: 7, y: -3)
    let q = inv.apply(x: p.x, y: p.y)
    #expect(abs(q.x - 7) < 1e-9 && abs(q.y + 3) < 1e-9)
}

@Test func singularAndNonFiniteMapsHaveNoInverse() {
    #expect(Projective.scale(0, 1).inverted() == nil)
    #expect(Projective(affine: .nan, 0, 0, 1, 0, 0).inverted() == nil)
    #expect(Projective.identity.inverted() == .identity)
}
