// Renders an animated scene without a window: a PNG per frame, then a contact sheet of every
// fourth frame, itself a layer tree (image contents and text layers) rendered the same way.
//
//   swift run HeadlessRender [OUTPUT-FOLDER]        (default: ./frames)
//
// Time is a manual media clock, so every run writes the same pixels: no X server, no waiting.
import Foundation
import QuartzCore

let size = CGSize(width: 320, height: 200)
let fps = 24.0
let frameCount = 24                                   // one second

/// The scene: a ball bouncing along a keyframed path, a square turning and a bar filling.
func makeScene() -> CALayer {
    let root = CAGradientLayer()
    root.frame = CGRect(origin: .zero, size: size)
    root.colors = [CGColor(red: 0.97, green: 0.96, blue: 0.92, alpha: 1), CGColor(red: 0.85, green: 0.90, blue: 0.97, alpha: 1)]

    let ball = CALayer()
    ball.bounds = CGRect(x: 0, y: 0, width: 36, height: 36)
    ball.cornerRadius = 18
    ball.backgroundColor = CGColor(red: 0.90, green: 0.30, blue: 0.25, alpha: 1)
    ball.position = CGPoint(x: 290, y: 150)
    root.addSublayer(ball)
    let bounce = CAKeyframeAnimation(keyPath: "position")
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 30, y: 150))
    path.addQuadCurve(to: CGPoint(x: 120, y: 150), control: CGPoint(x: 75, y: -30))
    path.addQuadCurve(to: CGPoint(x: 200, y: 150), control: CGPoint(x: 160, y: 30))
    path.addQuadCurve(to: CGPoint(x: 290, y: 150), control: CGPoint(x: 245, y: 70))
    bounce.path = path
    bounce.duration = 1
    bounce.calculationMode = .paced
    ball.add(bounce, forKey: "bounce")

    let square = CALayer()
    square.bounds = CGRect(x: 0, y: 0, width: 44, height: 44)
    square.position = CGPoint(x: 270, y: 50)
    square.cornerRadius = 6
    square.backgroundColor = CGColor(red: 0.25, green: 0.45, blue: 0.85, alpha: 1)
    root.addSublayer(square)
    let turn = CABasicAnimation(keyPath: "transform.rotation.z")
    turn.fromValue = 0
    turn.toValue = Double.pi / 2
    turn.duration = 1
    turn.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    square.add(turn, forKey: "turn")

    let track = CALayer()
    track.frame = CGRect(x: 20, y: 182, width: 280, height: 8)
    track.cornerRadius = 4
    track.backgroundColor = CGColor(gray: 0, alpha: 0.12)
    root.addSublayer(track)
    let bar = CALayer()
    bar.anchorPoint = CGPoint(x: 0, y: 0.5)
    bar.frame = track.frame
    bar.cornerRadius = 4
    bar.backgroundColor = CGColor(red: 0.30, green: 0.70, blue: 0.45, alpha: 1)
    root.addSublayer(bar)
    let fill = CABasicAnimation(keyPath: "bounds.size.width")
    fill.fromValue = 8
    fill.toValue = 280
    fill.duration = 1
    bar.add(fill, forKey: "fill")
    return root
}

/// Frames 0..<count of the scene at `fps`, as images.
func renderFrames(count: Int) -> [CGImage] {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let root = makeScene()
        let renderer = CARenderer(width: Int(size.width), height: Int(size.height))
        renderer.layer = root
        // No run loop turns here to commit the scene: commit it, as Apple advises for threads
        // without one (a renderer never commits on the app's behalf).
        CATransaction.flush()
        return (0..<count).map { k in
            let t = Double(k) / fps
            clock.set(t)
            renderer.beginFrame(atTime: t)
            renderer.render()
            renderer.endFrame()
            return renderer.makeImage()
        }
    }
}

/// A contact sheet: the frames as image contents of a grid of layers, each with its time.
func contactSheet(_ frames: [CGImage], columns: Int) -> CGImage {
    let cell = CGSize(width: size.width / 2, height: size.height / 2 + 22)
    let rows = (frames.count + columns - 1) / columns
    let sheetSize = CGSize(width: CGFloat(columns) * (cell.width + 8) + 8, height: CGFloat(rows) * (cell.height + 8) + 8)
    let sheet = CALayer()
    sheet.frame = CGRect(origin: .zero, size: sheetSize)
    sheet.backgroundColor = CGColor(gray: 0.15, alpha: 1)
    for (i, image) in frames.enumerated() {
        let x = 8 + CGFloat(i % columns) * (cell.width + 8), y = 8 + CGFloat(i / columns) * (cell.height + 8)
        let thumb = CALayer()
        thumb.frame = CGRect(x: x, y: y, width: cell.width, height: cell.height - 22)
        thumb.contents = image
        thumb.contentsGravity = .resizeAspect
        thumb.minificationFilter = .trilinear
        sheet.addSublayer(thumb)
        let label = CATextLayer()
        label.string = String(format: "frame %d · t = %.2f s", i * 4, Double(i * 4) / fps)
        label.fontSize = 12
        label.foregroundColor = CGColor(gray: 0.85, alpha: 1)
        label.frame = CGRect(x: x, y: y + cell.height - 19, width: cell.width, height: 16)
        sheet.addSublayer(label)
    }
    let renderer = CARenderer(width: Int(sheetSize.width), height: Int(sheetSize.height))
    renderer.layer = sheet
    CATransaction.flush()
    renderer.beginFrame(atTime: 0)
    renderer.render()
    renderer.endFrame()
    return renderer.makeImage()
}

let folder = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "frames")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let frames = renderFrames(count: frameCount)
for (k, image) in frames.enumerated() {
    try image.writePNG(to: folder.appendingPathComponent(String(format: "frame-%03d.png", k)))
}
let sheet = contactSheet(stride(from: 0, to: frames.count, by: 4).map { frames[$0] }, columns: 3)
try sheet.writePNG(to: folder.appendingPathComponent("contact-sheet.png"))
print("wrote \(frames.count) frames and contact-sheet.png (\(sheet.width) × \(sheet.height)) to \(folder.path)")
