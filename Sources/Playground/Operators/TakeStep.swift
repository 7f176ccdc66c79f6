/// `take N`: the first N values, then completed.
struct TakeStep: PlayOperator {
    let count: Int

    static let help = [
        PlaygroundGuide.op(
            "take", "take N", "the first N values, then completed", "\(PlaygroundGuide.rac)'s -take:",
            "two = b | take 2")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> TakeStep {
        TakeStep(count: try reader.count(after: "take", from: 0))
    }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }
    func build(_ input: StepInput) throws(PlaygroundError) -> Stage { .signal(try input.signal().take(count)) }

    func pulled(_ sequence: PlaySequence) -> Stage? {
        sequence.pulling { source in
            var taken = 0
            return {
                guard taken < count else { return nil }
                taken += 1
                return source.next()
            }
        }
    }

    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { kind }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("take:\(count)")
        case .reactiveSwift:
            .written(
                "take(first: \(count))",
                note: count == 0 ? "ReactiveSwift's take(first: 0) is interrupted at once; take 0 completes" : nil)
        // Combine's first() ends with its value, as take: does; prefix(N) ends only at the next event.
        case .combine where count == 1:
            .written("first()")
        case .combine:
            .written(
                "prefix(\(count))",
                note:
                    "Combine's prefix(\(count)) finishes at the first event after its last value; take \(count) with that value"
            )
        // The standard library's prefix stops asking but cancels nothing: see the helper.
        case .concurrency:
            .written("take(\(count))", helpers: [.asyncSignal, .take])
        }
    }
}
