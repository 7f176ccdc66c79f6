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
            if let recording, index < stepTitles.count, step.lane != .untraced {
                stage = recording.output(stage, title: stepTitles[index], combines: step.lane == .combining)
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

    /// One step over the stage before it: a sequence is pulled through the operator's pulled
    /// form, anything else through its meaning.
    private func apply(_ step: any PlayOperator, to stage: Stage, at column: Int) throws(PlaygroundError) -> Stage {
        guard case .sequence(let sequence) = stage else {
            return try step.build(StepInput(stage: stage, column: column, builder: self))
        }
        guard let pulled = step.pulled(sequence) else {
            throw PlaygroundError(
                "column \(column): a sequence is pulled; this operator needs a signal (add '| signal' before it)")
        }
        return pulled
    }

    /// Sends into the subject `name` (checked now: RAC 2's block is here a subject to send into).
    func subjectSend(_ name: String, at column: Int, for word: String) throws(PlaygroundError)
        -> (PlayValue) -> Void
    {
        switch try resolve(name, at: column) {
        case .subject, .replaySubject: return { [sendInto] in sendInto(name, $0) }
        default:
            throw PlaygroundError(
                "column \(column): \(word) sends into a subject (let \(name) = subject); \(name) is not one")
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

extension PlayFailure {
    /// The text of any error a playground signal carries.
    static func text(of error: any Error) -> String { (error as? PlayFailure)?.description ?? "\(error)" }
}
