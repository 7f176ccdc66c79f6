import Reactive

/// `replay N`: as publish, and a new subscriber first hears the last N values.
struct ReplayStep: PlayOperator {
    let count: Int

    static let help = [
        PlaygroundGuide.op(
            "replay", "replay N", "as publish, and a new subscriber first hears the last N values",
            "\(PlaygroundGuide.rac)'s -multicast: with a RACReplaySubject", "r = b | replay 1")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> ReplayStep {
        ReplayStep(count: try reader.count(after: "replay", from: 1))
    }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        let signal = try input.signal()
        // Its own subject, so a late subscriber's replayed values can be told apart.
        let subject = ReplaySubject<PlayValue>(capacity: count)
        input.builder.recording?.replayCount = { subject.buffer.count }
        return .connectable(signal.multicast(subject), replays: count)
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("multicast:[RACReplaySubject replaySubjectWithCapacity:\(count)]")
        case .reactiveSwift:
            .written("replay(\(count))", helpers: [CodeWriter.reactiveSwiftMulticast])
        case .combine:
            .written("multicast { ReplaySubject(capacity: \(count)) }", helpers: [.combineReplaySubject])
        case .concurrency:
            .written(
                "replay(\(count))", note: "replay(_:) starts at the first iteration: as replay N | autoconnect",
                helpers: [.subject, .replay])
        }
    }
}
