import Reactive

/// The reactive playground beside the app: signals defined at the prompt (`let`), driven
/// (`send`, `complete`, `fail`, `connect`), subscribed in lanes (`subscribe`, `dispose`) and
/// pulled (`array`, `head`), on the app's scheduler and event log, so `trace`, `marbles` and
/// the virtual clock see them as they see the app.
@MainActor
public final class Playground {
    /// The most names and the most live lanes at once: a session cannot grow without bound.
    public static let nameLimit = 64
    public static let laneLimit = 64
    /// The deepest definition: its operators plus the depth of each name it uses, so building,
    /// subscribing and sending recurse no deeper than this whatever is typed.
    public static let depthLimit = 100
    /// The most subscriptions live at once, counted through every operator.
    public static let subscriptionLimit = 2000
    static let disposedShown = 20

    let scheduler: any Scheduler
    let log: EventLog
    let app: (any AppStreams)?
    let say: (String) -> Void
    /// Each defined name, oldest first (a name defined again moves to the end).
    var definitions: [Defined] = []

    /// The names defined so far, oldest first (for Tab completion).
    public var names: [String] { definitions.map(\.name) }
    var lanes: [Lane] = []
    var usedLabels: Set<String> = []
    var connections: [String: any Disposable] = [:]
    /// Counts the reads of literal sequences, so `head` can say how few it needed.
    let reads = Counter()
    /// What `marbles NAME` draws: each definition's sources, operators' outputs, the signals
    /// its operators read, and subjects' sends. Kept apart from the app's log, so `trace` and
    /// `marbles play` show only the subscribers.
    public let inputs: EventLog
    /// What was sent into each subject, as its sends lane shows it.
    var sends = SubjectSends()
    let budget = SubscriptionBudget(limit: subscriptionLimit)

    /// True for the number of a subject's sends lane: the lane of what was sent into it, not a
    /// subscription anybody made (`leaks` leaves it out).
    public func isSendsLane(_ subscription: Int) -> Bool { sends.lanes.values.contains(subscription) }

    /// True for the stream of an operator whose every value combines the latest of its sources
    /// (combineLatest), of any of its subscriptions (`combineLatest b` of `m`, the second).
    public func combines(_ stream: StreamName) -> Bool {
        let first = stream.first
        return definitions.contains { $0.recording.combining.contains(first) }
    }

    /// Subscriptions the playground's signals hold now, through every operator.
    public var liveSubscriptionCount: Int { budget.live }

    public init(
        scheduler: any Scheduler, log: EventLog, app: (any AppStreams)? = nil, say: @escaping (String) -> Void
    ) {
        self.scheduler = scheduler
        self.log = log
        self.app = app
        self.say = say
        inputs = EventLog(clock: { [scheduler] in scheduler.now }, limit: 20_000, numberedWith: log)
    }

    /// Events stored for lanes still subscribed: what the playground keeps alive. Zero once
    /// everything is disposed.
    public var liveEventCount: Int { lanes.filter(\.isLive).map(\.events).reduce(0, +) }

    /// The definition of `name` as it was written (`NAME = SOURCE | …`), if it is defined.
    public func definitionText(_ name: String) -> String? { defined(name)?.text }

    /// The latest definition of `name`.
    func defined(_ name: String) -> Defined? { definitions.last { $0.name == name } }

