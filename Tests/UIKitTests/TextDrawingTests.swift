import Testing
import UIKit

private let font20 = UIFont.systemFont(ofSize: 20)

@Test func sizeWithAttributesMatchesCoreTextLine() {
    let attrs: [NSAttributedString.Key: Any] = [.font: font20]
    let size = "Hello".size(withAttributes: attrs)
    // The same layout as CTLine with the same font: same width, height ascent + descent.
    let line = CTLineCreateWithAttributedString(NSAttributedString(string: "Hello", attributes: [.font: font20.ctFont]))
    var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
    let width = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
    #expect(abs(size.width - width) < 1e-9 && width > 40)
    #expect(abs(size.height - (font20.ascender - font20.descender)) < 1e-9)
    #expect(NSString(string: "Hello").size(withAttributes: attrs) == size)
    #expect(NSAttributedString(string: "Hello", attributes: attrs).size() == size)
    // Default: the system font at 12 points.
    let small = "Hello".size(withAttributes: nil)
    #expect(abs(small.width - width * 12 / 20) < 1e-9)
    #expect("".size(withAttributes: attrs).width == 0)
    // Two paragraphs: two lines.
    let two = "Hello\nHello".size(withAttributes: attrs)
    #expect(abs(two.height - (2 * font20.ascender - font20.descender + (font20.ascender - font20.descender + font20.leading) - font20.ascender)) < 1e-9)
}

@Test func boundingRectWrapsWithLineFragmentOrigin() {
    let attrs: [NSAttributedString.Key: Any] = [.font: font20]
    let word = "Hello".size(withAttributes: attrs).width
    let wrapped = "Hello Hello Hello".boundingRect(with: CGSize(width: word * 1.5, height: .greatestFiniteMagnitude),
                                                   options: .usesLineFragmentOrigin, attributes: attrs, context: nil)
    #expect(wrapped.origin == .zero)
    #expect(abs(wrapped.width - word) < 1e-9)
    #expect(abs(wrapped.height - (2 * font20.lineHeight + font20.ascender - font20.descender)) < 1e-6)
    // Without it: one line, origin on the baseline.
    let single = "Hello Hello".boundingRect(with: CGSize(width: 10, height: 10), options: [], attributes: attrs, context: nil)
    #expect(abs(single.minY + font20.ascender) < 1e-9)
    #expect(single.width > 2 * word)
    let context = NSStringDrawingContext()
    _ = NSAttributedString(string: "Hi", attributes: attrs).boundingRect(with: CGSize(width: 100, height: 100),
                                                                        options: .usesLineFragmentOrigin, context: context)
    #expect(context.totalBounds.width > 0 && context.actualScaleFactor == 1)
}

@Test func drawnTextLandsUprightWhereAsked() {
    // A black "I" at 40 pt near the top-left: ink in the upper rows, none below the line.
    let image = UIGraphicsImageRenderer(size: CGSize(width: 60, height: 100)).image { _ in
        "I".draw(at: CGPoint(x: 10, y: 0), withAttributes: [.font: UIFont.systemFont(ofSize: 40), .foregroundColor: UIColor.red])
    }
    let f = UIFont.systemFont(ofSize: 40)
    let baseline = Int(f.ascender)            // 37.1: the baseline row
    let capTop = Int((f.ascender - f.capHeight).rounded(.up)) + 1
    var inkRows = Set<Int>(), inkColumns = Set<Int>()
    for y in 0..<100 { for x in 0..<60 where pixel(image, x, y) >> 24 > 128 { inkRows.insert(y); inkColumns.insert(x) } }
    #expect(inkRows.min()! >= capTop - 2 && inkRows.min()! <= capTop + 1)
    #expect(inkRows.max()! <= baseline && inkRows.max()! >= baseline - 1)
    #expect(inkColumns.min()! >= 10)
    // The ink is the foreground colour.
    let y = (capTop + baseline) / 2
    let x = inkColumns.sorted()[inkColumns.count / 2]
    #expect(pixel(image, x, y) == 0xFFFF_0000)
}

