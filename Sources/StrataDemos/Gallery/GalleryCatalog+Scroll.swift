import QuartzCore

extension GalleryCatalog {
    /// The gallery's `CAScrollLayer` exhibits.
    static var scrollItems: [GalleryItem] {
        [GalleryItem(name: "scroll layer", make: makeScrollExhibit)]
    }

    /// A list of coloured rows in a `CAScrollLayer` that scrolls down in steps, as repeated
    /// `scroll(to:)` calls would, and back to the top (a keyframe animation of `bounds`).
    @Sendable static func makeScrollExhibit(_ size: CGSize) -> CALayer {
        let exhibit = CALayer()
        exhibit.frame = CGRect(origin: .zero, size: size)
        let inset: CGFloat = 10
        let scroll = CAScrollLayer()
        scroll.name = "scroll layer"
        scroll.scrollMode = .vertically
        scroll.frame = exhibit.bounds.insetBy(dx: inset, dy: inset)
        scroll.backgroundColor = CGColor(red: 0.05, green: 0.05, blue: 0.07, alpha: 1)
        scroll.cornerRadius = 4
        // Enough rows for the content to be 2.5 × the layer's height: there is always somewhere to scroll.
        let rowHeight: CGFloat = 24, gap: CGFloat = 4
        let rowCount = max(14, Int((2.5 * scroll.bounds.height / (rowHeight + gap)).rounded(.up)))
        let width = scroll.bounds.width
        for i in 0..<rowCount {
            let hue = Double(i % 14) / 14
            let row = CALayer()
            row.frame = CGRect(x: 4, y: 4 + CGFloat(i) * (rowHeight + gap), width: max(1, width - 8), height: rowHeight)
            row.backgroundColor = rowColor(hue)
            row.cornerRadius = 3
            let icon = CALayer()
            icon.frame = CGRect(x: 4, y: 4, width: rowHeight - 8, height: rowHeight - 8)
            icon.backgroundColor = CGColor(gray: 1, alpha: 0.85)
            icon.cornerRadius = (rowHeight - 8) / 2
            row.addSublayer(icon)
            let bar = CALayer()
            bar.frame = CGRect(x: rowHeight + 2, y: rowHeight / 2 - 3, width: max(1, (width - 8 - rowHeight - 8) * (0.4 + 0.5 * ((hue * 7).truncatingRemainder(dividingBy: 1)))), height: 6)
            bar.backgroundColor = CGColor(gray: 1, alpha: 0.5)
            bar.cornerRadius = 3
            row.addSublayer(bar)
            scroll.addSublayer(row)
        }
        // Stops a third of the content apart, each held, then back to the top.
        let contentHeight = 8 + CGFloat(rowCount) * (rowHeight + gap)
        let travel = max(0, contentHeight - scroll.bounds.height)
        let b = scroll.bounds
        let stops = [0, travel / 3, 2 * travel / 3, travel]
        var values: [Any] = []
        var times: [NSNumber] = []
        let legs = stops.count      // three moves down, one back up
        for (k, y) in stops.enumerated() {
            let t0 = Double(k) / Double(legs)
            values.append(CGRect(x: b.minX, y: y, width: b.width, height: b.height)); times.append(NSNumber(value: t0))
            values.append(CGRect(x: b.minX, y: y, width: b.width, height: b.height)); times.append(NSNumber(value: t0 + 0.6 / Double(legs)))
        }
        values.append(CGRect(x: b.minX, y: 0, width: b.width, height: b.height)); times.append(1)
        let animation = CAKeyframeAnimation(keyPath: "bounds")
        animation.values = values
        animation.keyTimes = times
        animation.duration = 6
        animation.repeatCount = .infinity
        scroll.add(animation, forKey: "scroll")
        exhibit.addSublayer(scroll)
        return exhibit
    }

    /// A muted colour around the hue circle (`hue` in 0…1).
    private static func rowColor(_ hue: Double) -> CGColor {
        func channel(_ offset: Double) -> Double {
            let k = (hue * 6 + offset).truncatingRemainder(dividingBy: 6)
            return 0.75 - 0.75 * 0.55 * max(0, min(1, min(k, 4 - k)))
        }
        return CGColor(red: channel(5), green: channel(3), blue: channel(1), alpha: 1)
    }
}
