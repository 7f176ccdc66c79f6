import Reactive

/// One lane of `marbles NAME` for a playground signal, in the order it is drawn.
public enum PlayLaneSource: Equatable, Sendable {
    /// A stream of the playground's own log (`Playground.inputs`): a source, an operator's
    /// output or what a combining operator reads, drawn as `title`; a second subscription's
    /// events are under the stream's second subscription, drawn as `title` numbered so.
    case input(stream: StreamName, title: String)
    /// A subscriber's lane in the app's log (`subscriberStream(label:)`); its first `replayed`
    /// values came from a replay when it subscribed.
    case subscriber(label: String, replayed: Int)

    /// The stream of the lane `subscribe NAME as LABEL` makes: LABEL of the owner "play".
    public static func subscriberStream(label: String) -> StreamName { StreamName(owner: "play", label) }
}

/// What one definition records for `marbles NAME` while it is built: each signal it reads and
/// each operator's output, traced in the playground's own log so `trace` and `marbles play`
/// print what they did before. A subject it reads is drawn as that subject's sends instead:
/// a hot source's lane is what was sent, also before anyone listened.
@MainActor
final class InputRecording {
    let name: String
    let log: EventLog
    private(set) var lanes: [PlayLaneSource] = []
    /// The streams of the operators whose every value combines the latest of several sources
    /// (combineLatest), by their first subscription's name: each later one is its own stream.
    private(set) var combining: Set<StreamName> = []
    /// How many values a new subscriber hears from a replay now; nil when it replays nothing.
    var replayCount: (() -> Int)?
    /// The number of a subject's sends lane, as the log recorded its start (what `graph` draws a
    /// reader of the subject from).
    let sendsLane: (String) -> Int?

    init(name: String, log: EventLog, sendsLane: @escaping (String) -> Int? = { _ in nil }) {
        self.name = name
        self.log = log
        self.sendsLane = sendsLane
    }

    /// The stream a subject's sends are recorded under.
    static func sendsStream(_ subject: String) -> StreamName { StreamName(owner: subject, "sends") }

    /// `stage` as an operator reads it: a signal traced as `title`, a subject by its sends (and
    /// each subscription to it recorded as reading them).
    func input(_ stage: Stage, title: String) -> Stage {
        switch stage {
        case .subject, .replaySubject:
            let lane = PlayLaneSource.input(stream: Self.sendsStream(title), title: "\(title) sends")
            if !lanes.contains(lane) { lanes.append(lane) }
            let sendsLane = self.sendsLane
            return .signal(stage.signal.joined(to: { sendsLane(title) }, in: log))
        case .signal(let signal): return .signal(traced(signal, title))
        case .connectable, .sequence, .command: return stage
        }
    }

    /// An operator's output, traced as `title`; `combines` for one whose values combine the
    /// latest of its sources.
    func output(_ stage: Stage, title: String, combines: Bool = false) -> Stage {
        guard case .signal(let signal) = stage else { return stage }
        return .signal(traced(signal, title, combines: combines))
    }

    /// A lane recorded from now on, whoever listens (a command's own lanes): the subscription.
    func record(_ signal: Signal<PlayValue>, title: String) -> any Disposable {
        traced(signal, title).subscribe { _ in }
    }

    private func traced(_ signal: Signal<PlayValue>, _ title: String, combines: Bool = false) -> Signal<PlayValue> {
        var unique = title
        var number = 1
        while lanes.contains(where: { if case .input(_, let shown) = $0 { shown == unique } else { false } }) {
            number += 1
            unique = "\(title) (\(number))"
        }
        let stream = StreamName(owner: name, unique)
        lanes.append(.input(stream: stream, title: unique))
        if combines { combining.insert(stream) }
        // Each subscription its own stream (numbered from the second): a late subscriber's replay
        // or a second inner signal is never drawn on another subscription's lane.
        let log = log
        var subscriptions = 0
        return Signal { observer in
            subscriptions += 1
            // The first subscription reuses the name made with the stage: most subscribe once.
            let mine = subscriptions == 1 ? stream : stream.numbered(subscriptions)
            return signal.traced(mine, in: log).subscribe(observer.send)
        }
    }

    /// The text of each step of `text` (what follows `let`), by the columns the parser gave
    /// its operators' words: `takeUntil t`, `map upper`.
    static func stepTitles(_ text: String, columns: [Int], firstColumn: Int = 5) -> [String] {
        let characters = Array(text)
        return columns.enumerated().map { index, column in
            let start = min(max(column - firstColumn, 0), characters.count)
            let end = index + 1 < columns.count ? max(start, columns[index + 1] - firstColumn) : characters.count
            var piece = String(characters[start..<min(end, characters.count)]).trimmed
            if piece.hasSuffix("|") { piece = String(piece.dropLast()).trimmed }
            return PlayValue.safe(piece, limit: 24)
        }
    }

    /// How the source's lane is titled: its name, else its kind.
    static func sourceTitle(_ source: Definition.Source) -> String {
        switch source {
        case .name(let name, _): name
        case .app(let words, _): words.joined(separator: " ")
        case .marbles: "marbles"
        case .create: "create"
        case .interval: "interval"
        case .subject: "subject"
        case .replaySubject: "replay-subject"
        case .sequence: "sequence"
        case .behaviorSubject: "behavior-subject"
        case .empty: "empty"
        case .never: "never"
        case .error: "error"
        case .command: "command"
        }
    }
}
