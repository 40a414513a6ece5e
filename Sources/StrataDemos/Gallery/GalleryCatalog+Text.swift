import QuartzCore

extension GalleryCatalog {
    /// The gallery's `CATextLayer` exhibits.
    static var textItems: [GalleryItem] { [typingText] }

    /// The line the typing exhibit types.
    static let typedLine = "Hello, Core Animation!"

    /// A text layer that types itself: a mask over the text widens one character at a time (a
    /// discrete keyframe animation of its bounds, the widths measured with `CTLine`), a caret
    /// follows it and blinks. Everything moves through the engine, as it would on Apple.
    static let typingText = GalleryItem(name: "typing text") { size in
        let cell = CALayer()
        cell.bounds = CGRect(origin: .zero, size: size)
        // The largest size (up to 28 pt) at which the whole line fits the cell.
        let unit = CTLineCreateWithAttributedString(NSAttributedString(
            string: typedLine, attributes: [.font: CTFontCreateWithName("DejaVu Sans" as CFString, 10, nil)]))
        let widthAt10 = max(1, CGFloat(CTLineGetTypographicBounds(unit, nil, nil, nil)))
        let fontSize = max(6, min(28, 10 * (size.width - 20) / widthAt10))
        let text = CATextLayer()
        text.name = "typing text"
        text.string = typedLine
        text.fontSize = fontSize
        text.foregroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, fontSize, nil)
        let lineHeight = (CTFontGetAscent(font) + CTFontGetDescent(font) + CTFontGetLeading(font)).rounded(.up)
        text.bounds = CGRect(x: 0, y: 0, width: size.width - 16, height: lineHeight)
        text.position = CGPoint(x: size.width / 2, y: size.height / 2)
        cell.addSublayer(text)

        // The width of each prefix of the line, as the text layer lays it out.
        let scalars = Array(typedLine.unicodeScalars)
        let widths: [CGFloat] = (0...scalars.count).map { n in
            var s = String.UnicodeScalarView()
            s.append(contentsOf: scalars[0..<n])
            let line = CTLineCreateWithAttributedString(NSAttributedString(string: String(s), attributes: [.font: font]))
            return CGFloat(CTLineGetTypographicBounds(line, nil, nil, nil))
        }
        let typing = 2.4, hold = 1.2, total = typing + hold
        // Discrete keyframes: one more key time than values, the last one 1 (Apple's rule).
        let keyTimes = (0...scalars.count).map { NSNumber(value: Double($0) / Double(scalars.count) * typing / total) } + [1]

        let reveal = CALayer()
        reveal.backgroundColor = CGColor.black
        reveal.anchorPoint = .zero
        reveal.position = .zero
        reveal.bounds = CGRect(x: 0, y: 0, width: 0, height: lineHeight)
        text.mask = reveal
        let grow = CAKeyframeAnimation(keyPath: "bounds")
        grow.values = widths.map { CGRect(x: 0, y: 0, width: $0, height: lineHeight) }
        grow.keyTimes = keyTimes
        grow.calculationMode = .discrete
        grow.duration = total
        grow.repeatCount = .infinity
        reveal.add(grow, forKey: "typing")

        let caret = CALayer()
        caret.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 1, alpha: 1)
        caret.bounds = CGRect(x: 0, y: 0, width: max(1, fontSize / 12), height: lineHeight)
        caret.anchorPoint = CGPoint(x: 0, y: 0)
        caret.position = CGPoint(x: text.frame.minX, y: text.frame.minY)
        cell.addSublayer(caret)
        let follow = CAKeyframeAnimation(keyPath: "position.x")
        follow.values = widths.map { text.frame.minX + $0 }
        follow.keyTimes = keyTimes
        follow.calculationMode = .discrete
        follow.duration = total
        follow.repeatCount = .infinity
        caret.add(follow, forKey: "typing")
        let blink = CAKeyframeAnimation(keyPath: "opacity")
        blink.values = [1, 0]
        blink.keyTimes = [0, 0.5, 1]
        blink.calculationMode = .discrete
        blink.duration = 0.6
        blink.repeatCount = .infinity
        caret.add(blink, forKey: "blink")
        return cell
    }
}
