import Shell

/// `set`: the settings, which are mostly the pipelines' (the rows' metadata pipeline, the search's
/// validation), and the transcript's format.
extension CommandTable {
    private static let formats = ["text", "jsonl"]

    package static let set: ShellCommand = ShellCommand(
        name: "set",
        parameters: [
            .init(
                name: "pipeline|validation|format", kind: .choice(["pipeline", "validation", "format"]),
                isOptional: true, invalid: { "no setting '\($0)': the settings are: pipeline, validation, format" }),
            .init(
                name: "VALUE",
                kind: .word(
                    suggestions: .reading { previous, context in
                        switch previous {
                        case "format": formats
                        case "pipeline": context.metadataPipelineNames
                        case "validation": context.validationNames
                        default: []
                        }
                    }), isOptional: true),
        ],
        synopsis: "set [pipeline original|fixed|naive|NAME] [validation length|NAME] [format text|jsonl]",
        summary: "show the settings; run new rows' metadata pipeline as the tutorial wrote it or as vmsh does; "
            + "print the transcript or JSON lines",
        example: "set pipeline original", misuse: "set pipeline takes original, fixed or naive",
        effect: .readsOnlyWithoutArguments, isListing: true,
        run: { arguments, context throws(CommandFailure) in
            let instrumentation = context.instrumentation
            let control = context.session.control
            switch arguments.text(0) {
            case nil:
                context.say("pipeline \(instrumentation.metadataPipeline.name)")
                context.say("validation \(context.navigator.search?.validationName ?? "length")")
                context.say("format \(control?.writesJSONLines == true ? "jsonl" : "text")")
            case "format":
                guard let format = arguments.text(1), formats.contains(format) else {
                    throw CommandFailure("set format takes text or jsonl")
                }
                control?.writesJSONLines = format == "jsonl"
                context.say("format \(format)")
            case "validation":
                guard let name = arguments.text(1) else { throw CommandFailure("set validation takes length or NAME") }
                try context.setValidation(named: name)
                context.say("validation \(name): drives isSearchValid from now on")
            default:
                guard let pipeline = arguments.text(1).flatMap(context.metadataPipeline(named:)) else {
                    let own =
                        context.pipelines.defined.isEmpty ? "" : " or a pipeline of your own (pipeline lists them)"
                    throw CommandFailure("set pipeline takes original, fixed or naive\(own)")
                }
                instrumentation.metadataPipeline = pipeline
                context.say("pipeline \(pipeline.name): applies to the rows of the next search")
            }
            return .succeeded
        })
}
