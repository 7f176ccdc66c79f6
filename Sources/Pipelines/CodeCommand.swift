import Playground
import Shell

/// `code NAME [--rac2|--reactiveswift|--combine]`: a pipeline written as code to take home.
extension CommandTable {
    package static let code: ShellCommand = ShellCommand(
        name: "code",
        parameters: [
            .init(name: "NAME", kind: .word(suggestions: .reading { _, context in names(context) })),
            .init(name: "--rac2|--reactiveswift|--combine", kind: .choice(libraries), isOptional: true),
        ],
        summary: "a pipeline (yours, a validation, a playground signal, or the tutorial's original or naive) written "
            + "as ReactiveCocoa 2, ReactiveSwift or Combine code, made from its definition",
        example: "code mine --combine",
        details: [
            "without a library: ReactiveCocoa 2, the tutorials' own; where a library has no such operator, a note "
                + "says what stands in"
        ],
        misuse: "code takes a name and a library: code NAME [--rac2|--reactiveswift|--combine]", effect: .readsOnly,
        run: { arguments, context throws(CommandFailure) in
            let name = arguments.text(0) ?? ""
            let library = CodeWriter.Library(rawValue: String((arguments.text(1) ?? "--rac2").dropFirst(2))) ?? .rac2
            guard let text = definition(of: name, context) else {
                if name == "fixed" {
                    throw CommandFailure(
                        "fixed has no form in the notation (each show waits, each hide cancels: flattenMap and "
                            + "switchToLatest over a condition): code original or naive, or write your own")
                }
                throw CommandFailure("no pipeline or signal named '\(name.sanitizedForTerminal.prefix(40))' to write")
            }
            do throws(PlaygroundError) {
                try CodeWriter.code(text, in: library).forEach(context.say)
            } catch {
                throw CommandFailure(error.message)
            }
            return .succeeded
        })

    private static let libraries = CodeWriter.Library.allCases.map { "--" + $0.rawValue }

    /// What `code` can write now, for Tab: one's own pipelines and validations, the playground's
    /// names, the tutorial's pipelines.
    private static func names(_ context: CommandContext) -> [String] {
        context.pipelines.defined.map(\.pipeline.name) + context.pipelines.validations.map(\.name)
            + context.playground.names + builtIn.keys.sorted()
    }

    /// The definition `name` stands for: a learner's pipeline or validation, a playground name, or
    /// the tutorial's pipelines as the notation writes them.
    private static func definition(of name: String, _ context: CommandContext) -> String? {
        if let own = context.pipelines.pipeline(named: name) { return own.pipeline.text }
        if let own = context.pipelines.validations.last(where: { $0.name == name }) { return own.text }
        if let text = context.playground.definitionText(name) { return text }
        return builtIn[name].map { "\(name) = \($0)" }
    }

    /// The tutorial's pipelines in the notation (vmsh's `fixed` has none: see `code fixed`).
    private static let builtIn = [
        "original": "isVisible | filter true | delay 1s | takeUntil hidden | flattenMap metadata",
        "naive": "isVisible | filter true | flattenMap metadata",
    ]
}
