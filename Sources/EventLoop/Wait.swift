#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way vmsh waits: until a time-out passes, input arrives on a descriptor, or the
/// wake-up pipe is written (work posted from another thread, a signal). Nothing else in vmsh
/// calls `poll()` (but `HelperProgram`, on its child's pipes alone), so the script runner, the
/// interactive loop and `wait` sleep alike.
public enum Wait {
    /// What ended a sleep.
    public enum Reason: Equatable, Sendable {
        /// The time-out passed.
        case timeout
        /// The input descriptor is readable, or closed.
        case input
        /// The wake-up pipe was written.
        case wakeUp
    }

    /// Sleeps for at most `timeout` (forever when nil) until `input` is readable or `wakeFD`
    /// is written. A negative descriptor is ignored.
    public static func sleep(for timeout: Duration?, input: Int32 = -1, wakeFD: Int32 = -1) -> Reason {
        if let timeout, timeout <= .zero, input < 0 { return .timeout }
        var descriptors = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0),
        ]
        let milliseconds = timeout?.pollMilliseconds ?? -1
        // Interrupted by a signal (EINTR), whose handler wrote to the wake pipe: a wake-up.
        if poll(&descriptors, 2, milliseconds) < 0 { return .wakeUp }
        if descriptors[0].revents != 0 { return .input }
        if descriptors[1].revents != 0 { return .wakeUp }
        return .timeout
    }
}

extension Duration {
    /// Whole milliseconds for `poll()`, rounded up so a timer is never polled too early and spun on.
    public var pollMilliseconds: Int32 {
        let (seconds, attoseconds) = (self + .nanoseconds(999_999)).components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow else { return Int32.max }
        return Int32(clamping: max(milliseconds.partialValue + attoseconds / 1_000_000_000_000_000, 0))
    }
}
