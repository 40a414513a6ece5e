// Swift Testing declares a cross-import overlay named `_Testing_UIKit` for any module named
// `UIKit`, as it does `_Testing_CoreGraphics` for CoreGraphics (see that target's file): a test
// file importing both `Testing` and `UIKit` makes the compiler load it. The Linux toolchain does
// not ship it, so this empty module stands in; the `UIKit` product carries it.
