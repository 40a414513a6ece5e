/// A layer that draws nothing itself and keeps its sublayers in its superlayer's 3D space
/// instead of flattening them into a plane.
///
/// As on Apple: its own background, border, contents and `masksToBounds` are ignored, its
/// opacity applies to each sublayer separately, and hit testing passes through to its sublayers.
open class CATransformLayer: CALayer {}
