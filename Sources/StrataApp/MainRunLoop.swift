import Dispatch
import Foundation
import QuartzCore
import Raster

/// The main run loop as Apple platforms have it: the main dispatch queue drained on the main
/// thread (Foundation's `RunLoop.main` does so on Linux), and the implicit `CATransaction`
/// committed at the end of every turn, as Core Animation's run-loop observer does.
///
/// `dispatchMain()` would run main-queue blocks on a worker thread: `Thread.isMainThread` was
/// false there, and the main thread's implicit transaction (everything set up before `run()`)
/// was never committed.
enum MainRunLoop {
    /// Runs forever on the main thread; commits what was set up before it first.
    static func run() -> Never {
        guard Thread.isMainThread else {
            writeStandardError("StrataApp: the main run loop must be run from the main thread (top-level code in main.swift, or a @main type's main()); it was called from another thread\n")
            exit(70)
        }
        CATransaction.flush()
        while true {
            // One turn: a batch of main-queue blocks (window events, display-link ticks, app
            // code) or an input source; false only if the loop had nothing at all to wait on.
            if !RunLoop.main.run(mode: .default, before: .distantFuture) { usleep(1_000) }
            CATransaction.flush()
        }
    }

    /// Every signal that ends a program ends this one through `handler` (on the main queue),
    /// once: SIGQUIT used to print the runtime's backtrace and leave the process running. A
    /// main queue too busy to close within two seconds is not waited for.
    static func endOnTerminatingSignals(_ handler: @escaping @Sendable (Int32) -> Void) {
        guard !signalsInstalled.withLock({ let was = $0; $0 = true; return was }) else { return }
        let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
        var set = sigset_t()
        sigemptyset(&set)
        for sig in signals { sigaddset(&set, sig) }
        // A process started from a Dispatch thread inherits those signals blocked.
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for sig in signals {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { @Sendable in
                DispatchQueue.main.async { @Sendable in handler(128 + sig) }
                DispatchQueue.global().asyncAfter(deadline: .now() + 2) { _exit(128 + sig) }
            }
            source.resume()
            sources.withLock { $0.append(source) }
        }
    }

    /// Whether the signal handlers are installed (set once, from any thread).
    private static let signalsInstalled = LockedState(false)
    /// The signal sources, kept alive for the life of the process.
    private static let sources = LockedState<[any DispatchSourceSignal]>([])
}

/// Writes `message` to standard error unbuffered.
func writeStandardError(_ message: String) {
    FileHandle.standardError.write(Data(message.utf8))
}
