import Reactive

/// `skipWhile TEST`: no values while they pass TEST; from the first that fails it on, every one.
struct SkipWhileStep: PlayOperator {
    let test: Predicate

    static let help = [
        PlaygroundGuide.op(
            "skipWhile", "skipWhile TEST", "the values from the first that fails TEST on (\(Predicate.known))",
            "\(PlaygroundGuide.rac)'s -skipWhileBlock:", "rest = b | skipWhile =a")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> SkipWhileStep {
        SkipWhileStep(test: try reader.predicate(after: word.text))
    }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        let signal = try input.signal()
        return .signal(
            Signal { observer in
                // Each subscription skips afresh, as RAC 2's block state is each subscription's.
                var skipping = true
                return signal.subscribe { event in
                    guard skipping, case .next(let value) = event else { return observer.send(event) }
                    switch test.test(value) {
                    case .success(true): break
                    case .success(false):
                        skipping = false
                        observer.send(value)
                    case .failure(let failure): observer.send(error: failure)
                    }
                }
            })
    }

    func pulled(_ sequence: PlaySequence) -> Stage? {
        sequence.pulling { source in
            var skipping = true
            return {
                while let result = source.next() {
                    guard skipping, case .success(let value) = result else { return result }
                    switch test.test(value) {
                    case .success(true): continue
                    case .success(false):
                        skipping = false
                        return result
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
            .written("skipWhileBlock:^BOOL(id value) { return \(CodeWriter.objc(test)); }")
        case .reactiveSwift:
            .written("skip(while: { \(CodeWriter.swift(test)) })")
        case .combine:
            .written("drop(while: { \(CodeWriter.swift(test)) })")
        case .concurrency:
            .written("drop(while: { \(CodeWriter.swift(test)) })")
        }
    }
}