@Test func drawInRectWrapsClipsAndAligns() {
    let style = NSMutableParagraphStyle()
    style.alignment = .right
    let attrs: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 10), .foregroundColor: UIColor.black,
                                                .paragraphStyle: style]
    let image = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 40)).image { _ in
        "ii".draw(in: CGRect(x: 0, y: 0, width: 100, height: 12), withAttributes: attrs)
    }
    var columns = Set<Int>(), rows = Set<Int>()
    for y in 0..<40 { for x in 0..<100 where pixel(image, x, y) >> 24 > 0 { columns.insert(x); rows.insert(y) } }
    #expect(columns.min()! > 80 && columns.max()! <= 99)     // right-aligned
    #expect(rows.max()! < 12)                                 // clipped to the rect
    // Background colour fills the line box behind the glyphs.
    let bg = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 20)).image { _ in
        NSAttributedString(string: "ab", attributes: [.font: UIFont.systemFont(ofSize: 10), .backgroundColor: UIColor.blue,
                                                     .foregroundColor: UIColor.clear]).draw(at: .zero)
    }
    #expect(pixel(bg, 1, 1) == 0xFF00_00FF && pixel(bg, 39, 1) == 0)
}

@Test func underlineKernAndStrokeChangeTheInk() {
    func ink(_ attrs: [NSAttributedString.Key: Any]) -> (count: Int, maxX: Int, maxY: Int) {
        var all = attrs
        all[.font] = UIFont.systemFont(ofSize: 20)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 120, height: 40)).image { _ in
            "HH".draw(at: .zero, withAttributes: all)
        }
        var count = 0, maxX = 0, maxY = 0
        for y in 0..<40 { for x in 0..<120 where pixel(image, x, y) >> 24 > 128 { count += 1; maxX = max(maxX, x); maxY = max(maxY, y) } }
        return (count, maxX, maxY)
    }
    let plain = ink([:])
    let underlined = ink([.underlineStyle: NSUnderlineStyle.single.rawValue])
    #expect(underlined.maxY > plain.maxY)
    let kerned = ink([.kern: 10])
    #expect(kerned.maxX >= plain.maxX + 9 && kerned.maxX <= plain.maxX + 11)
    let outlined = ink([.strokeWidth: 3])
    #expect(outlined.count < plain.count)   // outline only: the stems are hollow
    #expect(ink([.strokeWidth: -3]).count > plain.count)   // fill and stroke: fatter
}

@Test func hostileStringsDrawNothingOrSafely() {
    let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { _ in
        _ = StrataDiagnostics.capture {
            "x".draw(at: CGPoint(x: CGFloat.nan, y: 0), withAttributes: nil)
            "x".draw(in: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 5), withAttributes: nil)
        }
        "x".draw(at: CGPoint(x: 1e300, y: 1e300), withAttributes: [.kern: Double.nan, .strokeWidth: Double.infinity])
        String(repeating: "\u{0}\u{FFFF}\u{D7FF}", count: 100).draw(in: CGRect(x: 0, y: 0, width: 0, height: 0), withAttributes: nil)
    }
    #expect(pixel(image, 10, 10) == 0)
    #expect("x".size(withAttributes: [.font: "not a font object" as NSString]).width > 0)
    #expect("x".size(withAttributes: [.font: 42]).width > 0)
    "x".draw(at: .zero, withAttributes: nil)  // no context
    #expect(String(repeating: "word ", count: 30_000).boundingRect(with: CGSize(width: 100, height: 100),
                                                                  options: .usesLineFragmentOrigin, attributes: nil, context: nil).height > 100)
}

@Test func paragraphStylesCopyAndCompare() {
    let s = NSMutableParagraphStyle()
    s.alignment = .center
    s.lineBreakMode = .byTruncatingTail
    s.lineSpacing = 4
    let copy = s.copy() as! NSParagraphStyle
    #expect(copy.alignment == .center && copy.lineBreakMode == .byTruncatingTail && copy.lineSpacing == 4)
    #expect(copy == s)
    #expect(NSParagraphStyle.default.alignment == .natural && NSParagraphStyle.default.lineBreakMode == .byWordWrapping)
    let m = copy.mutableCopy() as! NSMutableParagraphStyle
    m.alignment = .left
    #expect(copy.alignment == .center)
    #expect(NSTextAlignment.center.rawValue == 1 && NSLineBreakMode.byTruncatingTail.rawValue == 4)
    // Line spacing adds between lines.
    let attrs: [NSAttributedString.Key: Any] = [.font: font20, .paragraphStyle: s]
    let plainStyle: [NSAttributedString.Key: Any] = [.font: font20]
    #expect(abs("a\nb".size(withAttributes: attrs).height - "a\nb".size(withAttributes: plainStyle).height - 4) < 1e-9)
}
