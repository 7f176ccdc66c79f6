/// `doNext`, `doCompleted` and `doError SUBJECT`: a side effect before the event goes on. RAC 2
/// takes a block; here it is a send into a subject: the value, the word completed, or the
/// error's text.
struct SideEffectStep: PlayOperator {
    /// Which event it sees, named by its word.
    enum Event: String {
        case next = "doNext"
        case completed = "doCompleted"
        case error = "doError"
    }

    let event: Event
    let subject: String

    static let help = [
        PlaygroundGuide.op(
            "doNext", "doNext SUBJECT", "each value also sent into SUBJECT, before it goes on",
            "\(PlaygroundGuide.rac)'s -doNext: (its block here a send into a subject)", "logged = b | doNext s"),
        PlaygroundGuide.op(
            "doCompleted", "doCompleted SUBJECT", "the word completed sent into SUBJECT before the completion goes on",
            "\(PlaygroundGuide.rac)'s -doCompleted:", "done = b | doCompleted s"),
        PlaygroundGuide.op(
            "doError", "doError SUBJECT", "the error's text sent into SUBJECT before the error goes on",
            "\(PlaygroundGuide.rac)'s -doError:", "noted = b | doError s"),
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> SideEffectStep {
        let event = Event(rawValue: word.text) ?? .next
        let what =
            switch event {
            case .next: "doNext (a subject to send each value into)"
            case .completed: "doCompleted (a subject to send into)"
            case .error: "doError (a subject to send the error into)"
            }
        return SideEffectStep(event: event, subject: try reader.name(after: what))
    }

    var reads: [String] { [subject] }
    func renamed(_ rename: (String) -> String) -> Self { SideEffectStep(event: event, subject: rename(subject)) }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        let signal = try input.signal()
        let send = try input.builder.subjectSend(subject, at: input.column, for: event.rawValue)
        return switch event {
        case .next: .signal(signal.doNext { send($0) })
        case .completed: .signal(signal.doCompleted { send(.text("completed")) })
        case .error: .signal(signal.doError { send(.text(PlayFailure.text(of: $0))) })
        }
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            switch event {
            case .next: .written("doNext:^(id value) { [\(subject) sendNext:value]; }")
            case .completed: .written("doCompleted:^{ [\(subject) sendNext:@\"completed\"]; }")
            case .error: .written("doError:^(NSError *error) { [\(subject) sendNext:error.localizedDescription]; }")
            }
        case .reactiveSwift:
            switch event {
            case .next: .written("on(value: { \(subject)Input.send(value: $0) })")
            case .completed: .written("on(completed: { \(subject)Input.send(value: \"completed\") })")
            case .error: .written("on(failed: { \(subject)Input.send(value: \"\\($0)\") })")
            }
        case .combine:
            switch event {
            case .next: .written("handleEvents(receiveOutput: { \(subject).send($0) })")
            case .completed:
                .written(
                    "handleEvents(receiveCompletion: { if case .finished = $0 { \(subject).send(\"completed\") } })")
            case .error:
                .written(
                    "handleEvents(receiveCompletion: { if case .failure(let error) = $0 { "
                        + "\(subject).send(String(describing: error)) } })")
            }
        case .concurrency:
            switch event {
            case .next: .written("handleEvents(next: { \(subject).send($0) })", helpers: [.asyncSignal, .sideEffects])
            case .completed:
                .written(
                    "handleEvents(completed: { \(subject).send(\"completed\") })",
                    helpers: [.asyncSignal, .sideEffects])
            case .error:
                .written(
                    "handleEvents(failed: { \(subject).send(String(describing: $0)) })",
                    helpers: [.asyncSignal, .sideEffects])
            }
        }
    }
}
