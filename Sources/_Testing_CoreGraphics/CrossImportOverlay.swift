// Swift Testing declares a cross-import overlay named `_Testing_CoreGraphics` for any module named
// `CoreGraphics` (Testing.swiftmodule's `.swiftcrossimport/CoreGraphics.swiftoverlay`), so a file
// that imports both `Testing` and `CoreGraphics` (which `import QuartzCore` re-exports) makes the
// compiler load that module. On Apple platforms it ships with the toolchain and adds image
// attachments; the Linux toolchain does not ship it, so the build failed with "no such module".
//
// This empty module is that overlay: the `CoreGraphics` and `QuartzCore` products carry it, so a
// user's test target that depends on either finds it next to `CoreGraphics`. It adds nothing
// (Strata has no `Attachable` conformances for CGImage yet).
