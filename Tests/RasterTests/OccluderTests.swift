import Foundation
import Testing
@testable import Raster

/// `Clip.occluder`: a fill (a card's shadow in 3D) skips the columns that an opaque fill drawn
/// after it covers entirely. What shows is exactly what it was without the hint, and the hint
/// does skip pixels (else it would be a hint that cannot fail).
struct OccluderTests {
    static let size = (w: 240, h: 200)

    /// Local → device: a 120 × 90 card turned about y by `angle` (radians) under perspective
    /// (eye at 500), skewed by `tilt`, its centre at (120, 100).
    static func cardMap(_ angle: Double, tilt: Double = 0) -> Projective {
        let turn = Projective(m11: cos(angle), m12: 0, m13: sin(angle) / 500, m21: tilt, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
        return Projective.translation(-60, -45).concatenating(turn).concatenating(.translation(120, 100))
    }

    static let card = RoundedRect(minX: 0, minY: 0, maxX: 120, maxY: 90, cornerRadius: 12)

    /// The shadow (an alpha mask over the card's region grown by 20), then the opaque card.
    static func commands(_ map: Projective, occluded: Bool, withCard: Bool = true) -> [FillCommand] {
        let mask = gradientTexture(16, 13)
        var clip = Clip()
        if occluded { clip.occluder = (shape: card, deviceToLocal: map.inverted()!) }
        let shadow = FillCommand(shape: RoundedRect(minX: -20, minY: -20, maxX: 140, maxY: 110), localToDevice: map,
                                 paint: .alphaMask(mask, map: Projective.translation(20, 20).concatenating(.scale(0.1, 0.1)),
                                                   color: 0xFF00_0000),
                                 opacity: 0.5, clip: clip)
        let front = FillCommand(shape: card, localToDevice: map, paint: .solid(0xFF30_60C0))
        return withCard ? [shadow, front] : [shadow]
    }

    static func draw(_ commands: [FillCommand]) -> Surface {
        let s = Surface(width: size.w, height: size.h)
        for y in 0..<size.h { for x in 0..<size.w { s[x, y] = 0xFF00_0000 | UInt32((x * 3 + y * 5) & 0xFF) << 8 | 0x40 } }
        execute(commands, on: s, threads: 1)
        return s
    }

    static let maps: [Projective] = [0.0, 0.3, -0.7, 1.2, 1.5, 2.0, 3.0].flatMap { a in [cardMap(a), cardMap(a, tilt: 0.4)] }

    @Test func theCardOverItsOccludedShadowIsExactlyTheCardOverTheWholeShadow() {
        for (i, map) in Self.maps.enumerated() {
            let hinted = Self.draw(Self.commands(map, occluded: true)), plain = Self.draw(Self.commands(map, occluded: false))
            var diff = 0
            for y in 0..<Self.size.h { for x in 0..<Self.size.w where hinted[x, y] != plain[x, y] { diff += 1 } }
            #expect(diff == 0, "map \(i): \(diff) pixels differ")
        }
    }

    @Test func theShadowAloneLeavesTheCardsMiddleUntouched() {
        let background = Self.draw([])
        for (i, map) in Self.maps.enumerated() {
            let hinted = Self.draw(Self.commands(map, occluded: true, withCard: false))
            let plain = Self.draw(Self.commands(map, occluded: false, withCard: false))
            // Pixels the hint left as they were, though the shadow paints them.
            var skipped = 0, painted = 0
            for y in 0..<Self.size.h {
                for x in 0..<Self.size.w where plain[x, y] != background[x, y] {
                    painted += 1
                    if hinted[x, y] == background[x, y] { skipped += 1 } else { #expect(hinted[x, y] == plain[x, y]) }
                }
            }
            // Edge-on (a quarter turn) the card covers no whole pixel; otherwise most of it is skipped.
            let h = map.applyHomogeneous(x: 60, y: 45)
            let centre = (Int(h.x / h.z), Int(h.y / h.z))
            // (A plain translation takes the similarity path, which ignores the hint: a 2D card's
            // shadow is cut into bands around the card instead.)
            if abs(cos(Self.angle(i))) > 0.2 && i > 0 {
                #expect(hinted[centre.0, centre.1] == background[centre.0, centre.1], "map \(i)")
                #expect(skipped * 3 > painted, "map \(i): \(skipped) of \(painted) skipped")
            }
        }
    }

    static func angle(_ i: Int) -> Double { [0.0, 0.3, -0.7, 1.2, 1.5, 2.0, 3.0][i / 2] }

    @Test func theOccluderIsPartOfWhatACommandDraws() {
        let map = Self.cardMap(0.3)
        let a = Self.commands(map, occluded: true)[0], b = Self.commands(map, occluded: false)[0]
        #expect(a.drawsSame(as: a) && !a.drawsSame(as: b) && !b.drawsSame(as: a))
    }

    /// Hostile occluders: NaN, infinite or behind-the-eye maps and shapes skip nothing; huge
    /// finite ones draw without trapping.
    @Test func hostileOccludersSkipNothingAndNeverTrap() {
        let map = Self.cardMap(0.3)
        let plain = Self.draw(Self.commands(map, occluded: false, withCard: false))
        let nan = Double.nan, inf = Double.infinity
        let shapes = [RoundedRect(minX: nan, minY: 0, maxX: 120, maxY: 90), RoundedRect(minX: 0, minY: 0, maxX: inf, maxY: 90),
                      RoundedRect(minX: -inf, minY: -inf, maxX: inf, maxY: inf), RoundedRect(minX: 0, minY: nan, maxX: 120, maxY: nan)]
        // (A NaN corner radius is not hostile here: `RoundedRect` makes it 0, a square card.)
        let maps = [Projective(m11: nan, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1),
                    Projective(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: -1),
                    Projective(m11: 0, m12: 0, m13: 0, m21: 0, m22: 0, m23: 0, m31: 0, m32: 0, m33: 0)]
        var cases: [(RoundedRect, Projective)] = shapes.map { ($0, map.inverted()!) }
        cases += maps.map { (Self.card, $0) }
        for (k, (shape, inverse)) in cases.enumerated() {
            var c = Self.commands(map, occluded: false, withCard: false)
            c[0].clip.occluder = (shape: shape, deviceToLocal: inverse)
            let hinted = Self.draw(c)
            var diff = 0
            for y in 0..<Self.size.h { for x in 0..<Self.size.w where hinted[x, y] != plain[x, y] { diff += 1 } }
            #expect(diff == 0, "case \(k): \(diff) pixels skipped")
        }
        for huge in [1e19, 1e40, 1e150, 1e300] {
            var c = Self.commands(map, occluded: false, withCard: false)
            c[0].clip.occluder = (shape: RoundedRect(minX: -huge, minY: -huge, maxX: huge, maxY: huge, cornerRadius: huge / 10),
                                  deviceToLocal: map.inverted()!)
            _ = Self.draw(c)
        }
    }
}
