/// A wait on the virtual clock that an event may stop (a breakpoint's hit, `step`): the core
/// runs such waits (`wait`, `continue`, `step`); the instruments say which events stop them.
@MainActor
final class ClockStops {
    /// A wait that events may stop: the one they stopped, for `continue` (and `step`) to go on
    /// with, of the same kind.
    enum Wait: Equatable {
        /// `wait DURATION`, until this clock time.
        case until(Duration)
        /// `wait idle`, at most until this clock time.
        case idle(limit: Duration)
    }

    /// What `step` and `continue` go on from; each command's entry in the log keeps a copy, for `goto`.
    struct Stop: Equatable {
        /// The wait an event stopped; nil when none is.
        var wait: Wait?
        /// The number of the last event a hit or `step` showed: `step` shows the next one.
        var lastShown: Int?
    }

    /// True while a wait, `step` or `continue` runs the clock: a hit then stops it (as it does a
    /// clock playing at the prompt).
    var stopsClock = false
    /// True while `step` runs: any event stops the clock.
    var stopsAtAnyEvent = false
    var stop = Stop()
}
