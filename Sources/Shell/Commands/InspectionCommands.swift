import PhotoModel
import TerminalViews
import ViewModels

/// `set`, `inspect` and `stats`: the state behind the screen, and the one setting.
extension CommandTable {
    static let set: ShellCommand = ShellCommand(
        name: "set",
        parameters: [
            .init(
                name: "pipeline", kind: .choice(["pipeline"]), isOptional: true,
                invalid: { "no setting '\($0)': the settings are: pipeline" }),
            .init(name: "original|fixed", kind: .choice(MetadataPipeline.allCases.map(\.rawValue)), isOptional: true),
        ],
        synopsis: "set [pipeline original|fixed]",
        summary: "show the settings, or run new rows' metadata pipeline as the tutorial wrote it or as vmsh does",
        example: "set pipeline original", misuse: "set pipeline takes original or fixed",
        run: { arguments, context throws(CommandFailure) in
            let instrumentation = context.instrumentation
            guard arguments.text(0) != nil else {
                context.say("pipeline \(instrumentation.metadataPipeline.rawValue)")
                return .succeeded
            }
            guard let pipeline = arguments.text(1).flatMap(MetadataPipeline.init(rawValue:)) else {
                throw CommandFailure("set pipeline takes original or fixed")
            }
            instrumentation.metadataPipeline = pipeline
            context.say("pipeline \(pipeline.rawValue): applies to the rows of the next search")
            return .succeeded
        })

    static let inspect: ShellCommand = ShellCommand(
        name: "inspect",
        summary: "the top ViewModel's properties and their current values (the model of the view)",
        example: "inspect",
        run: { _, context throws(CommandFailure) in
            guard let top = context.navigator.top else { return .succeeded }
            context.say(Navigator.typeName(top.viewModel))
            let properties = top.inspect()
            let width = properties.map(\.name.count).max() ?? 0
            for (name, value) in properties { context.say("  " + name.padded(to: width) + "  " + value) }
            return .succeeded
        })

    static let stats: ShellCommand = ShellCommand(
        name: "stats",
        summary: "service calls per method, calls saved by the visibility delay, live ViewModels",
        example: "stats",
        run: { _, context throws(CommandFailure) in
            if let counted = context.service as? any ServiceCallCounting {
                context.say("service calls")
                let calls = counted.calls
                let methods = calls.started.keys.sorted()
                if methods.isEmpty { context.say("  none yet") }
                let width = methods.map(\.count).max() ?? 0
                for method in methods {
                    var line = "  " + method.padded(to: width) + "  \(calls.started[method, default: 0])"
                    let cancelled = calls.cancelled[method, default: 0]
                    let failed = calls.failed[method, default: 0]
                    if cancelled > 0 { line += ", \(cancelled) cancelled" }
                    if failed > 0 { line += ", \(failed) failed" }
                    context.say(line)
                }
            }
            let instrumentation = context.instrumentation
            context.say("metadata calls saved by the visibility delay: \(instrumentation.savedMetadataCalls)")
            context.say("live ViewModels")
            let live = instrumentation.liveCounts
            let width = live.map(\.type.count).max() ?? 0
            for (type, count) in live { context.say("  " + type.padded(to: width) + "  \(count)") }
            return .succeeded
        })
}
