/// What shows the time a live `wait` has left, once a second: the pacer under `--step`, the
/// progress line in an interactive session at a terminal.
@MainActor
public protocol WaitCountdown: AnyObject {
    func show(left: Duration)
    /// The wait is over, done or interrupted.
    func end()
}

extension Duration {
    /// Whole seconds, rounded up: how a countdown says the time left ("1 s" until it is over).
    public var secondsLeft: Int64 { (wholeMilliseconds + 999) / 1000 }
}
