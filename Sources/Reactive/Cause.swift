/// What made an event happen: the recorded event it came from, and the command that began the
/// chain (what `why` walks back through, and `leaks` names).
public struct Cause: Equatable, Sendable {
    // Stored as 32-bit numbers, 0 for none: every recorded event keeps one, and a full log
    // holds a hundred thousand.
    private let eventNumber: Int32
    private let commandNumber: Int32

    /// The number of the recorded event that caused it (`EventLog`); nil when it came straight
    /// from a command, or from nothing recorded.
    public var event: Int? { eventNumber == 0 ? nil : Int(eventNumber) }
    /// The number of the command line whose work this is (the shell numbers them, as `history`
    /// does); nil before the first command.
    public var command: Int? { commandNumber == 0 ? nil : Int(commandNumber) }

    /// A number past 32 bits (no session records so many) is kept as the largest there is, never
    /// wrapped round to another event's or command's.
    public init(event: Int? = nil, command: Int? = nil) {
        eventNumber = Int32(clamping: event ?? 0)
        commandNumber = Int32(clamping: command ?? 0)
    }

    /// The cause of the work running now. Delivery is synchronous on the main actor and depth
    /// first, so one value is enough: `traced` sets it to each event it records while that
    /// event is delivered (and to its subscription while it subscribes upstream), `TimerQueue`
    /// keeps it with each timer and puts it back while the timer runs, and the shell sets it to
    /// the command it is running; each through `running`, the one place it changes.
    @MainActor public private(set) static var current = Cause()

    /// Runs `work` with `cause` as the current cause, then puts the one before back.
    @MainActor
    public static func running<Result>(_ cause: Cause, _ work: () throws -> Result) rethrows -> Result {
        let before = current
        current = cause
        defer { current = before }
        return try work()
    }

    /// Runs `work` with the recorded event numbered `number` as the cause, within the current
    /// command's work: what happens meanwhile (what the event is delivered to, a timer scheduled
    /// then) names that event as its cause.
    @MainActor
    public static func running<Result>(event number: Int?, _ work: () throws -> Result) rethrows -> Result {
        try running(Cause(event: number, command: current.command), work)
    }
}
