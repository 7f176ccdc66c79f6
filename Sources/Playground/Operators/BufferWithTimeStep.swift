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
    func renamed(_ rename: (String) -> String) -> Self { self }

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
            // Not collect(.byTime): it cuts its windows from the subscription, RAC 2's from the first
            // value held.
            .written(
                "bufferWithTime(\(CodeWriter.dispatch(interval)), scheduler: DispatchQueue.main)",
                helpers: [Self.combineHelper])
        case .concurrency:
            CodeWriter.timed(
                "buffer(for: \(CodeWriter.dispatch(interval)), clock: clock)",
                helpers: [.asyncSignal, .heard, .bufferWithTime])
        }
    }

    /// RAC 2's buffer, which Combine's collect(.byTime) is not: a window opens at the first value
    /// held, and what is held is sent at the end too (not on a failure).
    static let combineHelper = CodeHelper(
        name: "bufferWithTime",
        lines: [
            "extension Publisher {",
            "    /// RAC 2's -bufferWithTime:onScheduler:: the values held since the first of them, sent together",
            "    /// `interval` after it; at the end, what is held is sent first.",
            "    func bufferWithTime<S: Scheduler>(_ interval: S.SchedulerTimeType.Stride, scheduler: S)",
            "        -> AnyPublisher<[Output], Failure>",
            "    {",
            "        let upstream = self",
            "        return Deferred { () -> AnyPublisher<[Output], Failure> in",
            "            let out = PassthroughSubject<[Output], Failure>()",
            "            var held: [Output] = []",
            "            // A window's timer sends only if no end or earlier flush came since it was set.",
            "            var window = 0",
            "            var subscription: AnyCancellable?",
            "            func flush() {",
            "                window += 1",
            "                guard !held.isEmpty else { return }",
            "                let values = held",
            "                held = []",
            "                out.send(values)",
            "            }",
            "            // The source is subscribed at the first demand, once what comes out has a subscriber.",
            "            return out.handleEvents(",
            "                receiveCancel: {",
            "                    window += 1",
            "                    subscription?.cancel()",
            "                },",
            "                receiveRequest: { _ in",
            "                    guard subscription == nil else { return }",
            "                    subscription = upstream.sink(",
            "                        receiveCompletion: { completion in",
            "                            if case .finished = completion { flush() }",
            "                            out.send(completion: completion)",
            "                        },",
            "                        receiveValue: { value in",
            "                            if held.isEmpty {",
            "                                let opened = window",
            "                                scheduler.schedule(after: scheduler.now.advanced(by: interval)) {",
            "                                    if window == opened { flush() }",
            "                                }",
            "                            }",
            "                            held.append(value)",
            "                        })",
            "                }",
            "            ).eraseToAnyPublisher()",
            "        }.eraseToAnyPublisher()",
            "    }",
            "}",
        ])
}
