/// Sources and the pipeline's shape in Swift concurrency: an AsyncSequence, each step a method
/// (the standard library's, swift-async-algorithms' or a helper's).
extension CodeWriter {
    static func concurrencyLines(_ name: String, source: String, steps: [String]) -> [String] {
        ["let \(name) = \(source)"] + steps.map { "    .\($0)" }
    }

    static func concurrencySource(_ definition: Definition) -> OperatorCode {
        let type = elementType(definition, any: "any Sendable")
        return switch definition.source {
        case .name(let name, _): .written(name)
        case .app(let words, _): .written(words.joined(separator: "_"))
        case .interval(let period):
            // The timer sends instants; counting them gives 0, 1, 2… as the playground's interval.
            .written(
                "AsyncTimerSequence(interval: \(dispatch(period)), clock: clock).reductions(-1) { count, _ in count + 1 }",
                note: clockNote)
        case .subject: .written("Subject<\(type)>()", note: subjectNote, helpers: [.subject])
        case .behaviorSubject(let value):
            .written("Subject(current: \(swift(value)))", note: subjectNote, helpers: [.subject])
        case .replaySubject(let count):
            .written(
                "Subject<\(type)>(replaying: \(count.map(String.init) ?? ".max"))", note: subjectNote,
                helpers: [.subject])
        case .empty: .written("[\(type)]().async")
        case .never:
            .written("AsyncChannel<\(type)>()", note: "an AsyncChannel nothing sends into never ends, as never")
        case .error(let text):
            .written(
                "AsyncSignal<\(type)> { _ in throw Failure(\"\(text)\") }", helpers: [.asyncSignal, .failure])
        // Literals of several kinds: an array Swift infers only when told, of values it may send.
        case .sequence(let values):
            .written(
                type == "any Sendable"
                    ? "([\(values.map(swift).joined(separator: ", "))] as [any Sendable]).async"
                    : "[\(values.map(swift).joined(separator: ", "))].async")
        case .create:
            .written(
                "AsyncSignal<\(type)> { out in /* out.yield(value) */ try await withTaskCancellationHandler { /* wait */ } "
                    + "onCancel: { /* clean up */ } }",
                note:
                    "Swift concurrency has no createSignal: an AsyncSignal's body sends, and its cancellation cleans up",
                helpers: [.asyncSignal])
        case .command(_, let runs, _):
            .written(
                "{ (input: Int) in Task { for try await value in \(runs ?? "[input].async") { print(value) } } }",
                note: "Swift concurrency has no command: a function that runs \(runs ?? "the input's sequence") in a "
                    + "Task stands in; cancelling the Task stops it, and a view model disables its button while it runs"
            )
        case .marbles: marblesSource
        }
    }

    /// The helpers a package's own files use in `library` beside its pipelines': the async
    /// ViewModels' inputs are subjects, and each pipeline ends as an AsyncSignal.
    public static func packageHelpers(in library: Library) -> [(name: String, lines: [String])] {
        library == .concurrency ? [CodeHelper.asyncSignal, .subject].map { ($0.name, $0.lines) } : []
    }

    /// Said under every code that waits: where its clock comes from.
    static let clockNote =
        "clock is the app's: let clock = ContinuousClock() (a test passes its own clock, as the check does)"

    static let subjectNote =
        "Subject is a helper: AsyncChannel's send waits until each value is taken, by one iteration; a subject's does not"

    /// Swift's value as an async function's argument or result: a tuple's for a pair's reduce.
    static func concurrency(_ reduction: PairReduction) -> String {
        switch reduction {
        case .function(let function): swift(function)
        case .reducer(let reducer): swift(reducer)
        }
    }

    /// The note each timed step writes, with the helpers it names.
    static func timed(_ text: String, note: String? = nil, helpers: [CodeHelper] = []) -> OperatorCode {
        .written(text, note: note.map { clockNote + "; " + $0 } ?? clockNote, helpers: helpers)
    }
}
