/// A fill command a renderer keeps from one frame to the next (a still subtree's drawing): its
/// `drawingHash`, computed once, and where it lands on a surface of a given size, learnt the
/// first time it is prepared for one. Comparing two frames, copies of one kept command match
/// without comparing their values; preparing a frame, a kept command whose place is known need
/// not be prepared unless a redraw reaches it (`PreparedCommands(_:width:height:defersKnown:)`).
///
/// Only the thread that prepares frames reads or writes `placement` (CARenderer's
/// `prepareFrame`, which is serial); the drawing thread reads the copies `PreparedCommands` made.
package final class RetainedCommand: @unchecked Sendable {
    /// The command's `drawingHash`, from its values.
    package let hash: Int
    /// The surface size it was prepared for, the device pixels it may touch there, and whether
    /// one of its fills steps along rows (`PreparedFill.stepsAlongRows`).
    var placement: (width: Int, height: Int, bounds: IntRect, steps: Bool)?

    /// A token for `command` (which must not already carry another).
    package init(for command: FillCommand) {
        hash = command.contentHash
    }
}
