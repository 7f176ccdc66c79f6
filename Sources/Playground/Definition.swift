/// A parsed `let NAME = SOURCE | STEP | STEP …`, not yet built into a signal.
struct Definition: Equatable {
    enum Source: Equatable {
        case marbles(MarbleString)
        /// A signal of one's own (createSignal:): a marble string's events, and its disposable's
        /// block seen running (traced and drawn) when the subscription ends or is disposed.
        case create(MarbleString)
        case interval(Duration)
        case subject
        /// Without a capacity it replays everything ([RACReplaySubject subject]).
        case replaySubject(Int?)
        /// A subject that replays its latest value, starting with this one (RACBehaviorSubject).
        case behaviorSubject(PlayValue)
        /// RAC 2's +empty, +never and +error: (a failure with this text).
        case empty, never
        case error(String)
        case sequence([PlayValue])
        /// A name defined earlier; resolved when the definition is built.
        case name(String, column: Int)
        /// One of the app's own streams, such as `row 3 isVisible` or `search searchText`.
        case app([String], column: Int)
        /// A RACCommand of one's own: enabled by a signal (or always), each execution subscribing
        /// the `runs` signal (nil: the executed value, `runs input`), concurrent or not.
        case command(enabledBy: String?, runs: String?, concurrent: Bool)
    }

    let name: String
    let source: Source
    /// Each step, an operator's declaration (Operators/), with the column of its word, for
    /// errors found when building.
    let steps: [(step: any PlayOperator, column: Int)]

    /// Each defined name it reads, once per use: its source's and its operators'.
    var namesUsed: [String] {
        var names: [String] = []
        if case .name(let name, _) = source { names.append(name) }
        if case .command(let enabled, let runs, _) = source { names += [enabled, runs].compactMap { $0 } }
        for (step, _) in steps { names += step.reads }
        return names
    }

    /// The same definition named, and reading each name, as `rename` spells it: how `code` writes
    /// a name that is a keyword of the library's language.
    func renamed(_ rename: (String) -> String) -> Definition {
        var renamedSource = source
        if case .name(let name, let column) = source { renamedSource = .name(rename(name), column: column) }
        if case .command(let enabled, let runs, let concurrent) = source {
            renamedSource = .command(enabledBy: enabled.map(rename), runs: runs.map(rename), concurrent: concurrent)
        }
        return Definition(
            name: rename(name), source: renamedSource, steps: steps.map { ($0.step.renamed(rename), $0.column) })
    }

    static func == (lhs: Definition, rhs: Definition) -> Bool {
        lhs.name == rhs.name && lhs.source == rhs.source
            && lhs.steps.elementsEqual(rhs.steps) { $0.step.isEqual(to: $1.step) && $0.column == $1.column }
    }
}
