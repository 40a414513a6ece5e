import Foundation
import Testing
@testable import CoreGraphics

@Suite struct AffineTransformTests {
    @Test func zeroInitializerIsAllZerosAndIdentityIsIdentity() {
        let zero = CGAffineTransform()
        #expect(zero == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        #expect(!zero.isIdentity)
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform.identity == CGAffineTransform(1, 0, 0, 1, 0, 0))
        #expect(!CGAffineTransform(translationX: 0, y: 1e-300).isIdentity)
    }

    @Test func rotatingUnitXByHalfPiGivesUnitY() {
        let p = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(p.x - 0) < 1e-12)
        #expect(abs(p.y - 1) < 1e-12)
    }

    @Test func pointMappingUsesRowVectorConvention() {
        // x' = a·x + c·y + tx = 2·3 + 5·4 + 7 = 33; y' = b·x + d·y + ty = 3·3 + 6·4 + 8 = 41.
        let t = CGAffineTransform(a: 2, b: 3, c: 5, d: 6, tx: 7, ty: 8)
        #expect(CGPoint(x: 3, y: 4).applying(t) == CGPoint(x: 33, y: 41))
    }

    @Test func concatenatingAppliesSelfFirst() {
        let t = CGAffineTransform(translationX: 1, y: 0).concatenating(CGAffineTransform(scaleX: 2, y: 2))
        #expect(t == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 2, ty: 0))
        #expect(CGPoint.zero.applying(t) == CGPoint(x: 2, y: 0))
    }

    @Test func translatedScaledRotatedPreConcatenate() {
        // The new operation happens first, then the existing transform.
        let s = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 1, y: 1)
        #expect(s == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 2, ty: 3))
        let t = CGAffineTransform(translationX: 5, y: 5).scaledBy(x: 2, y: 2)
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 7, y: 7))
        let r = CGAffineTransform(translationX: 10, y: 20).rotated(by: .pi / 2)
        let p = CGPoint(x: 1, y: 0).applying(r)
        #expect(abs(p.x - 10) < 1e-12 && abs(p.y - 21) < 1e-12)
        let base = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(base.rotated(by: 0.3) == CGAffineTransform(rotationAngle: 0.3).concatenating(base))
        #expect(base.scaledBy(x: 2, y: -1) == CGAffineTransform(scaleX: 2, y: -1).concatenating(base))
        #expect(base.translatedBy(x: 2, y: -1) == CGAffineTransform(translationX: 2, y: -1).concatenating(base))
    }

    @Test func invertedUndoesTheTransform() {
        // det = 2·1 − 1·1 = 1; inverse worked out by hand.
        let t = CGAffineTransform(a: 2, b: 1, c: 1, d: 1, tx: 3, ty: 4)
        #expect(t.inverted() == CGAffineTransform(a: 1, b: -1, c: -1, d: 2, tx: 1, ty: -5))
        #expect(CGPoint(x: 3, y: 4).applying(t.inverted()) == .zero)
        #expect(t.concatenating(t.inverted()).isIdentity)
    }

    @Test func invertingASingularTransformReturnsItUnchanged() {
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 6)
        #expect(singular.inverted() == singular)
        #expect(CGAffineTransform(scaleX: 0, y: 1).inverted() == CGAffineTransform(scaleX: 0, y: 1))
    }

    @Test func sizeIgnoresTranslation() {
        let shear = CGAffineTransform(a: 1, b: 0, c: 1, d: 1, tx: 100, ty: 100)
        #expect(CGSize(width: 2, height: 3).applying(shear) == CGSize(width: 5, height: 3))
    }

    @Test func rectMapsToBoundingBoxOfCorners() {
        let r = CGRect(x: 0, y: 0, width: 100, height: 100).applying(CGAffineTransform(rotationAngle: .pi / 4))
        let diagonal = 100 * 2.0.squareRoot() // 141.42135623730951
        #expect(abs(r.width - diagonal) < 1e-9)
        #expect(abs(r.height - diagonal) < 1e-9)
        #expect(abs(r.minX + diagonal / 2) < 1e-9)
        #expect(abs(r.minY) < 1e-9)
        let moved = CGRect(x: 1, y: 2, width: 3, height: 4).applying(CGAffineTransform(a: -1, b: 0, c: 0, d: 2, tx: 10, ty: 0))
        #expect(moved == CGRect(x: 6, y: 4, width: 3, height: 8))
    }

    @Test func nullRectStaysNull() {
        #expect(CGRect.null.applying(CGAffineTransform(translationX: 5, y: 5)).isNull)
    }

    @Test func codableUsesSixUnkeyedNumbers() throws {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let json = try JSONEncoder().encode(t)
        #expect(String(decoding: json, as: UTF8.self) == "[1,2,3,4,5,6]")
        #expect(try JSONDecoder().decode(CGAffineTransform.self, from: json) == t)
    }
}
