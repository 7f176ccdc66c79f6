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

    /// Each operator's entry, from its declaration (Operators/), in the registry's order.
    public static var operators: [PlaygroundGuide] { Operators.help }
    public static var all: [PlaygroundGuide] { sources + operators }

    static let rac = "ReactiveCocoa 2"

    /// The entry for `name`, if the playground has a source or an operator of that name.
    public static func entry(_ name: String) -> PlaygroundGuide? { all.first { $0.name == name } }

    public static let sources: [PlaygroundGuide] = [
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
        source(
            "behavior-subject", "behavior-subject VALUE",
            "a subject that gives a new subscriber its latest value (VALUE at first), never its end",
            "\(rac)'s RACBehaviorSubject", "bs = behavior-subject 0"),
        source(
            "create", "create \"MARBLES\"",
            "a signal of one's own: the string's events; its lane NAME disposable says when its disposable ran",
            "\(rac)'s +createSignal: (its block's RACDisposable)", "own = create \"-a-b|\""),
        source(
            "command", "command [enabled-by NAME] runs NAME|input [concurrent]",
            "a command: execute c runs it; c.executing, c.enabled, c.errors, c.executionSignals are its lanes",
            "\(rac)'s RACCommand (initWithEnabled:signalBlock:)", "c = command runs b"),
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
