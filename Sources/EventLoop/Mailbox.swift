import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hands work from other threads (HTTP replies, signal handlers) to the main thread's loop.
///
/// `post` may be called from any thread: it queues the action and writes one byte to a pipe,
/// so a loop blocked in `poll()` on `wakeFD` wakes up and calls `drain()`.
public final class Mailbox: Sendable {
    private let pending = Mutex<[@Sendable @MainActor () -> Void]>([])
    /// The read end of the wake-up pipe; poll it for input.
    public let wakeFD: Int32
    /// The write end: a signal handler may write one byte here to wake the loop.
    public let writeFD: Int32

    public init() {
        var fds: [Int32] = [-1, -1]
        // Without a pipe (no descriptors left) nothing wakes the loop early, but timers and
        // input still do: waits time out as usual, and `poll()` ignores a descriptor of -1.
        if pipe(&fds) != 0 { fds = [-1, -1] }
        for fd in fds where fd >= 0 { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        for fd in fds where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        wakeFD = fds[0]
        writeFD = fds[1]
    }

    deinit {
        if wakeFD >= 0 { close(wakeFD) }
        if writeFD >= 0 { close(writeFD) }
    }

    /// Queues `action` to run on the main actor at the loop's next turn; safe from any thread.
    public func post(_ action: @escaping @Sendable @MainActor () -> Void) {
        pending.withLock { $0.append(action) }
        wake()
    }

    /// Wakes the loop without queuing work; async-signal-safe (only `write`).
    public func wake() {
        guard writeFD >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    /// Empties the pipe and runs every queued action, in the order posted.
    @MainActor
    public func drain() {
        var sink = [UInt8](repeating: 0, count: 256)
        while wakeFD >= 0, sink.withUnsafeMutableBytes({ read(wakeFD, $0.baseAddress, $0.count) }) > 0 {}
        let actions = pending.withLock { queued in
            defer { queued = [] }
            return queued
        }
        for action in actions { action() }
    }
}
