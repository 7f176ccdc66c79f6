import Reactive

/// One operator of the notation, declared whole in one file of this folder: the words that name
/// it and their help, how its arguments parse, the stage it builds, the names it reads, what a
/// pulled sequence makes of it, the kind of value it hands a pipeline, what `stats` counts of what
/// it holds, how `marbles` draws it, and its code in each library `code` writes. Nothing has a
/// default, so a part left out does not compile. `Operators.all` lists them, one line each;
/// the parser, the builder, `help`, the pipeline checker, `stats` and `code` read only this.
protocol PlayOperator: Equatable, SendableMetatype {
    /// The words that name it after `|`, each with its help (one for most; a small family that
    /// shares a meaning, such as `throttle` and `debounce`, has one each).
    static var help: [PlaygroundGuide] { get }

    /// Reads its arguments after `word`, one of its own, or says in one line what was expected.
    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> Self

    /// The defined names it reads, once per use: a definition's depth counts theirs, and a
    /// pipeline checks that each is one of its inputs.
    var reads: [String] { get }

    /// The same operator reading each name as `rename` spells it: `code` writes a keyword's escape.
    func renamed(_ rename: (String) -> String) -> Self

    /// Its meaning: the stage it makes of what comes before it, over Reactive's operators.
    @MainActor func build(_ input: StepInput) throws(PlaygroundError) -> Stage

    /// What it makes of a pulled sequence (RACStream's operators, which RACSequence has); nil
    /// when it needs a pushed signal.
    @MainActor func pulled(_ sequence: PlaySequence) -> Stage?

    /// The kind of value after it in a learner's pipeline, given the kind before it; nil when it
    /// does not tell.
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind?

    /// What of its input it holds back, for the calls `stats` counts as saved.
    var holds: HeldShows.Holding { get }

    /// How `marbles NAME` draws its output.
    var lane: StepLane { get }

    /// Its code in `library`: the library's own operator, a composition, or a helper it writes.
    func code(in library: CodeWriter.Library) -> OperatorCode
}

extension PlayOperator {
    /// Equality across operators of any type, for `Definition`'s.
    func isEqual(to other: any PlayOperator) -> Bool { (other as? Self) == self }
}

/// How `marbles NAME` draws an operator's output.
enum StepLane: Equatable {
    /// A lane of its own, each subscription its own stream.
    case traced
    /// As `traced`, and each value combines the latest of its sources (combineLatest).
    case combining
    /// No lane: what it hands each subscriber is that subscriber's own (autoconnect).
    case untraced
}

/// One step's (or a source's) code in one library: what it writes, and the helpers it needs that
/// the library lacks. There is no stand-in: where a library has no such operator, a helper
/// written under the code means it. `note` is said once under the code; each helper is written once.
struct OperatorCode: Equatable {
    let text: String
    let note: String?
    let helpers: [CodeHelper]

    /// The library's own operator (or a composition, or a helper), as that library writes it.
    static func written(_ text: String, note: String? = nil, helpers: [CodeHelper] = []) -> OperatorCode {
        OperatorCode(text: text, note: note, helpers: helpers)
    }
}

/// Code a library lacks, written out once under the code that uses it: a type, a function or an
/// extension, top-level, named so that two uses of it are one.
struct CodeHelper: Equatable, Sendable {
    let name: String
    let lines: [String]
}

/// What an operator builds on: the stage before it, where its word is, and the builder's
/// context (the clock, the names, the budget).
@MainActor
struct StepInput {
    let stage: Stage
    /// The column of the operator's word, for errors found when building.
    let column: Int
    let builder: StageBuilder

    var scheduler: any Scheduler { builder.scheduler }

    /// The stage as a signal; after publish or replay only autoconnect may follow.
    func signal() throws(PlaygroundError) -> Signal<PlayValue> {
        if case .connectable = stage {
            throw refusal("after publish or replay, only autoconnect may follow")
        }
        return stage.signal
    }

    /// A signal the operator reads by name, traced as a lane of its own when recording.
    func named(_ name: String) throws(PlaygroundError) -> Signal<PlayValue> {
        try builder.named(name, at: column)
    }

    /// `text` said of this operator's place in the line.
    func refusal(_ text: String) -> PlaygroundError { PlaygroundError("column \(column): \(text)") }
}
