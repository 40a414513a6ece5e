import QuartzCore

extension GalleryCatalog {
    /// The gallery's `CAEmitterLayer` exhibits.
    static var emitterItems: [GalleryItem] {
        [GalleryItem(name: "confetti", make: confetti),
         GalleryItem(name: "fire", make: fire)]
    }

    /// Coloured paper squares falling and turning from a line along the top.
    @Sendable static func confetti(_ size: CGSize) -> CALayer {
        let emitter = CAEmitterLayer()
        emitter.bounds = CGRect(origin: .zero, size: size)
        emitter.position = CGPoint(x: size.width / 2, y: size.height / 2)
        emitter.masksToBounds = true
        emitter.emitterShape = .line
        emitter.emitterPosition = CGPoint(x: size.width / 2, y: -4)
        emitter.emitterSize = CGSize(width: size.width, height: 1)
        emitter.seed = 7
        let paper = particleImage(side: 8) { ctx, side in
            ctx.setFillColor(CGColor.white)
            ctx.fill(CGRect(x: 0, y: side * 0.2, width: side, height: side * 0.6))
        }
        let colours: [CGColor] = [CGColor(red: 0.95, green: 0.25, blue: 0.3, alpha: 1),
                                  CGColor(red: 1, green: 0.8, blue: 0.1, alpha: 1),
                                  CGColor(red: 0.2, green: 0.7, blue: 0.35, alpha: 1),
                                  CGColor(red: 0.25, green: 0.5, blue: 1, alpha: 1)]
        emitter.emitterCells = colours.enumerated().map { i, colour in
            let cell = CAEmitterCell()
            cell.name = "paper\(i)"
            cell.contents = paper
            cell.color = colour
            cell.birthRate = 6
            cell.lifetime = Float(size.height / 40) + 2
            cell.velocity = 50
            cell.velocityRange = 30
            cell.emissionLongitude = .pi / 2
            cell.emissionRange = .pi / 4
            cell.yAcceleration = 30
            cell.spin = 3
            cell.spinRange = 6
            cell.scale = 1
            cell.scaleRange = 0.5
            cell.redRange = 0.1
            cell.greenRange = 0.1
            return cell
        }
        return emitter
    }

    /// Flames: soft orange blobs rising from the bottom, shrinking and fading, added together
    /// (`renderMode` additive).
    @Sendable static func fire(_ size: CGSize) -> CALayer {
        let emitter = CAEmitterLayer()
        emitter.bounds = CGRect(origin: .zero, size: size)
        emitter.position = CGPoint(x: size.width / 2, y: size.height / 2)
        emitter.backgroundColor = CGColor(red: 0.08, green: 0.05, blue: 0.05, alpha: 1)
        emitter.masksToBounds = true
        emitter.emitterShape = .rectangle
        emitter.emitterMode = .surface
        emitter.emitterPosition = CGPoint(x: size.width / 2, y: size.height * 0.88)
        emitter.emitterSize = CGSize(width: size.width * 0.3, height: 4)
        emitter.renderMode = .additive
        emitter.seed = 3
        let blob = particleImage(side: 32) { ctx, side in
            let space = CGColorSpaceCreateDeviceRGB()
            if let g = CGGradient(colorsSpace: space, colors: [CGColor(gray: 1, alpha: 1), CGColor(gray: 1, alpha: 0)],
                                  locations: [0, 1]) {
                let c = CGPoint(x: side / 2, y: side / 2)
                ctx.drawRadialGradient(g, startCenter: c, startRadius: 0, endCenter: c, endRadius: side / 2, options: [])
            }
        }
        let flame = CAEmitterCell()
        flame.name = "flame"
        flame.contents = blob
        flame.birthRate = 90
        flame.lifetime = 1.1
        flame.lifetimeRange = 0.4
        flame.velocity = size.height * 0.45
        flame.velocityRange = size.height * 0.15
        flame.emissionLongitude = -.pi / 2
        flame.emissionRange = .pi / 8
        flame.scale = max(0.3, size.width / 160)
        flame.scaleSpeed = -0.5
        flame.color = CGColor(red: 1, green: 0.45, blue: 0.12, alpha: 0.35)
        flame.alphaSpeed = -0.3
        flame.greenSpeed = -0.25
        flame.spin = 1
        flame.spinRange = 2
        emitter.emitterCells = [flame]
        return emitter
    }

    /// A `side` × `side` image drawn by `draw` (for particle contents; made in code, no files).
    static func particleImage(side: Int, _ draw: (CGContext, CGFloat) -> Void) -> CGImage? {
        guard let ctx = CGContext(data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        draw(ctx, CGFloat(side))
        return ctx.makeImage()
    }
}
