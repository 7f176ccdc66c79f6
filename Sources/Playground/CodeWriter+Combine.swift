/// Sources and the pipeline's shape in Combine: a publisher, each step a method.
extension CodeWriter {
    static func combineLines(_ name: String, source: String, steps: [String]) -> [String] {
        ["let \(name) = \(source)"] + steps.map { "    .\($0)" }
    }

    static func combineSource(_ source: Definition.Source) -> OperatorCode {
        switch source {
        case .name(let name, _): .written(name)
        case .app(let words, _): .written(words.joined(separator: "_"))
        case .interval(let period):
            .written("Timer.publish(every: \(seconds(period)), on: .main, in: .common).autoconnect()")
        case .subject: .written("PassthroughSubject<Any, Error>()")
        case .behaviorSubject(let value): .written("CurrentValueSubject<Any, Error>(\(swift(value)))")
        case .replaySubject:
            .standIn(
                "PassthroughSubject<Any, Error>()",
                note: "no replay subject in Combine: a subject shared with replay stands in")
        case .empty: .written("Empty<Any, Error>()")
        case .never: .written("Empty<Any, Error>(completeImmediately: false)")
        case .error(let text): .written("Fail<Any, Error>(error: PlaygroundError(\"\(text)\"))")
        case .sequence(let values): .written("[\(values.map(swift).joined(separator: ", "))].publisher")
        case .create:
            .written(
                "PassthroughSubject<Any, Error>().handleEvents(receiveCancel: { /* clean up */ })",
                note: "Combine has no createSignal: a PassthroughSubject sent into, with handleEvents for the clean-up")
        case .command(_, let runs, _):
            .written(
                "{ (input: Any) in \(runs ?? "Just(input)") }",
                note: "Combine has no command: a function that returns \(runs ?? "the input's publisher") stands in")
        case .marbles: marblesSource
        }
    }
}
