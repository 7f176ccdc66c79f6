/// A scheduler with a name, as RAC 2 has `mainThreadScheduler` and background ones: its actions
/// run on the scheduler it wraps, with its name as `NamedScheduler.current` meanwhile, so the
/// event log can note which scheduler delivered an event (`TraceEvent.scheduler`).
@MainActor
public final class NamedScheduler: Scheduler {
    public let name: String
    private let base: any Scheduler

    /// The name of the scheduler whose action is running now; nil outside any named one.
    public private(set) static var current: String?

    public init(_ name: String, on base: any Scheduler) {
        self.name = name
        self.base = base
    }

    public var now: Duration { base.now }
    public var pendingCount: Int { base.pendingCount }
    public var nextDueTime: Duration? { base.nextDueTime }

    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Disposable {
        base.schedule(after: delay) { [name] in
            let before = Self.current
            Self.current = name
            defer { Self.current = before }
            action()
        }
    }

    @discardableResult
    public func cancelAll() -> Int { base.cancelAll() }
}
