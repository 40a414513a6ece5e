import Testing
@testable import Raster

@Test func radiusNeverExceedsHalfTheShorterSide() {
    let r = RoundedRect(minX: 0, minY: 0, maxX: 100, maxY: 40, cornerRadius: 30)
    #expect(r.topLeft == 20 && r.topRight == 20 && r.bottomRight == 20 && r.bottomLeft == 20)
}

@Test func adjacentRadiiOverflowingASideScaleDown() {
    // 80 + 40 > 100 → ×100/120 → 66.67 and 33.33; then half the side caps 66.67 at 50.
    let r = RoundedRect(minX: 0, minY: 0, maxX: 100, maxY: 100, topLeft: 80, topRight: 40, bottomRight: 0, bottomLeft: 0)
    #expect(r.topLeft == 50)
    #expect(abs(r.topRight - 100.0 / 3) < 1e-12)
}

@Test func badRadiiBecomeSquareCorners() {
    let r = RoundedRect(minX: 0, minY: 0, maxX: 10, maxY: 10, topLeft: -3, topRight: .nan, bottomRight: .infinity, bottomLeft: 2)
    #expect(r.topLeft == 0 && r.topRight == 0 && r.bottomRight == 0 && r.bottomLeft == 2)
    #expect(RoundedRect(minX: 5, minY: 0, maxX: 5, maxY: 10).isEmpty)
    #expect(RoundedRect(minX: 0, minY: 0, maxX: .nan, maxY: 10).isEmpty)
}

@Test func signedDistanceOnSidesAndCorners() {
    let r = RoundedRect(minX: 0, minY: 0, maxX: 100, maxY: 50, cornerRadius: 10)
    #expect(r.signedDistance(x: 50, y: -2).distance == 2)
    #expect(r.signedDistance(x: 50, y: 5).distance == -5)
    // Corner centre (10, 10); the point (10 − 6, 10 − 8) is 10 away: on the arc.
    #expect(abs(r.signedDistance(x: 4, y: 2).distance) < 1e-12)
}
