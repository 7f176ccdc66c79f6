/// `replayLazily`: connects at the first subscriber, never disconnects, replays all.
struct ReplayLazilyStep: PlayOperator {
    static let help = [
        PlaygroundGuide.op(
            "replayLazily", "replayLazily", "connects at the first subscriber, never disconnects, replays all",
            "\(PlaygroundGuide.rac)'s -replayLazily", "lazy = b | replayLazily")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> Self { Self() }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }
    func build(_ input: StepInput) throws(PlaygroundError) -> Stage { .signal(try input.signal().replayLazily()) }
    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("replayLazily")
        case .reactiveSwift:
            .written(
                "replayLazily(upTo: Int.max)",
                note: "ReactiveSwift's replayLazily started again from inside its own failure (a retry after it) "
                    + "takes its lock a second time, which a debug build stops at; RAC 2's replays it all again")
        case .combine:
            .written("replayLazily()", helpers: [.combineReplaySubject, Self.combineHelper])
        case .concurrency:
            .written("replayLazily()", helpers: [.subject, .replay])
        }
    }

    /// Combine has no replayLazily: connected at the first subscriber, never disconnected.
    static let combineHelper = CodeHelper(
        name: "replayLazily",
        lines: [
            "extension Publisher {",
            "    /// RAC 2's -replayLazily: subscribed at the first subscriber, never unsubscribed; replays all.",
            "    func replayLazily() -> AnyPublisher<Output, Failure> {",
            "        let subject = ReplaySubject<Output, Failure>(capacity: .max)",
            "        var connection: AnyCancellable?",
            "        return Deferred { () -> ReplaySubject<Output, Failure> in",
            "            if connection == nil { connection = self.subscribe(subject) }",
            "            return subject",
            "        }.eraseToAnyPublisher()",
            "    }",
            "}",
        ])
}
