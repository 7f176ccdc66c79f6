/// An action a View can trigger (RACCommand): enabled by a signal and by not executing,
/// with `isExecuting`, `errors` and `values` to observe.
@MainActor
public final class Command<Input, Output> {
    /// Emits whether the command can start: the enabled signal combined with "not executing".
    public let isEnabled: Property<Bool>
    /// Emits true while an execution is running.
    public let isExecuting: Property<Bool>

    private let mutableIsEnabled = MutableProperty(true)
    private let mutableIsExecuting = MutableProperty(false)

    private let work: (Input) -> Signal<Output>
    private let errorsSubject = Subject<any Error>()
    private let valuesSubject = Subject<Output>()
    private let executionsSubject = Subject<Signal<Output>>()
    /// What the enabled signal said last; yes until it says anything, as RACCommand starts its
    /// enabled signal with YES (a signal that has not sent yet does not hold the command back).
    private var allowed = true
    /// RACCommand's allowsConcurrentExecution: a run may start while others go on, and
    /// executing does not disable the command.
    public let allowsConcurrentExecution: Bool
    /// The runs going on, by number, with their subscriptions once made. The truth about
    /// executing; `isExecuting` publishes it after `isEnabled` is updated, so an observer of either
    /// that calls `execute` again is refused instead of starting a second run.
    private var going: [Int: (any Disposable)?] = [:]
    private var executing: Bool { !going.isEmpty }
    private var runs = 0
    private var enabledSubscription: (any Disposable)?

    /// Emits the errors of every execution; they never reach `values`.
    public var errors: Signal<any Error> { errorsSubject.signal }
    /// Emits the values of every execution.
    public var values: Signal<Output> { valuesSubject.signal }
    /// Emits one signal per execution, as it starts (RACCommand's executionSignals): the run's
    /// values, then completed; its error goes to `errors` instead. Shared: subscribing to an
    /// inner signal never runs the work again, and replays what the run already sent.
    public var executionSignals: Signal<Signal<Output>> { executionsSubject.signal }

    public init(
        enabledIf enabled: Signal<Bool> = .just(true), allowsConcurrentExecution: Bool = false,
        execute: @escaping (Input) -> Signal<Output>
    ) {
        work = execute
        self.allowsConcurrentExecution = allowsConcurrentExecution
        isEnabled = Property(mutableIsEnabled)
        isExecuting = Property(mutableIsExecuting)
        enabledSubscription = enabled.subscribeNext({ [weak self] allowed in
            self?.allowed = allowed
            self?.updateEnabled()
        })
    }

    private func updateEnabled() {
        let enabled = allowed && (allowsConcurrentExecution || !executing)
        if mutableIsEnabled.value != enabled { mutableIsEnabled.value = enabled }
    }

    /// Starts the work with `input`; throws `CommandError.disabled` when the command may not run.
    public func execute(_ input: Input) throws(CommandError) {
        guard allowed, allowsConcurrentExecution || !executing else { throw .disabled }
        runs += 1
        let run = runs
        going[run] = .some(nil)
        updateEnabled()
        if going.count == 1 { mutableIsExecuting.value = true }
        let execution = ReplaySubject<Output>(capacity: .max)
        executionsSubject.send(execution.signal)
        let subscription = work(input).subscribe { [weak self] event in
            guard let self else { return }
            switch event {
            case .next(let value):
                execution.send(value)
                self.valuesSubject.send(value)
            case .failed(let error):
                execution.sendCompleted()
                self.finish(run)
                self.errorsSubject.send(error)
            case .completed:
                execution.sendCompleted()
                self.finish(run)
            }
        }
        // Kept only if this run is still going: it may have finished meanwhile.
        if going[run] != nil { going[run] = subscription }
    }

    /// Cancels the running executions, if any; `isExecuting` goes back to false.
    public func cancel() {
        for run in going.keys.sorted() {
            going[run]??.dispose()
            finish(run)
        }
    }

    /// Stops listening to the enabled signal and cancels any execution.
    public func dispose() {
        cancel()
        enabledSubscription?.dispose()
    }

    private func finish(_ run: Int) {
        guard going.removeValue(forKey: run) != nil, going.isEmpty else { return }
        mutableIsExecuting.value = false
        updateEnabled()
    }
}
