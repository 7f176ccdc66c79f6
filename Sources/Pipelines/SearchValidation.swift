import Playground
import Reactive
import Shell
import ViewModels

/// A learner's validation of the search text (`validation mine = searchText | map length | map >2`)
/// as the search screen runs it: the text as a playground value, each step a lane of `search`,
/// what comes out read as `isSearchValid`.
@MainActor
enum SearchValidation {
    static let inputs: [String: OwnPipeline.Kind] = ["searchText": .text]

    /// Makes `validation` drive the search screen's `isSearchValid` (and so the command's `enabled`).
    static func apply(_ validation: OwnPipeline, to search: SearchViewModel, log: EventLog?) {
        let budget = OwnPipeline.Budget()
        search.setValidation(named: validation.name) { text, scheduler in
            let built = try? validation.build(
                inputs: ["searchText": text.map { .text(PlayValue.safe($0)) }], scheduler: scheduler, budget: budget
            ) { signal, title in
                signal.traced(StreamName(owner: "search", title), in: log)
            }
            let values = built ?? .empty
            return Signal<Bool> { observer in
                values.subscribe { event in
                    // A value that is not true or false says nothing; an error leaves it as it stands.
                    if case .next(.bool(let valid)) = event { observer.send(.next(valid)) }
                }
            }
        }
    }
}

extension CommandTable {
    package static let validation: ShellCommand = ShellCommand(
        name: "validation",
        parameters: [.init(name: "NAME = searchText | STEP …", kind: .text(suggestions: .none), isOptional: true)],
        synopsis: "validation [NAME = searchText | STEP …]",
        summary: "define the search text's validation of your own, in the playground's notation; "
            + "set validation NAME makes it drive isSearchValid (and so the search's enabled); alone, lists them",
        example: "validation mine = searchText | map length | map >2",
        details: [
            "its input is searchText (where it stands, then each change); it must end in true/false (map >2, "
                + "map =sunset…); set validation length puts the tutorial's back"
        ],
        run: { arguments, context throws(CommandFailure) in
            guard let text = arguments.text(0) else {
                let defined = context.pipelines.validations
                if defined.isEmpty { context.say("no validations of your own yet: validation NAME = searchText | …") }
                for validation in defined { context.say("\(validation.name) = \(validation.shown)") }
                return .succeeded
            }
            let validation = try OwnPipeline.checked(
                text, inputs: SearchValidation.inputs, column: 12, ending: .bool,
                otherwise: "a validation ends in true/false: … | map >2")
            guard context.pipelines.keep(validation: validation) else {
                throw CommandFailure("\(PipelineState.limit) validations are defined, the most a session keeps")
            }
            context.say("validation \(validation.name): set validation \(validation.name) makes it drive isSearchValid")
            return .succeeded
        })
}

extension CommandContext {
    /// `set validation NAME`: a learner's validation, or `length` for the tutorial's.
    package func setValidation(named name: String) throws(CommandFailure) {
        guard let search = navigator.search else { return }
        let name = pipelines.forcedValidation ?? name
        if name == "length" { return search.setValidation(named: name, nil) }
        guard let validation = pipelines.validations.last(where: { $0.name == name }) else {
            throw CommandFailure("set validation takes length or a validation of your own (validation lists them)")
        }
        SearchValidation.apply(validation, to: search, log: instrumentation.eventLog)
    }

    /// The validations `set validation` takes now.
    package var validationNames: [String] { ["length"] + pipelines.validations.map(\.name) }
}
