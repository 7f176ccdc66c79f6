/// Sources and the pipeline's shape in ReactiveSwift: a SignalProducer, each step a method; what
/// ReactiveSwift lacks (RAC 2's multicast connection, bufferWithTime:, an error with a text) is a
/// helper written under the code.
extension CodeWriter {
    /// What a subject's source begins with: a pipe, whose input the code keeps as `NAMEInput`
    /// (what doNext and its siblings send into) and whose output `NAME` is a producer of.
    static func reactiveSwiftPipe(_ type: String) -> String { "Signal<\(type), Error>.pipe()" }

    static func reactiveSwiftLines(_ name: String, source: String, steps: [String]) -> [String] {
        guard source.hasPrefix("Signal<"), let pipe = source.firstRange(of: ", Error>.pipe()") else {
            return ["let \(name) = \(source)"] + steps.map { "    .\($0)" }
        }
        // A subject: the pipe's two ends named, the producer made of its output.
        return [
            "let (\(name)Output, \(name)Input) = \(source[..<pipe.upperBound])",
            "let \(name) = SignalProducer(\(name)Output)\(source[pipe.upperBound...])",
        ] + steps.map { "    .\($0)" }
    }

    static func reactiveSwiftSource(_ definition: Definition) -> OperatorCode {
        let type = elementType(definition)
        return switch definition.source {
        case .name(let name, _): .written(name)
        case .app(let words, _): .written(words.joined(separator: "_"))
        case .interval(let period):
            // timer sends dates; the playground's interval counts its ticks from 0.
            .written(
                "SignalProducer.timer(interval: \(dispatch(period)), on: QueueScheduler.main)"
                    + ".scanMap(0) { count, _ in (count + 1, count) }.promoteError(Error.self)")
        case .subject: .written(reactiveSwiftPipe(type))
        case .behaviorSubject(let value):
            .written(
                reactiveSwiftPipe(type) + ".prefix(value: \(swift(value))).replay(1).connected()",
                helpers: [reactiveSwiftMulticast])
        case .replaySubject(let capacity):
            .written(
                reactiveSwiftPipe(type) + ".replay(\(capacity.map(String.init) ?? "Int.max")).connected()",
                helpers: [reactiveSwiftMulticast])
        case .empty: .written("SignalProducer<\(type), Error>.empty")
        case .never: .written("SignalProducer<\(type), Error>.never")
        case .error(let text):
            .written(
                "SignalProducer<\(type), Error>(error: PlaygroundError(\"\(text)\"))", helpers: [reactiveSwiftError])
        case .sequence(let values):
            .written(
                "SignalProducer<\(type), Error>([\(values.map(swift).joined(separator: ", "))])"
            )
        case .create:
            .written("SignalProducer<\(type), Error> { observer, lifetime in /* send */ lifetime.observeEnded { } }")
        case .command(let enabled, let runs, let concurrent):
            // Action's enabledIf takes a property: RACCommand's is enabled until its signal says.
            .written(
                "Action("
                    + (enabled.map {
                        "enabledIf: Property(initial: true, then: \($0).flatMapError { _ in SignalProducer<Bool, Never>.empty })"
                    } ?? "")
                    + ") { (input: Any) in \(runs ?? "SignalProducer<Any, Error>(value: input)") }",
                note: concurrent ? "ReactiveSwift's Action runs one execution at a time: it has no concurrent one" : nil
            )
        case .marbles: marblesSource
        }
    }

    /// The error the playground's `error "text"` makes, and timeout raises.
    static let reactiveSwiftError = CodeHelper(
        name: "PlaygroundError",
        lines: [
            "struct PlaygroundError: Error, CustomStringConvertible {",
            "    let description: String",
            "    init(_ description: String) { self.description = description }",
            "}",
        ])

