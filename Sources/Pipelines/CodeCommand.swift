import Playground
import PlaygroundSession
import Shell

/// `code NAME [--rac2|--reactiveswift|--combine|--async]`: a pipeline written as code to take home;
/// `code --package DIR [LIBRARY]`: the whole ViewModel layer as a package (CodeCommand+Package.swift).
extension CommandTable {
    package static let code: ShellCommand = ShellCommand(
        name: "code",
        parameters: [
            .init(
                name: "NAME", kind: .word(suggestions: .reading { _, context in names(context) }), isOptional: true),
            .init(name: "--rac2|--reactiveswift|--combine|--async", kind: .choice(libraries), isOptional: true),
        ],
        options: [Parameter(name: "--package", kind: .word(suggestions: .none), isOptional: true, valueName: "DIR")],
        synopsis: "code NAME|--package DIR [--rac2|--reactiveswift|--combine|--async]",
        summary:
            "a pipeline (yours, a validation, a playground signal, or the app's fixed, original, naive or length) written "
            + "as ReactiveCocoa 2, ReactiveSwift, Combine or Swift concurrency code, made from its definition",
        example: "code mine --combine",
        details: [
            "without a library: ReactiveCocoa 2, the tutorials' own; what a library lacks is a helper written once "
                + "under the code (// helper: NAME), and a note says where its nearest operator means otherwise",
            "from RAC 2 to Swift concurrency (--async), a word at a time: a RACSignal is an AsyncSequence (cold, as "
                + "the AsyncSignal helper is); subscribeNext: is a for-await loop in a Task, and disposing is "
                + "cancelling that Task; a scheduler is a clock (the app's ContinuousClock, a test's own clock)",
            "-map: and -filter: keep their names; -take: and -skip: are the standard library's prefix and "
                + "dropFirst; -distinctUntilChanged is removeDuplicates; -switchToLatest is swift-async-algorithms' "
                + "flatMapLatest; RAC 2's -throttle: is debounce there and in Combine, whose throttle means otherwise",
            "the tutorial's delay 1s | takeUntil hidden is a sleeping child task that takeUntil cancels on hide; "
                + "a RACSubject is the Subject helper (an AsyncChannel waits for each value to be taken); a RACCommand "
                + "is a function that runs a Task, its executing an @Observable Bool",
            "code --package DIR: the search, results and row ViewModels over the validation and row pipeline in "
                + "effect (set validation, set pipeline) as a SwiftPM package in Combine (the default; OpenCombine "
                + "where Combine is not), ReactiveSwift or Swift concurrency (@Observable on the main actor), with a "
                + "test that plays a session on its own clock and expects what vmsh's playground sent for it; swift "
                + "test there runs it. DIR is a new folder, or one vmsh wrote",
            "try code length, then code original --async and code fixed --async; lesson 17 "
                + "(scripts/lessons/17-the-tutorial-in-swift-6.vmsh) walks the tutorial from one form to the other",
        ],
        misuse: misuse,
        effect: .readsOnly,
        run: { arguments, context throws(CommandFailure) in
            // With --package, the library may come first: the optional NAME takes any word.
            let words = [arguments.text(0), arguments.text(1)].compactMap { $0 }
            let chosen = words.first { libraries.contains($0) }.flatMap {
                CodeWriter.Library(rawValue: String($0.dropFirst(2)))
            }
            if let folder = arguments.optionText("--package") {
                guard words.allSatisfy(libraries.contains), words.count <= 1 else {
                    throw CommandFailure(misuse)
                }
                try writePackage(to: folder, in: chosen ?? .combine, context)
                return .succeeded
            }
            guard let name = arguments.text(0), !libraries.contains(name) else {
                throw CommandFailure(misuse)
            }
            let library = chosen ?? .rac2
            guard let texts = definitions(of: name, context) else {
                throw CommandFailure("no pipeline or signal named '\(name.sanitizedForTerminal.prefix(40))' to write")
            }
            do throws(PlaygroundError) {
                // What it reads first, each block under its own heading; a helper once, where first used.
                var written: Set<String> = []
                for text in texts {
                    let listing = try CodeWriter.listing(text, in: library)
                    listing.lines.forEach(context.say)
                    for helper in listing.helpers where written.insert(helper.name).inserted {
                        (["// helper: \(helper.name)"] + helper.lines).forEach(context.say)
                    }
                }
            } catch {
                throw CommandFailure(error.message)
            }
            return .succeeded
        })

    private static let misuse =
        "code takes a name and a library, or a folder: code NAME [--rac2|--reactiveswift|--combine|--async], "
        + "code --package DIR [--combine|--reactiveswift|--async]"

    private static let libraries = CodeWriter.Library.allCases.map { "--" + $0.rawValue }

    /// What `code` can write now, for Tab: one's own pipelines and validations, the playground's
    /// names, the tutorial's pipelines.
    private static func names(_ context: CommandContext) -> [String] {
        context.pipelines.defined.map(\.pipeline.name) + context.pipelines.validations.map(\.name)
            + context.playground.names + builtIn.keys.sorted()
    }

    /// The definitions `name` stands for, what it reads first: a learner's pipeline (and the
    /// pipelines it reads) or validation, a playground name, or the app's pipelines as the
    /// notation writes them.
    static func definitions(of name: String, _ context: CommandContext) -> [String]? {
        if let own = context.pipelines.pipeline(named: name)?.pipeline {
            let read = context.pipelines.read(by: own)
            var texts: [String] = []
            var written: Set<String> = []
            // Each read one before every one that reads it.
            func write(_ pipeline: OwnPipeline) {
                guard written.insert(pipeline.name).inserted else { return }
                pipeline.inputsUsed.compactMap { read[$0] }.forEach(write)
                texts.append(pipeline.text)
            }
            write(own)
            return texts
        }
        if let own = context.pipelines.validations.last(where: { $0.name == name }) { return [own.text] }
        if let text = context.playground.definitionText(name) { return [text] }
        return builtIn[name]
    }

    /// The app's pipelines in the notation, each after what it reads: vmsh's fixed is the
    /// tutorial's, started afresh at every change of visibility.
    private static let builtIn = [
        "original": [original],
        "fixed": [original, "fixed = isVisible | switchToLatest original | take 1"],
        "naive": ["naive = isVisible | filter true | flattenMap metadata"],
        // The tutorial's validation, as SearchViewModel's builtInValidation makes it.
        "length": ["length = searchText | map length | map >3 | distinctUntilChanged | skip 1"],
    ]
    private static let original =
        "original = isVisible | filter true | delay 1s | takeUntil hidden | flattenMap metadata"
}
