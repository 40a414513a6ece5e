/// The largest finite `Float`, as Darwin's `HUGE` (`MAXFLOAT`), so Apple code's
/// `repeatCount = HUGE` compiles and repeats (as good as) forever.
///
/// Glibc's `HUGE` is a compiler builtin that Swift cannot import, hence this definition.
public let HUGE: Float = .greatestFiniteMagnitude