    /// RAC 2's RACMulticastConnection, which ReactiveSwift lacks: publish, replay N, replayLast
    /// and the replaying subjects.
    static let reactiveSwiftMulticast = CodeHelper(
        name: "Multicast",
        lines: [
            "/// RAC 2's RACMulticastConnection: connect() starts the source once, for every observer of",
            "/// producer. Replaying N, a later observer first hears the last N values and the end",
            "/// (RACReplaySubject); without, only what comes after it (RACSubject).",
            "final class Multicast<Value, Error: Swift.Error> {",
            "    private let source: SignalProducer<Value, Error>",
            "    private let capacity: Int",
            "    private var buffer: [Value] = []",
            "    private var end: Signal<Value, Error>.Event?",
            "    private let (output, input) = Signal<Value, Error>.pipe()",
            "    private var connection: SerialDisposable?",
            "",
            "    init(_ source: SignalProducer<Value, Error>, replaying capacity: Int) {",
            "        self.source = source",
            "        self.capacity = capacity",
            "    }",
            "",
            "    var producer: SignalProducer<Value, Error> {",
            "        SignalProducer { [self] observer, lifetime in",
            "            for value in buffer { observer.send(value: value) }",
            "            if let end {",
            "                // A RACSubject that has ended tells a later observer nothing.",
            "                if capacity > 0 { observer.send(end) }",
            "                return",
            "            }",
            "            lifetime += output.observe(observer)",
            "        }",
            "    }",
            "",
            "    /// Starts the source, once for the connection's life; disposing it disconnects for good.",
            "    @discardableResult func connect() -> Disposable {",
            "        if let connection { return connection }",
            "        let started = SerialDisposable()",
            "        connection = started",
            "        started.inner = source.start { [self] event in",
            "            if case .value(let value) = event, capacity > 0 {",
            "                buffer.append(value)",
            "                if buffer.count > capacity { buffer.removeFirst() }",
            "            }",
            "            if event.isTerminating { end = event }",
            "            input.send(event)",
            "        }",
            "        return started",
            "    }",
            "",
            "    /// Connected now: what the subject (or replayLast) hands every observer.",
            "    func connected() -> SignalProducer<Value, Error> {",
            "        connect()",
            "        return producer",
            "    }",
            "",
            "    /// Connects at the first observer and disconnects after the last, never again.",
            "    func autoconnect() -> SignalProducer<Value, Error> {",
            "        var observers = 0",
            "        return SignalProducer { [self] observer, lifetime in",
            "            observers += 1",
            "            lifetime += producer.start(observer)",
            "            if observers == 1 { connect() }",
            "            lifetime.observeEnded {",
            "                observers -= 1",
            "                if observers == 0 { self.connection?.dispose() }",
            "            }",
            "        }",
            "    }",
            "}",
            "",
            "extension SignalProducer {",
            "    func publish() -> Multicast<Value, Error> { Multicast(self, replaying: 0) }",
            "    func replay(_ count: Int) -> Multicast<Value, Error> { Multicast(self, replaying: count) }",
            "}",
        ])

    /// RAC 2's bufferWithTime:onScheduler:, which ReactiveSwift's collect(every:) is not: its
    /// window starts at the first value held, not on a fixed beat.
    static let reactiveSwiftBuffer = CodeHelper(
        name: "buffer(forTime:on:)",
        lines: [
            "extension SignalProducer {",
            "    /// The values of `interval` from the first one held, sent together; the completion",
            "    /// sends the rest first, an error drops them.",
            "    func buffer(forTime interval: TimeInterval, on scheduler: DateScheduler) -> SignalProducer<[Value], Error> {",
            "        SignalProducer<[Value], Error> { observer, lifetime in",
            "            var values: [Value] = []",
            "            let timer = SerialDisposable()",
            "            lifetime += timer",
            "            func flush() {",
            "                timer.inner = nil",
            "                guard !values.isEmpty else { return }",
            "                let batch = values",
            "                values = []",
            "                observer.send(value: batch)",
            "            }",
            "            lifetime += start { event in",
            "                switch event {",
            "                case .value(let value):",
            "                    if values.isEmpty {",
            "                        timer.inner = scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(interval)) {",
            "                            flush()",
            "                        }",
            "                    }",
            "                    values.append(value)",
            "                case .failed(let error): observer.send(error: error)",
            "                case .completed:",
            "                    flush()",
            "                    observer.sendCompleted()",
            "                case .interrupted: observer.sendInterrupted()",
            "                }",
            "            }",
            "        }",
            "    }",
            "}",
        ])
}
