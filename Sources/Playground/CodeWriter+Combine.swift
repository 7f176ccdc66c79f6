/// Sources and the pipeline's shape in Combine: a publisher, each step a method.
extension CodeWriter {
    static func combineLines(_ name: String, source: String, steps: [String]) -> [String] {
        ["let \(name) = \(source)"] + steps.map { "    .\($0)" }
    }

    static func combineSource(_ definition: Definition) -> OperatorCode {
        let type = elementType(definition)
        return switch definition.source {
        case .name(let name, _): .written(name)
        case .app(let words, _): .written(words.joined(separator: "_"))
        case .interval(let period):
            .written("Timer.publish(every: \(seconds(period)), on: .main, in: .common).autoconnect()")
        case .subject: .written("PassthroughSubject<\(type), Error>()")
        case .behaviorSubject(let value): .written("CurrentValueSubject<\(type), Error>(\(swift(value)))")
        case .replaySubject(let capacity):
            .written(
                "ReplaySubject<\(type), Error>(capacity: \(capacity.map(String.init) ?? ".max"))",
                helpers: [.combineReplaySubject])
        case .empty: .written("Empty<\(type), Error>()")
        case .never: .written("Empty<\(type), Error>(completeImmediately: false)")
        case .error(let text):
            .written("Fail<\(type), Error>(error: PlaygroundError(\"\(text)\"))", helpers: [.combineError])
        // An array is Swift's pulled sequence: the signal step makes its publisher. Literals of
        // several kinds are an array Swift infers only when told it is of Any.
        case .sequence(let values):
            .written(
                (type == "Any"
                    ? "([\(values.map(swift).joined(separator: ", "))] as [Any])"
                    : "[\(values.map(swift).joined(separator: ", "))]")
                    + (definition.steps.contains { $0.step is SignalStep }
                        ? "" : ".publisher.setFailureType(to: Error.self)"))
        case .create:
            .written(
                "PassthroughSubject<\(type), Error>().handleEvents(receiveCancel: { /* clean up */ })",
                note: "Combine has no createSignal: a PassthroughSubject sent into, with handleEvents for the clean-up")
        case .command(_, let runs, _):
            .written(
                "{ (input: Any) in \(runs ?? "Just(input)") }",
                note: "Combine has no command: a function that returns \(runs ?? "the input's publisher") stands in")
        case .marbles: marblesSource
        }
    }
}

/// What Combine lacks, written under the code that uses it.
extension CodeHelper {
    /// The error the playground's sources and timeouts fail with.
    static let combineError = CodeHelper(
        name: "PlaygroundError",
        lines: [
            "struct PlaygroundError: Error {", "    let text: String", "    init(_ text: String) { self.text = text }",
            "}",
        ])

    /// RAC 2's RACReplaySubject: each new subscriber first hears the last `capacity` values, at
    /// the pace it asks for them, then the end if there was one.
    static let combineReplaySubject = CodeHelper(
        name: "ReplaySubject",
        lines: [
            "final class ReplaySubject<Output, Failure: Error>: Subject {",
            "    private let capacity: Int",
            "    private var buffer: [Output] = []",
            "    private var completion: Subscribers.Completion<Failure>?",
            "    private var replays: [Replay] = []",
            "",
            "    init(capacity: Int) { self.capacity = capacity }",
            "",
            "    func send(_ value: Output) {",
            "        guard completion == nil else { return }",
            "        buffer.append(value)",
            "        if buffer.count > capacity { buffer.removeFirst() }",
            "        replays.removeAll { $0.isCancelled }",
            "        for replay in replays { replay.receive(value) }",
            "    }",
            "",
            "    func send(completion: Subscribers.Completion<Failure>) {",
            "        guard self.completion == nil else { return }",
            "        self.completion = completion",
            "        for replay in replays { replay.receive(completion: completion) }",
            "    }",
            "",
            "    func send(subscription: Subscription) { subscription.request(.unlimited) }",
            "",
            "    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {",
            "        let replay = Replay(AnySubscriber(subscriber), queued: buffer, completion: completion)",
            "        replays.append(replay)",
            "        subscriber.receive(subscription: replay)",
            "    }",
            "",
            "    /// One subscriber's queue: what it has not asked for yet waits, in order.",
            "    private final class Replay: Subscription {",
            "        private var downstream: AnySubscriber<Output, Failure>?",
            "        private var queued: [Output]",
            "        private var completion: Subscribers.Completion<Failure>?",
            "        private var demand = Subscribers.Demand.none",
            "        var isCancelled: Bool { downstream == nil }",
            "",
            "        init(_ downstream: AnySubscriber<Output, Failure>, queued: [Output],",
            "             completion: Subscribers.Completion<Failure>?) {",
            "            (self.downstream, self.queued, self.completion) = (downstream, queued, completion)",
            "        }",
            "",
            "        func receive(_ value: Output) {",
            "            queued.append(value)",
            "            flush()",
            "        }",
            "",
            "        func receive(completion: Subscribers.Completion<Failure>) {",
            "            self.completion = completion",
            "            flush()",
            "        }",
            "",
            "        func request(_ demand: Subscribers.Demand) {",
            "            self.demand += demand",
            "            flush()",
            "        }",
            "",
            "        func cancel() { downstream = nil }",
            "",
            "        private func flush() {",
            "            while let downstream, demand > 0, !queued.isEmpty {",
            "                demand -= 1",
            "                demand += downstream.receive(queued.removeFirst())",
            "            }",
            "            if queued.isEmpty, let completion, let downstream {",
            "                self.downstream = nil",
            "                downstream.receive(completion: completion)",
            "            }",
            "        }",
            "    }",
            "}",
        ])
}