    /// A defined name's stage; `c.executing` and the other lanes of a command are signals.
    func stage(_ name: String) -> Stage? {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return defined(name)?.stage }
        guard case .command(let command)? = stage(parts[0]), let lane = command.lane(parts[1]) else { return nil }
        return .signal(budget.counted(lane))
    }

    /// `let NAME = …`: `text` is what follows `let`.
    public func define(_ text: String) throws(PlaygroundError) {
        let definition = try DefinitionParser.parse(text, appOwners: app?.ownerWords ?? ["search", "row"])
        let depth = definition.steps.count + definition.namesUsed.map { defined($0)?.depth ?? 0 }.reduce(0, +)
        guard depth <= Self.depthLimit else {
            throw PlaygroundError(
                "\(definition.name) would be \(depth) operators deep, counting those of the names it uses; "
                    + "the most is \(Self.depthLimit)")
        }
        let recording = InputRecording(name: definition.name, log: inputs) { [weak self] in self?.sends.lanes[$0] }
        var builder = StageBuilder(
            scheduler: scheduler, app: app, lookup: { [weak self] in self?.stage($0) }, reads: reads,
            budget: budget, recording: recording,
            stepTitles: InputRecording.stepTitles(text, columns: definition.steps.map(\.column)))
        builder.log = log
        builder.sendInto = { [weak self] in self?.sideEffect(into: $0, $1) }
        let made = ConnectionBox()
        builder.keep = { made.connections.append($0) }
        let stage: Stage
        do { stage = try builder.build(definition) } catch {
            made.disposeAll()
            throw error
        }
        let replacing = definitions.contains { $0.name == definition.name }
        guard replacing || definitions.count < Self.nameLimit else {
            made.disposeAll()
            throw PlaygroundError("\(Self.nameLimit) names are defined, the most the playground keeps")
        }
        connections.removeValue(forKey: definition.name)?.dispose()
        defined(definition.name)?.kept.disposeAll()
        switch self.stage(definition.name) {
        case .subject?, .replaySubject?: endSends(definition.name)
        default: break
        }
        definitions.removeAll { $0.name == definition.name }
        switch stage {
        case .subject:
            sends.lanes[definition.name] = inputs.record(InputRecording.sendsStream(definition.name), .subscribed)
        case .replaySubject(let subject):
            sends.lanes[definition.name] = inputs.record(InputRecording.sendsStream(definition.name), .subscribed)
            recording.replayCount = { subject.buffer.count }
        default: break
        }
        let shown = text.split(separator: "=", maxSplits: 1).last.map { String($0).trimmed } ?? text
        definitions.append(
            Defined(
                name: definition.name, text: text, shown: PlayValue.safe(shown, limit: 60), stage: stage, depth: depth,
                recording: recording, kept: made))
        say("\(definition.name): \(stage.kind)" + (replacing ? " (replaces the previous \(definition.name))" : ""))
    }

    /// `send NAME VALUE` or `send NAME signal OTHER`, into a subject.
    public func send(_ text: String) throws(PlaygroundError) {
        let words = text.split(separator: " ").map(String.init)
        guard words.count >= 2 else { throw PlaygroundError("send needs a subject and a value: send NAME VALUE") }
        let value: PlayValue
        if words.count == 3, words[1] == "signal" {
            guard let other = stage(words[2]) else { throw PlaygroundError("no signal named '\(words[2])'") }
            if case .command = other {
                throw PlaygroundError(
                    "\(words[2]) is a command, not a signal: send one of its lanes (\(words[2]).executing …)")
            }
            value = .signal(name: words[2], other.signal)
        } else {
            guard words.count == 2 else {
                throw PlaygroundError("send takes one value: send NAME VALUE (or send NAME signal OTHER)")
            }
            value = PlayValue.parse(words[1])
        }
        try drive(words[0], "send", recorded: .next("\(value)")) {
            $0.send(value)
        } replay: {
            $0.send(value)
        }
    }

    /// `complete NAME`.
    public func complete(_ name: String) throws(PlaygroundError) {
        try drive(name, "complete", recorded: .completed) {
            $0.sendCompleted()
        } replay: {
            $0.sendCompleted()
        }
    }

    /// `fail NAME TEXT`.
    public func fail(_ text: String) throws(PlaygroundError) {
        let words = text.split(separator: " ", maxSplits: 1).map(String.init)
        guard words.count == 2 else { throw PlaygroundError("fail needs a subject and a text: fail NAME TEXT") }
        let failure = PlayFailure(words[1])
        try drive(words[0], "fail", recorded: .failed("\(failure)")) {
            $0.send(error: failure)
        } replay: {
            $0.send(error: failure)
        }
    }

    private func drive(
        _ name: String, _ verb: String, recorded: TraceEvent.Kind, subject: (Subject<PlayValue>) -> Void,
        replay: (ReplaySubject<PlayValue>) -> Void
    ) throws(PlaygroundError) {
        // The send is the cause of what its subscribers do with it.
        switch stage(name) {
        case .subject(let target)?:
            let send = recordSend(name, recorded)
            Cause.running(event: send) { subject(target) }
        case .replaySubject(let target)?:
            let send = recordSend(name, recorded)
            Cause.running(event: send) { replay(target) }
        case nil: throw PlaygroundError("no signal named '\(PlayValue.safe(name, limit: 24))'")
        case .some:
            throw PlaygroundError("\(name) is not a subject: only a subject or replay-subject is sent into by \(verb)")
        }
    }

    /// A send into a subject as its sends lane shows it, and its number; a subject that has
    /// ended takes no more.
    @discardableResult
    func recordSend(_ name: String, _ kind: TraceEvent.Kind) -> Int? {
        guard !sends.ended.contains(name) else { return nil }
        switch kind {
        case .subscribed, .next: break
        case .completed, .failed, .disposed: sends.ended.insert(name)
        }
        return inputs.record(InputRecording.sendsStream(name), kind, subscription: sends.lanes[name])
    }

    /// A subject replaced by a new definition: its sends lane ends there.
    private func endSends(_ name: String) {
        recordSend(name, .disposed)
        sends.ended.remove(name)
    }

    /// `execute NAME [VALUE]`: runs a command (RACCommand's execute:).
    public func execute(_ text: String) throws(PlaygroundError) {
        let words = text.split(separator: " ").map(String.init)
        guard (1...2).contains(words.count) else {
            throw PlaygroundError("execute takes a command and maybe a value: execute NAME [VALUE]")
        }
        guard case .command(let command)? = stage(words[0]) else {
            throw PlaygroundError(
                "\(PlayValue.safe(words[0], limit: 24)) is not a command (let c = command runs SIGNAL)")
        }
        try command.execute(words.count == 2 ? PlayValue.parse(words[1]) : nil)
        say("\(words[0]): executed" + (words.count == 2 ? " with \(PlayValue.parse(words[1]))" : ""))
    }

    /// `connect NAME`: starts a publish or replay that is not automatic.
    public func connect(_ name: String) throws(PlaygroundError) {
        guard case .connectable(let connectable, _)? = stage(name) else {
            throw PlaygroundError("connect needs a name defined with | publish or | replay N")
        }
        connections[name] = connectable.connect()
        say("\(name): connected")
    }
}

/// A name defined at the prompt: as written (for `code`), as `signals` shows it, what it built,
/// its depth (see `Playground.depthLimit`), its lanes' recording (`marbles NAME`), and the
/// connections it made as it was built (replayLast), disposed when it is defined again.
struct Defined {
    let name: String
    let text: String
    let shown: String
    let stage: Stage
    let depth: Int
    let recording: InputRecording
    let kept: ConnectionBox
}

/// What was sent into the subjects: the number of each one's sends lane, as `inputs` recorded
/// its start, and those whose lane has ended (completed or failed).
struct SubjectSends {
    var lanes: [String: Int] = [:]
    var ended: Set<String> = []
}

extension String {
    var trimmed: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
