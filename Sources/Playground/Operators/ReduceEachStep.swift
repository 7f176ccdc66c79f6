/// `reduceEach HOW`: a pair's two values (from combineLatest or zip) made one.
struct ReduceEachStep: PlayOperator {
    let how: PairReduction

    static let help = [
        PlaygroundGuide.op(
            "reduceEach", "reduceEach HOW", "a pair's two values made one (\(PairReduction.known))",
            "\(PlaygroundGuide.rac)'s -reduceEach:", "both = b | combineLatest t | reduceEach concat")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> ReduceEachStep {
        let how = try reader.word("one of \(PairReduction.known) after reduceEach")
        guard let reduction = PairReduction.parse(how.text) else {
            throw PlaygroundError(at: how.column, expected: "one of \(PairReduction.known)", found: how.text)
        }
        return ReduceEachStep(how: reduction)
    }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        .signal(try input.signal().tryMap { value in how.apply(value).map { $0 } })
    }

    func pulled(_ sequence: PlaySequence) -> Stage? {
        sequence.pulling { source in { source.next().map { $0.flatMap(how.apply) } } }
    }

    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            // RAC 2's block takes the tuple's values as its arguments.
            switch how {
            case .function(let function):
                .written("reduceEach:^id(id first, id second) { return \(CodeWriter.objcOfPair(function)); }")
            case .reducer(let reducer):
                .written("reduceEach:^id(id total, id value) { return \(CodeWriter.objc(reducer)); }")
            }
        case .reactiveSwift:
            switch how {
            case .function(let function): .written("map { \(CodeWriter.swift(function)) }")
            // A closure of two arguments takes the pair's two values.
            case .reducer(let reducer): .written("map { \(CodeWriter.swift(reducer)) }")
            }
        case .combine:
            // A pair's two values are the closure's two arguments.
            switch how {
            case .function(let function): .written("map { \(CodeWriter.swift(function)) }")
            case .reducer(let reducer): .written("map { \(CodeWriter.swift(reducer)) }")
            }
        case .concurrency:
            .written("map { \(CodeWriter.concurrency(how)) }")
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

    /// The word it was written as.
    var word: String {
        switch self {
        case .function(let function): "\(function)"
        case .reducer(let reducer): reducer.rawValue
        }
    }

    func apply(_ value: PlayValue) -> Result<PlayValue, PlayFailure> {
        guard case .pair(let first, let second) = value else {
            return .failure(PlayFailure("reduceEach takes a pair (from combineLatest or zip), not \(value)"))
        }
        switch self {
        case .function(let function): return function.apply(value)
        case .reducer(let reducer): return reducer.combine(first, second)
        }
    }
}

extension CodeWriter {
    /// One of the pair's functions over RAC 2's block arguments `first` and `second`.
    static func objcOfPair(_ function: ValueFunction) -> String {
        switch function {
        case .and: "@([first boolValue] && [second boolValue])"
        case .or: "@([first boolValue] || [second boolValue])"
        case .second: "second"
        default: "first"
        }
    }
}
