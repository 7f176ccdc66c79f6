/// `scan HOW` and `fold HOW`: the running or the final result of a reducer, from the reducer's
/// own start; `scanWithStart` and `foldLeftWithStart` (ReduceWithStartStep.swift) name theirs.
struct ReduceStep: PlayOperator {
    let reducer: Reducer
    /// fold: only the result when the source completes.
    let final: Bool

    static let help = [
        PlaygroundGuide.op(
            "scan", "scan HOW", "each running result (\(Reducer.known))",
            "\(PlaygroundGuide.rac)'s -scanWithStart:reduce:",
            "total = interval 100ms | scan sum"),
        PlaygroundGuide.op(
            "fold", "fold HOW", "the final result when the source completes; a failed combine fails at once",
            "\(PlaygroundGuide.rac)'s -aggregateWithStart:reduce:", "count = b | fold count"),
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> ReduceStep {
        let how = try reader.word("one of \(Reducer.known) after \(word.text)")
        return ReduceStep(reducer: try Reducer.parse(how), final: word.text == "fold")
    }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        .signal(try input.signal().reduced(reducer, final: final))
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { sequence.reduced(reducer, start: reducer.start, final: final) }

    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        CodeWriter.reduce(reducer, start: reducer.start, final: final, in: library)
    }
}

extension Reducer {
    /// The reducer a word names, or a refusal at its column.
    static func parse(_ how: Token) throws(PlaygroundError) -> Reducer {
        guard let reducer = Reducer(rawValue: how.text) else {
            throw PlaygroundError(at: how.column, expected: "one of \(Reducer.known)", found: how.text)
        }
        return reducer
    }
}

extension PlaySequence {
    /// A sequence scanned (each running result) or folded (the result once it has no more).
    func reduced(_ reducer: Reducer, start: PlayValue, final: Bool) -> Stage {
        pulling { source in
            guard final else {
                var total = start
                return {
                    source.next().map { result in
                        result.flatMap { reducer.combine(total, $0) }.map {
                            total = $0
                            return $0
                        }
                    }
                }
            }
            var done = false
            return {
                guard !done else { return nil }
                done = true
                var total = start
                while let result = source.next() {
                    switch result.flatMap({ reducer.combine(total, $0) }) {
                    case .success(let next): total = next
                    case .failure(let failure): return .failure(failure)
                    }
                }
                return .success(total)
            }
        }
    }
}

extension CodeWriter {
    /// A running (scan) or final (fold) reduction from `start`, as `library` writes it.
    static func reduce(_ reducer: Reducer, start: PlayValue, final: Bool, in library: Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written(
                (final ? "aggregateWithStart:" : "scanWithStart:")
                    + "\(objc(start)) reduce:^id(id total, id value) { return \(objc(reducer)); }")
        case .reactiveSwift:
            .written((final ? "reduce" : "scan") + "(\(swift(start))) { \(swift(reducer)) }")
        case .combine:
            .written((final ? "reduce" : "scan") + "(\(swift(start))) { \(swift(reducer)) }")
        case .concurrency:
            (final
                ? .written("fold(\(swift(start))) { \(swift(reducer)) }", helpers: [.asyncSignal, .fold])
                : .written("reductions(\(swift(start))) { \(swift(reducer)) }"))
        }
    }
}
