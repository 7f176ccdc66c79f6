/// Sources and the pipeline's shape in ReactiveSwift: a SignalProducer, each step a method.
extension CodeWriter {
    static func reactiveSwiftLines(_ name: String, source: String, steps: [String]) -> [String] {
        ["let \(name) = \(source)"] + steps.map { "    .\($0)" }
    }

    static func reactiveSwiftSource(_ source: Definition.Source) -> OperatorCode {
        switch source {
        case .name(let name, _): .written(name)
        case .app(let words, _): .written(words.joined(separator: "_"))
        case .interval(let period):
            .written("SignalProducer.timer(interval: \(dispatch(period)), on: QueueScheduler.main)")
        case .subject: .written("Signal<Any, Error>.pipe().output")
        case .behaviorSubject(let value): .written("MutableProperty(\(swift(value))).producer")
        case .replaySubject(let capacity):
            .standIn(
                "Signal<Any, Error>.pipe().output.producer.replayLazily(upTo: \(capacity ?? Int.max))",
                note: "no replay subject in ReactiveSwift: a subject shared with replay stands in")
        case .empty: .written("SignalProducer<Any, Error>.empty")
        case .never: .written("SignalProducer<Any, Error>.never")
        case .error(let text): .written("SignalProducer<Any, Error>(error: PlaygroundError(\"\(text)\"))")
        case .sequence(let values): .written("SignalProducer([\(values.map(swift).joined(separator: ", "))])")
        case .create:
            .written("SignalProducer<Any, Error> { observer, lifetime in /* send */ lifetime.observeEnded { } }")
        case .command(let enabled, let runs, _):
            .written(
                "Action<Any, Any, Error>(\(enabled.map { "enabledIf: \($0)" } ?? "")) { input in "
                    + "\(runs ?? "SignalProducer(value: input)") }")
        case .marbles: marblesSource
        }
    }
}
