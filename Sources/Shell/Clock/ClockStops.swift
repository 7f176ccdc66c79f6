/// A wait on the virtual clock that an event may stop (a breakpoint's hit, `step`): the core
/// runs such waits (`wait`, `continue`, `step`); the instruments say which events stop them.
@MainActor
package final class ClockStops {
    /// A wait that events may stop: the one they stopped, for `continue` (and `step`) to go on
    /// with, of the same kind.
    package enum Wait: Equatable {
        /// `wait DURATION`, until this clock time.
        case until(Duration)
        /// `wait idle`, at most until this clock time.
        case idle(limit: Duration)
    }

    /// What `step` and `continue` go on from; each command's entry in the log keeps a copy, for `goto`.
    package struct Stop: Equatable {
        /// The wait an event stopped; nil when none is.
        package var wait: Wait?
        /// The number of the last event a hit or `step` showed: `step` shows the next one.
        package var lastShown: Int?

        package init(wait: Wait? = nil, lastShown: Int? = nil) { (self.wait, self.lastShown) = (wait, lastShown) }
    }

    /// True while a wait, `step` or `continue` runs the clock: a hit then stops it (as it does a
    /// clock playing at the prompt).
    package var stopsClock = false
    /// True while `step` runs: any event stops the clock.
    package var stopsAtAnyEvent = false
    package var stop = Stop()
}
