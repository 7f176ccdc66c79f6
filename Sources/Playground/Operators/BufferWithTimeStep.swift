/// `bufferWithTime DURATION`: the values of DURATION from the first one held, sent together.
struct BufferWithTimeStep: PlayOperator {
    let interval: Duration

    static let help = [
        PlaygroundGuide.op(
            "bufferWithTime", "bufferWithTime DURATION",
            "the values of DURATION from the first one held, sent together; the completion sends the rest",
            "\(PlaygroundGuide.rac)'s -bufferWithTime:onScheduler:", "batches = b | bufferWithTime 300ms")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> BufferWithTimeStep {
        BufferWithTimeStep(interval: try reader.duration(after: "bufferWithTime"))
    }

    var reads: [String] { [] }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        .signal(try input.signal().buffer(time: interval, on: input.scheduler).map { .tuple($0) })
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written(
                "bufferWithTime:\(CodeWriter.seconds(interval)) onScheduler:[RACScheduler mainThreadScheduler]")
        case .reactiveSwift:
            .written(
                "buffer(forTime: \(CodeWriter.seconds(interval)), on: QueueScheduler.main)",
                helpers: [CodeWriter.reactiveSwiftBuffer])
        case .combine:
            .written(
                "collect(.byTime(DispatchQueue.main, \(CodeWriter.dispatch(interval))))",
                note:
                    "Combine's collect(.byTime) cuts its windows from the subscription; RAC 2's from the first value held"
            )
        case .concurrency:
            CodeWriter.timed(
                "buffer(for: \(CodeWriter.dispatch(interval)), clock: clock)",
                helpers: [.asyncSignal, .heard, .bufferWithTime])
        }
    }
}
