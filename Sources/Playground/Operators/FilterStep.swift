/// `filter TEST`: only the values that pass one of the playground's named tests.
struct FilterStep: PlayOperator {
    let test: Predicate

    static let help = [
        PlaygroundGuide.op(
            "filter", "filter TEST", "only the values that pass (\(Predicate.known))",
            "\(PlaygroundGuide.rac)'s -filter:",
            "evens = interval 100ms | filter even")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> FilterStep {
        FilterStep(test: try reader.predicate(after: word.text))
    }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        .signal(try input.signal().tryMap { value in test.test(value).map { $0 ? value : nil } })
    }

    func pulled(_ sequence: PlaySequence) -> Stage? {
        sequence.pulling { source in
            {
                while let result = source.next() {
                    guard case .success(let value) = result else { return result }
                    switch test.test(value) {
                    case .success(true): return result
                    case .success(false): continue
                    case .failure(let failure): return .failure(failure)
                    }
                }
                return nil
            }
        }
    }

    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { kind }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("filter:^BOOL(id value) { return \(CodeWriter.objc(test)); }")
        case .reactiveSwift:
            .written("filter { \(CodeWriter.swift(test)) }")
        case .combine:
            .written("filter { \(CodeWriter.swift(test)) }")
        case .concurrency:
            .written("filter { \(CodeWriter.swift(test)) }")
        }
    }
}

extension TokenReader {
    /// One of the playground's named tests after `word` (filter, skipWhile).
    mutating func predicate(after word: String) throws(PlaygroundError) -> Predicate {
        let test = try self.word("a test after \(word) (\(Predicate.known))")
        guard let parsed = Predicate.parse(test.text) else {
            throw PlaygroundError(at: test.column, expected: "one of \(Predicate.known)", found: test.text)
        }
        return parsed
    }
}
