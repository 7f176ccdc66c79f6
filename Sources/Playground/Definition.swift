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

    enum Step: Equatable {
        case map(ValueFunction)
        case filter(Predicate)
        case scan(Reducer)
        case fold(Reducer)
        case take(Int)
        case skip(Int)
        case distinctUntilChanged
        case delay(Duration)
        case throttle(Duration)
        case debounce(Duration)
        case throttleLeading(Duration)
        case takeUntil(String)
        case merge(String)
        case combineLatest(String)
        /// Each value to the named signal (or, without a name, to the signal it carries), merged.
        case flattenMap(String?)
        /// As flattenMap, keeping only the latest inner signal.
        case switchToLatest(String?)
        /// On failure, the named signal in its place (RAC 2's -catchTo: takes a signal).
        case catchTo(String)
        case publish
        case replay(Int)
        case autoconnect
        /// A sequence turned into a signal that pushes its values (RACSequence's signal).
        case signal
        /// One of RAC 2's other operators (RACStep.swift).
        case rac(RACStep)

        /// True for an operator whose every value combines the latest of its sources.
        var combines: Bool { if case .combineLatest = self { true } else { false } }

        /// The steps a pulled sequence can take; the rest need time or other signals.
        var worksOnSequences: Bool {
            switch self {
            case .map, .filter, .scan, .fold, .take, .skip, .distinctUntilChanged, .signal: true
            case .rac(let step): step.worksOnSequences
            default: false
            }
        }
    }

    let name: String
    let source: Source
    /// Each step with the column of its operator's word, for errors found when building.
    let steps: [(step: Step, column: Int)]

    /// Each defined name it reads, once per use: its source's and its operators'.
    var namesUsed: [String] {
        var names: [String] = []
        if case .name(let name, _) = source { names.append(name) }
        if case .command(let enabled, let runs, _) = source { names += [enabled, runs].compactMap { $0 } }
        for (step, _) in steps {
            switch step {
            case .takeUntil(let name), .merge(let name), .combineLatest(let name), .catchTo(let name):
                names.append(name)
            case .flattenMap(let name?), .switchToLatest(let name?): names.append(name)
            case .rac(let step): names += step.namesUsed
            default: break
            }
        }
        return names
    }

    static func == (lhs: Definition, rhs: Definition) -> Bool {
        lhs.name == rhs.name && lhs.source == rhs.source
            && lhs.steps.elementsEqual(rhs.steps) { $0.step == $1.step && $0.column == $1.column }
    }
}
