/// Every source and operator the playground reads, explained once: `help NAME`, `help operators`
/// and `help sources` print these, and the parser's list of operators is their names.
public struct PlaygroundGuide: Sendable {
    public enum Kind: Sendable { case source, `operator` }

    public let kind: Kind
    public let name: String
    /// How it is written, with its arguments.
    public let usage: String
    /// What it does, in one line.
    public let meaning: String
    /// Whose meaning it follows, and that library's name for it.
    public let follows: String
    /// A definition that uses it, as typed after `let`; it names only `s` (a subject), `b` and
    /// `t` (marbles) besides itself.
    public let example: String

    /// The entry for `name`, if the playground has a source or an operator of that name.
    public static func entry(_ name: String) -> PlaygroundGuide? { all.first { $0.name == name } }

    public static var sources: [PlaygroundGuide] { all.filter { $0.kind == .source } }
    public static var operators: [PlaygroundGuide] { all.filter { $0.kind == .operator } }

    static let rac = "ReactiveCocoa 2"

    public static let all: [PlaygroundGuide] = core + racOperators

    private static let core: [PlaygroundGuide] = [
        source(
            "marbles", "marbles \"-a-b|\"", "a cold signal that plays a marble string from each subscription",
            "RxJS's cold() in its marble tests", "m = marbles \"-a-b-c|\""),
        source(
            "interval", "interval DURATION", "a tick (0, 1, 2…) every DURATION; never completes",
            "\(rac)'s +interval:onScheduler:", "ticks = interval 300ms"),
        source(
            "subject", "subject", "a hot signal you send into (send, complete, fail); keeps no terminal state",
            "\(rac)'s RACSubject", "s = subject"),
        source(
            "replay-subject", "replay-subject [N]",
            "a subject that replays its last N values (without N, all of them) to a new subscriber",
            "\(rac)'s RACReplaySubject (+subject, +replaySubjectWithCapacity:)", "r = replay-subject 2"),
        source(
            "empty", "empty", "completes at once without a value", "\(rac)'s +[RACSignal empty]", "e = empty"),
        source("never", "never", "sends nothing, ever", "\(rac)'s +[RACSignal never]", "n = never"),
        source(
            "error", "error TEXT", "fails at once with TEXT", "\(rac)'s +[RACSignal error:]", "oops = error timeout"),
        source(
            "sequence", "sequence V…", "a cold signal of the values, then completed, pulled with array or head",
            "\(rac)'s RACSequence", "xs = sequence 1 2 3"),
        op(
            "map", "map FUNCTION", "each value transformed (\(ValueFunction.known))", "\(rac)'s -map:",
            "up = b | map upper"),
        op(
            "filter", "filter TEST", "only the values that pass (\(Predicate.known))", "\(rac)'s -filter:",
            "evens = interval 100ms | filter even"),
        op(
            "scan", "scan HOW", "each running result (\(Reducer.known))", "\(rac)'s -scanWithStart:reduce:",
            "total = interval 100ms | scan sum"),
        op(
            "fold", "fold HOW", "the final result when the source completes; a failed combine fails at once",
            "\(rac)'s -aggregateWithStart:reduce:", "count = b | fold count"),
        op("take", "take N", "the first N values, then completed", "\(rac)'s -take:", "two = b | take 2"),
        op("skip", "skip N", "every value after the first N", "\(rac)'s -skip:", "later = b | skip 1"),
        op(
            "distinctUntilChanged", "distinctUntilChanged", "a value only when it differs from the one before",
            "\(rac)'s -distinctUntilChanged", "changes = b | distinctUntilChanged"),
        op(
            "delay", "delay DURATION", "each value and the completion, DURATION later; an error at once",
            "\(rac)'s -delay:", "late = b | delay 1s"),
        op(
            "throttle", "throttle DURATION", "the latest value once DURATION passes with no newer one",
            "\(rac)'s -throttle:", "calm = b | throttle 300ms"),
        op(
            "debounce", "debounce DURATION", "the same as throttle, under RxJS's name",
            "RxJS's debounceTime (\(rac) calls it -throttle:)", "calm = b | debounce 300ms"),
        op(
            "throttleLeading", "throttleLeading DURATION",
            "the first value at once, then the latest of each DURATION window at its end",
            "ReactiveCocoa 4's throttle(_:on:), which RAC 2 lacks", "rate = b | throttleLeading 300ms"),
        op(
            "takeUntil", "takeUntil NAME", "values until NAME sends a value or completes, then completed",
            "\(rac)'s -takeUntil:", "until = b | takeUntil t"),
        op(
            "merge", "merge NAME", "the values of both as they come; completed when both are",
            "\(rac)'s -merge:", "both = b | merge t"),
        op(
            "combineLatest", "combineLatest NAME", "a pair of both latest values whenever either sends",
            "\(rac)'s -combineLatestWith:", "pairs = b | combineLatest t"),
        op(
            "flattenMap", "flattenMap [NAME]", "each value's signal (or NAME's, for every value), all merged",
            "\(rac)'s -flattenMap:", "each = b | flattenMap t"),
        op(
            "switchToLatest", "switchToLatest [NAME]", "only the latest inner signal's values",
            "\(rac)'s -switchToLatest (-flattenMap: then switch)", "latest = b | switchToLatest t"),
        op(
            "catchTo", "catchTo NAME", "on an error, NAME subscribed in its place (catchTo e, with e = empty)",
            "\(rac)'s -catchTo:", "safe = b | catchTo t"),
        op(
            "publish", "publish", "one shared subscription to the source, made by connect",
            "\(rac)'s -publish (RACMulticastConnection)", "p = b | publish"),
        op(
            "replay", "replay N", "as publish, and a new subscriber first hears the last N values",
            "\(rac)'s -multicast: with a RACReplaySubject", "r = b | replay 1"),
        op(
            "autoconnect", "autoconnect", "connects at the first subscriber, disconnects after the last, never again",
            "\(rac)'s -autoconnect", "auto = b | publish | autoconnect"),
        op(
            "signal", "signal", "a sequence as a signal", "\(rac)'s -[RACSequence signal]",
            "played = sequence 1 2 | signal"),
    ]

    static func source(_ name: String, _ usage: String, _ meaning: String, _ follows: String, _ example: String)
        -> PlaygroundGuide
    {
        PlaygroundGuide(kind: .source, name: name, usage: usage, meaning: meaning, follows: follows, example: example)
    }

    static func op(_ name: String, _ usage: String, _ meaning: String, _ follows: String, _ example: String)
        -> PlaygroundGuide
    {
        PlaygroundGuide(kind: .operator, name: name, usage: usage, meaning: meaning, follows: follows, example: example)
    }
}
