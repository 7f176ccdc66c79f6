/// `replayLast`: connects at once; each subscriber first hears the latest value.
struct ReplayLastStep: PlayOperator {
    static let help = [
        PlaygroundGuide.op(
            "replayLast", "replayLast", "connects at once; each subscriber first hears the latest value",
            "\(PlaygroundGuide.rac)'s -replayLast", "last = b | replayLast")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> Self { Self() }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        let (shared, connection) = try input.signal().replayLast()
        // Connected for as long as the definition lives.
        input.builder.keep(connection)
        return .signal(shared)
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("replayLast")
        case .reactiveSwift:
            .written(
                "replay(1).connected()", note: "replayLast is RAC 2's: replay(1), connected at once, writes it",
                helpers: [CodeWriter.reactiveSwiftMulticast])
        case .combine:
            .written("replayLast()", helpers: [.combineReplaySubject, Self.combineHelper])
        case .concurrency:
            .written("replayLast()", helpers: [.subject, .replay])
        }
    }

    /// Combine has no replayLast: connected at once and for good, as RAC 2's.
    static let combineHelper = CodeHelper(
        name: "replayLast",
        lines: [
            "extension Publisher {",
            "    /// RAC 2's -replayLast: subscribed at once, for good; each subscriber first hears the latest value.",
            "    func replayLast() -> AnyPublisher<Output, Failure> {",
            "        let subject = ReplaySubject<Output, Failure>(capacity: 1)",
            "        let connection = subscribe(subject)",
            "        // The connection lives as long as what is returned: RAC 2's never ends.",
            "        return subject.handleEvents(receiveCancel: { _ = connection }).eraseToAnyPublisher()",
            "    }",
            "}",
        ])
}
