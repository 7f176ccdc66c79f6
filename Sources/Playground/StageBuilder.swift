import Reactive

/// Builds a parsed definition into a `Stage`: resolves its names and chains its operators.
@MainActor
struct StageBuilder {
    let scheduler: any Scheduler
    let app: (any AppStreams)?
    /// A defined name's stage, or nil.
    let lookup: (String) -> Stage?
    /// Counts the source reads of literal sequences (for `head`).
    let reads: Counter
    /// Counts every subscription the built signals make.
    let budget: SubscriptionBudget
    /// Where the definition's lanes are traced for `marbles NAME`; nil traces nothing.
    var recording: InputRecording? = nil
    /// The title of each step's lane, in order (see `InputRecording.stepTitles`).
    var stepTitles: [String] = []
    /// Sends an event into a subject as `send` would, recorded on its sends lane (doNext NAME).
    var sendInto: (String, PlayValue) -> Void = { _, _ in }
    /// Keeps a connection made while building (replayLast) for as long as the definition lives.
    var keep: (any Disposable) -> Void = { _ in }
    /// Where a created signal's disposal is traced (the app's log, so `trace` shows it).
    var log: EventLog?
    /// The name being defined (a command names its runs by it).
    var definitionName = ""

    /// The most ticks one subscription to an interval sends: a definition cannot run forever.
    static let tickLimit = 10_000
    static let shortestInterval: Duration = .milliseconds(10)

    func build(_ definition: Definition) throws(PlaygroundError) -> Stage {
        var builder = self
        builder.definitionName = definition.name
        return try builder.built(definition)
    }

    private func built(_ definition: Definition) throws(PlaygroundError) -> Stage {
        var stage = try source(definition.source)
        for (index, (step, column)) in definition.steps.enumerated() {
            if index == 0, let recording {
                stage = recording.input(stage, title: InputRecording.sourceTitle(definition.source))
            }
            stage = try apply(step, to: stage, at: column)
            if case .signal(let signal) = stage { stage = .signal(budget.counted(signal)) }
            // What autoconnect hands each subscriber is that subscriber's own lane.
            if let recording, index < stepTitles.count, step != .autoconnect {
                stage = recording.output(stage, title: stepTitles[index], combines: step.combines)
            }
        }
        return stage
    }

    private func source(_ source: Definition.Source) throws(PlaygroundError) -> Stage {
        switch source {
        case .marbles(let marbles): return .signal(budget.counted(marbles.signal(on: scheduler)))
        case .create(let marbles): return .signal(budget.counted(created(marbles)))
        case .interval(let period):
            guard period >= Self.shortestInterval else {
                throw PlaygroundError("an interval is at least 10ms")
            }
            return .signal(
                budget.counted(Signal.interval(period, on: scheduler).take(Self.tickLimit).map { .number($0) }))
        case .subject: return .subject(Subject())
        case .replaySubject(let capacity): return .replaySubject(ReplaySubject(capacity: capacity ?? .max))
        case .behaviorSubject(let value):
            let subject = ReplaySubject<PlayValue>(capacity: 1, remembersTermination: false)
            subject.send(value)
            return .replaySubject(subject)
        case .empty: return .signal(budget.counted(.empty))
        case .never: return .signal(budget.counted(.never))
        case .error(let text): return .signal(budget.counted(.fail(PlayFailure(text))))
        case .sequence(let values): return .sequence(.literal(values, reads: reads))
        case .name(let name, let column): return try resolve(name, at: column)
        case .command(let enabled, let runs, let concurrent):
            let allowed = try enabled.map { name throws(PlaygroundError) in try signal(name) }
            let work = try runs.map { name throws(PlaygroundError) in try signal(name) }
            let command = PlayCommand(
                name: definitionName, enabled: allowed, runs: work, concurrent: concurrent, scheduler: scheduler)
            // It listens to its enabled signal, and its runs go on, as long as the definition lives.
            keep(ActionDisposable { command.command.dispose() })
            // Its lanes are recorded from the start, as the command sets them, for `marbles c`.
            for lane in PlayCommand.lanes {
                guard let recording, let signal = command.lane(lane, onMain: false) else { continue }
                keep(recording.record(signal, title: lane))
            }
            return .command(command)
        case .app(let words, let column):
            guard let app else {
                throw PlaygroundError("column \(column): the app's streams are not available here")
            }
            switch app.signal(named: words) {
            case .success(let signal): return .signal(budget.counted(signal))
            case .failure(let error): throw PlaygroundError("column \(column): \(error.message)")
            }
        }
    }

    func resolve(_ name: String, at column: Int) throws(PlaygroundError) -> Stage {
        guard let stage = lookup(name) else {
            throw PlaygroundError("column \(column): no signal named '\(name)' (define it first: let \(name) = …)")
        }
        if case .command = stage {
            throw PlaygroundError(
                "column \(column): \(name) is a command, not a signal: read one of its lanes "
                    + "(\(PlayCommand.lanes.map { "\(name).\($0)" }.joined(separator: ", ")))")
        }
        return stage
    }

