// A window with a few cards: they float (an additive animation), a click hit-tests the
// presentation tree and lifts the card under the pointer, a drag moves it, and keys shuffle the
// cards (`l`) or spin the ring (`r`). Written as for Core Animation on iOS or macOS.
import QuartzCore
import StrataApp

let size = CGSize(width: 640, height: 400)

let root = CAGradientLayer()
root.colors = [CGColor(red: 0.09, green: 0.10, blue: 0.14, alpha: 1), CGColor(red: 0.16, green: 0.12, blue: 0.22, alpha: 1)]
root.startPoint = CGPoint(x: 0, y: 0)
root.endPoint = CGPoint(x: 1, y: 1)

let title = CATextLayer()
title.string = "Click a card · drag it · l: shuffle · r: spin"
title.fontSize = 18
title.foregroundColor = CGColor(gray: 0.85, alpha: 1)
title.frame = CGRect(x: 24, y: 358, width: 592, height: 26)
root.addSublayer(title)

/// A card: a rounded layer with a label, a shadow drawn from its path (cheap: see README's
/// performance notes) and a name the click handler reports.
func makeCard(_ name: String, color: CGColor) -> CALayer {
    let card = CALayer()
    card.name = name
    card.bounds = CGRect(x: 0, y: 0, width: 150, height: 96)
    card.cornerRadius = 14
    card.backgroundColor = color
    card.shadowOpacity = 0.4
    card.shadowRadius = 10
    card.shadowOffset = CGSize(width: 0, height: 6)           // y down: the shadow falls below
    card.shadowPath = CGPath(roundedRect: card.bounds, cornerWidth: 14, cornerHeight: 14, transform: nil)
    let label = CATextLayer()
    label.string = name
    label.fontSize = 22
    label.alignmentMode = .center
    label.foregroundColor = CGColor.white
    label.frame = CGRect(x: 0, y: 32, width: 150, height: 32)
    card.addSublayer(label)
    return card
}

let cards = [
    makeCard("Red", color: CGColor(red: 0.90, green: 0.32, blue: 0.30, alpha: 1)),
    makeCard("Green", color: CGColor(red: 0.25, green: 0.70, blue: 0.45, alpha: 1)),
    makeCard("Blue", color: CGColor(red: 0.25, green: 0.50, blue: 0.95, alpha: 1)),
]
var slots = [CGPoint(x: 140, y: 170), CGPoint(x: 320, y: 170), CGPoint(x: 500, y: 170)]
for (i, card) in cards.enumerated() {
    card.position = slots[i]
    root.addSublayer(card)
    // Float up and down around wherever the model puts the card (additive), each out of phase.
    let float = CABasicAnimation(keyPath: "position.y")
    float.fromValue = -8
    float.toValue = 8
    float.isAdditive = true
    float.duration = 1.6
    float.autoreverses = true
    float.repeatCount = .infinity
    float.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    float.timeOffset = Double(i) * 0.5
    card.add(float, forKey: "float")
}

// A progress ring that turns: a shape layer's stroke, rotated by a repeating animation.
let ring = CAShapeLayer()
ring.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
ring.position = CGPoint(x: 320, y: 300)
ring.path = CGPath(ellipseIn: ring.bounds.insetBy(dx: 6, dy: 6), transform: nil)
ring.fillColor = nil
ring.strokeColor = CGColor(red: 0.95, green: 0.75, blue: 0.30, alpha: 1)
ring.lineWidth = 6
ring.lineCap = .round
ring.strokeEnd = 0.7
root.addSublayer(ring)
func spin(_ layer: CALayer, duration: CFTimeInterval) {
    let turn = CABasicAnimation(keyPath: "transform.rotation.z")
    turn.fromValue = 0
    turn.toValue = 2 * Double.pi
    turn.duration = duration
    turn.repeatCount = .infinity
    layer.add(turn, forKey: "spin")
}
spin(ring, duration: 1.5)

let window = try LayerWindow(title: "Strata · WindowApp", size: size, root: root)

/// The card under a point of the window, as drawn now: the presentation tree is where the
/// animations have put the layers, so a floating card is hit where it is seen.
@MainActor func card(at point: CGPoint) -> CALayer? {
    var layer = root.presentation()?.hitTest(point)
    while let l = layer, l.name == nil { layer = l.superlayer }   // the label → its card
    return layer.map { $0.model() }
}

var lifted: CALayer?
window.onTap = { tap in
    let hit = card(at: tap.location)
    window.hudLines = ["hit: \(hit?.name ?? "nothing")"]
    print("hit", hit?.name ?? "nothing")
    // Implicit animations: the old card settles, the new one grows and comes to the front.
    lifted?.transform = CATransform3DIdentity
    lifted?.zPosition = 0
    hit?.transform = CATransform3DMakeScale(1.15, 1.15, 1)
    hit?.zPosition = 1
    lifted = hit
}

var dragged: CALayer?
window.onPan = { pan in
    if pan.state == .began { dragged = card(at: pan.location) }
    guard let dragged else { return }
    CATransaction.begin()
    CATransaction.setDisableActions(true)                      // follow the pointer exactly
    dragged.position.x += pan.delta.x
    dragged.position.y += pan.delta.y
    CATransaction.commit()
    if pan.state == .ended { slots = cards.map(\.position) }
}

window.onKey = { key in
    switch key.character {
    case "l":
        // Shuffle the cards' places; each move is an implicit animation of 0.6 s.
        slots.append(slots.removeFirst())
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.6)
        for (card, slot) in zip(cards, slots) { card.position = slot }
        CATransaction.commit()
    case "r":
        spin(ring, duration: ring.animation(forKey: "spin")?.duration == 1.5 ? 0.4 : 1.5)
    default:
        break
    }
}

window.run()
