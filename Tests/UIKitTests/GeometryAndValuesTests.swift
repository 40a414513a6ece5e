import Testing
import UIKit

@Test func edgeInsetsInsetRectsExactly() {
    let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    #expect(CGRect(x: 10, y: 20, width: 100, height: 50).inset(by: insets) == CGRect(x: 12, y: 21, width: 94, height: 46))
    #expect(CGRect(x: 0, y: 0, width: 4, height: 4).inset(by: UIEdgeInsets(top: -1, left: -1, bottom: -1, right: -1))
        == CGRect(x: -1, y: -1, width: 6, height: 6))
    #expect(CGRect.null.inset(by: insets).isNull)
    #expect(UIEdgeInsetsInsetRect(CGRect(x: 0, y: 0, width: 10, height: 10), insets) == CGRect(x: 2, y: 1, width: 4, height: 6))
    #expect(UIEdgeInsets.zero == UIEdgeInsets() && UIEdgeInsetsMake(1, 2, 3, 4) == insets)
    #expect(insets.description == "{1.0, 2.0, 3.0, 4.0}")
    #expect(UIOffset(horizontal: 3, vertical: -2) != .zero)
    #expect(UIRectCorner.allCorners.contains([.topLeft, .topRight, .bottomLeft, .bottomRight]))
    #expect(UIRectCorner.topLeft.rawValue == 1 && UIRectCorner.bottomRight.rawValue == 8)
}

@Test func geometryBoxesRoundTrip() {
    let insets = UIEdgeInsets(top: 1.5, left: 2, bottom: 3, right: -4)
    #expect(NSValue(uiEdgeInsets: insets).uiEdgeInsetsValue == insets)
    #expect(NSValue(uiOffset: UIOffset(horizontal: 7, vertical: 8)).uiOffsetValue == UIOffset(horizontal: 7, vertical: 8))
    #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
    #expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
    #expect(NSValue(cgAffineTransform: CGAffineTransform(scaleX: 2, y: 3)).cgAffineTransformValue == CGAffineTransform(scaleX: 2, y: 3))
    var messages: [String] = []
    var wrong = UIEdgeInsets(top: 9, left: 9, bottom: 9, right: 9)
    messages = StrataDiagnostics.capture { wrong = NSValue(cgPoint: .zero).uiEdgeInsetsValue }
    #expect(wrong == .zero && messages.count == 1)
}
