/// The operators RAC 2 readers meet beside the tutorials' own, each named by its selector
/// without the colon (`catch`, `doNext`, `foldLeftWithStart`…). Where RAC 2 takes a block, the
/// argument is one of the playground's named functions or a subject to send into.
enum RACStep: Equatable {
    /// On failure, the named signal in its place (catch:, whose block returns a signal).
    case catchSignal(String)
    /// A side effect before the event goes on: the value, the word completed, or the error's
    /// text, sent into the named subject.
    case doNext(String)
    case doCompleted(String)
    case doError(String)
    case ignore(PlayValue)
    case reduceEach(PairReduction)
    case foldLeftWithStart(PlayValue, Reducer)
    case scanWithStart(PlayValue, Reducer)
    case replayLast, replayLazily
    case startWith(PlayValue)
    case concat(String)
    case then(String)
    /// nil: RAC 2's retry, for ever (but at most `retryLimit` subscriptions at one instant).
    case retry(Int?)
    case materialize, dematerialize
    case timeout(Duration)
    case bufferWithTime(Duration)
    case sample(String)
    /// Each event (deliverOn:) or the subscription (subscribeOn:) as work on that scheduler.
    case deliverOn(PlayScheduler)
    case subscribeOn(PlayScheduler)

    /// Where RAC 2 retries for ever at one instant (a source that fails as it is subscribed),
    /// the playground stops: that would hang the shell.
    static let retryLimit = 1000
    static let retryRefusal = "retry subscribed \(retryLimit) times at one instant: RAC 2 would loop for ever here"

    /// The names it reads, once each (for a definition's depth).
    var namesUsed: [String] {
        switch self {
        case .catchSignal(let name), .doNext(let name), .doCompleted(let name), .doError(let name),
            .concat(let name), .then(let name), .sample(let name):
            [name]
        default: []
        }
    }

    /// True for the steps a pulled sequence takes too (RACStream's, which RACSequence has).
    var worksOnSequences: Bool {
        switch self {
        case .ignore, .reduceEach, .foldLeftWithStart, .scanWithStart: true
        default: false
        }
    }
}

/// How reduceEach combines a pair's two values: a function of a pair (and, or, first, second)
/// or a reducer applied to the first and the second (sum, concat…).
enum PairReduction: Equatable {
    case function(ValueFunction)
    case reducer(Reducer)

    static let known = "first, second, and, or, " + Reducer.allCases.map(\.rawValue).joined(separator: ", ")

    static func parse(_ word: String) -> PairReduction? {
        if ["first", "second", "and", "or"].contains(word), let function = ValueFunction.parse(word) {
            return .function(function)
        }
        return Reducer(rawValue: word).map { .reducer($0) }
    }

    func apply(_ value: PlayValue) -> Result<PlayValue, PlayFailure> {
        guard case .pair(let first, let second) = value else {
            return .failure(PlayFailure("reduceEach takes a pair (from combineLatest), not \(value)"))
        }
        switch self {
        case .function(let function): return function.apply(value)
        case .reducer(let reducer): return reducer.combine(first, second)
        }
    }
}

/// The schedulers the playground names, both on the session's clock: RAC 2's
/// mainThreadScheduler and a background scheduler. Work on either runs at the same instant,
/// after the delivery going on (here: when the clock next moves, `wait`).
enum PlayScheduler: String, Equatable, CaseIterable {
    case main, background

    static let known = "main or background"
}
