/// What shows the time a live `wait` has left, once a second: the pacer under `--step`, the
/// progress line in an interactive session at a terminal.
@MainActor
protocol WaitCountdown: AnyObject {
    func show(left: Duration)
    /// The wait is over, done or interrupted.
    func end()
}
