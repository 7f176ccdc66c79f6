/// A definition written as code a learner can take home (`code NAME --combine`): made from the
/// parsed definition, its source by the library's own file (CodeWriter+RAC2.swift and its
/// siblings) and each step by its operator's own declaration (`PlayOperator.code(in:)`), never
/// kept as text. What a library lacks is a helper written out under the code, once.
public enum CodeWriter {
    public enum Library: String, CaseIterable, Sendable {
        case rac2
        case reactiveSwift = "reactiveswift"
        case combine
        /// Swift 6 with Observation and swift-async-algorithms: what learners write first today.
        case concurrency = "async"

        /// How the code's first comment names it.
        public var title: String {
            switch self {
            case .rac2: "ReactiveCocoa 2 (Objective-C)"
            case .reactiveSwift: "ReactiveSwift"
            case .combine: "Combine"
            case .concurrency: "Swift concurrency"
            }
        }
    }

    /// A definition's code: its heading, the pipeline and the notes said once (`lines`), and each
    /// helper it uses, once, by name.
    public struct Listing: Sendable {
        public let name: String
        public let lines: [String]
        public let helpers: [(name: String, lines: [String])]
    }

    /// The lines of `text` (`NAME = SOURCE | STEP …`, as `let` or `pipeline` take it) in
    /// `library`: the pipeline, the notes said once, then each helper it uses, once, under a
    /// `// helper: NAME` line (a tool that compiles the code puts those blocks at the top level).
    public static func code(_ text: String, in library: Library) throws(PlaygroundError) -> [String] {
        let listing = try listing(text, in: library)
        return listing.lines + listing.helpers.flatMap { ["// helper: \($0.name)"] + $0.lines }
    }

    /// `text`'s code in `library`, its parts apart.
    public static func listing(_ text: String, in library: Library) throws(PlaygroundError) -> Listing {
        let parsed = try DefinitionParser.parse(text, appOwners: ["search", "row"])
        let names = [parsed.name] + parsed.namesUsed
        for name in names {
            if let refusal = refusal(of: name, in: library) { throw PlaygroundError(refusal) }
        }
        // A keyword is written escaped; an escape that is another name used would be two in one.
        if let clash = names.first(where: {
            identifier($0, in: library) != $0 && names.contains(identifier($0, in: library))
        }) {
            throw PlaygroundError(
                "code writes the keyword \(clash) as \(identifier(clash, in: library)), which is another name here: "
                    + "define one of them again under another name")
        }
        let definition = parsed.renamed { identifier($0, in: library) }
        let source = source(definition, in: library)
        let steps = definition.steps.map { $0.step.code(in: library) }
        var lines = ["// \(parsed.name), as vmsh's playground defines it, in \(library.title)"]
        switch library {
        case .rac2: lines += rac2Lines(definition, source: source.text, steps: steps.map(\.text))
        case .reactiveSwift: lines += reactiveSwiftLines(definition.name, source: source.text, steps: steps.map(\.text))
        case .combine: lines += combineLines(definition.name, source: source.text, steps: steps.map(\.text))
        case .concurrency: lines += concurrencyLines(definition.name, source: source.text, steps: steps.map(\.text))
        }
        let parts = [source] + steps
        lines += once(parts.compactMap(\.note)).map { "// " + $0 }
        var named: Set<String> = []
        let helpers = parts.flatMap(\.helpers).filter { named.insert($0.name).inserted }
        return Listing(name: definition.name, lines: lines, helpers: helpers.map { ($0.name, $0.lines) })
    }

    /// The source's code in `library`, as its own file writes it.
    static func source(_ definition: Definition, in library: Library) -> OperatorCode {
        switch library {
        case .rac2: rac2Source(definition)
        case .reactiveSwift: reactiveSwiftSource(definition)
        case .combine: combineSource(definition)
        case .concurrency: concurrencySource(definition)
        }
    }

    /// Each text once, where it first comes.
    private static func once(_ texts: [String]) -> [String] {
        texts.enumerated().filter { texts.firstIndex(of: $0.element) == $0.offset }.map(\.element)
    }

    static func seconds(_ time: Duration) -> String {
        let milliseconds = milliseconds(time)
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000).0" : "\(Double(milliseconds) / 1000)"
    }

    static func dispatch(_ time: Duration) -> String {
        let milliseconds = milliseconds(time)
        return milliseconds % 1000 == 0 ? ".seconds(\(milliseconds / 1000))" : ".milliseconds(\(milliseconds))"
    }

    static func milliseconds(_ time: Duration) -> Int64 {
        time.components.seconds * 1000 + time.components.attoseconds / 1_000_000_000_000_000
    }
}
