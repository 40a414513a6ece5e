import Foundation

// Stand-in until `uikit-values` lands the per-thread context stack (UIGraphicsPushContext,
// UIGraphicsPopContext, UIGraphicsGetCurrentContext are theirs): removed at the merge.
nonisolated(unsafe) private var contextStack: [CGContext] = []
func UIGraphicsPushContext(_ ctx: CGContext) { contextStack.append(ctx) }
func UIGraphicsPopContext() { _ = contextStack.popLast() }
func UIGraphicsGetCurrentContext() -> CGContext? { contextStack.last }