    /// A name's signal for a command's enabled or runs (read as they are, not traced).
    private func signal(_ name: String) throws(PlaygroundError) -> Signal<PlayValue> {
        switch lookup(name) {
        case nil: throw PlaygroundError("no signal named '\(name)' (define it first: let \(name) = …)")
        case .command?: throw PlaygroundError("\(name) is a command, not a signal: read one of its lanes")
        case let stage?: return stage.signal
        }
    }

    /// A signal a combining operator reads: traced as its own lane when recording.
    func named(_ name: String, at column: Int) throws(PlaygroundError) -> Signal<PlayValue> {
        let stage = try resolve(name, at: column)
        return (recording?.input(stage, title: name) ?? stage).signal
    }

    private func apply(_ step: Definition.Step, to stage: Stage, at column: Int) throws(PlaygroundError) -> Stage {
        if case .sequence(let sequence) = stage {
            if case .signal = step { return .signal(sequence.signal) }
            guard step.worksOnSequences else {
                throw PlaygroundError(
                    "column \(column): a sequence is pulled; this operator needs a signal (add '| signal' before it)")
            }
            return .sequence(sequence.then { step.lazily($0) ?? $0 })
        }
        if case .autoconnect = step {
            guard case .connectable(let connectable, _) = stage else {
                throw PlaygroundError("column \(column): autoconnect follows publish or replay N")
            }
            return .signal(connectable.autoconnect())
        }
        if case .connectable = stage {
            throw PlaygroundError("column \(column): after publish or replay, only autoconnect may follow")
        }
        let signal = stage.signal
        switch step {
        case .map(let function): return .signal(signal.tryMap { value in function.apply(value).map { $0 } })
        case .filter(let predicate):
            return .signal(signal.tryMap { value in predicate.test(value).map { $0 ? value : nil } })
        case .scan(let reducer): return .signal(signal.reduced(reducer, final: false))
        case .fold(let reducer): return .signal(signal.reduced(reducer, final: true))
        case .take(let count): return .signal(signal.take(count))
        case .skip(let count): return .signal(signal.skip(count))
        case .distinctUntilChanged: return .signal(signal.distinctUntilChanged())
        case .delay(let interval): return .signal(signal.delay(interval, on: scheduler))
        // debounce is rxjs's name for RAC 2's throttle.
        case .throttle(let interval), .debounce(let interval): return .signal(signal.throttle(interval, on: scheduler))
        case .throttleLeading(let interval): return .signal(signal.throttleLeading(interval, on: scheduler))
        case .takeUntil(let name): return .signal(signal.take(until: try named(name, at: column)))
        case .merge(let name): return .signal(signal.merge(with: try named(name, at: column)))
        case .combineLatest(let name):
            return .signal(combineLatest(signal, try named(name, at: column)).map { PlayValue.pair($0, $1) })
        case .flattenMap(let name):
            let inner = try name.map { name throws(PlaygroundError) in try named(name, at: column) }
            return .signal(signal.flatMap { value in inner ?? budget.counted(Signal.inner(value)) })
        case .switchToLatest(let name):
            let inner = try name.map { name throws(PlaygroundError) in try named(name, at: column) }
            return .signal(signal.flatMapLatest { value in inner ?? budget.counted(Signal.inner(value)) })
        case .catchTo(let name):
            let fallback = try named(name, at: column)
            return .signal(signal.catch { _ in fallback })
        case .publish: return .connectable(signal.publish(), replays: nil)
        case .replay(let count):
            // Its own subject, so a late subscriber's replayed values can be told apart.
            let subject = ReplaySubject<PlayValue>(capacity: count)
            recording?.replayCount = { subject.buffer.count }
            return .connectable(signal.multicast(subject), replays: count)
        case .rac(let step): return try build(step, on: signal, at: column)
        case .signal:
            throw PlaygroundError("column \(column): signal turns a sequence into a signal; this is one already")
        case .autoconnect: throw PlaygroundError("column \(column): autoconnect follows publish or replay N")
        }
    }
}

extension StageBuilder {
    /// createSignal: with a disposable whose block is seen: each subscription's lane
    /// `play · NAME disposable` sends `disposed` when the block runs (the signal ended, or its
    /// subscriber disposed), as RACDisposable's block runs in either case.
    func created(_ marbles: MarbleString) -> Signal<PlayValue> {
        let events = marbles.signal(on: scheduler)
        let stream = StreamName(owner: "play", "\(definitionName) disposable")
        let log = log
        return Signal { observer in
            let subscription = log?.record(stream, .subscribed)
            let source = events.subscribe(observer.send)
            return ActionDisposable {
                source.dispose()
                log?.record(stream, .next("disposed"), subscription: subscription)
                log?.record(stream, .completed, subscription: subscription)
            }
        }
    }
}
