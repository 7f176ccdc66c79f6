import Playground

/// The package's files made from the pipelines in effect and the session vmsh played, in Combine,
/// ReactiveSwift or Swift concurrency: its manifest, `Pipelines` (each pipeline a function of the
/// ViewModel's inputs and scheduler or clock), the helpers the code uses, and what the test expects.
@MainActor
struct PackageSwift {
    let library: CodeWriter.Library

    var manifest: String {
        let text =
            switch library {
            case .reactiveSwift: ReactiveSwiftPackageText.source
            case .concurrency: AsyncPackageText.source
            default: CombinePackageText.source
            }
        return "// swift-tools-version: 6.0\n" + CodePackage.mark + text
    }

    private var imports: [String] {
        switch library {
        case .combine: ["#if canImport(Combine)", "    import Combine", "#else", "    import OpenCombine", "#endif"]
        case .concurrency: ["import AsyncAlgorithms"]
        default: ["import Foundation", "import ReactiveSwift"]
        }
    }

    /// One input of a pipeline function: a signal of `element`s in the library's type.
    private func signal(_ element: String) -> String {
        switch library {
        case .combine: "AnyPublisher<\(element), any Error>"
        case .concurrency: "some AsyncSequence<\(element), any Error> & Sendable"
        default: "SignalProducer<\(element), any Error>"
        }
    }

    /// What a pipeline function returns: the pipeline as a signal of `element`s, whatever it fails with.
    private func output(_ element: String) -> String {
        library == .concurrency ? "AsyncSignal<\(element)>" : signal(element)
    }

    /// The function's generic clause and its last parameter: what the code's timed steps run on.
    private var scheduler: (generics: String, parameter: String) {
        switch library {
        case .combine: ("<S: Scheduler>", "scheduler: S")
        case .concurrency: ("", "clock: some Clock<Duration>")
        default: ("", "scheduler: any DateScheduler")
        }
    }

    func pipelines(
        validation: (name: String, listings: [CodeWriter.Listing]), row: (name: String, listings: [CodeWriter.Listing])
    ) -> String {
        let inputs = [
            "isVisible: \(signal("Bool"))", "hidden: \(signal("Bool"))",
            "favorites: \(signal("Int"))", "comments: \(signal("Int"))", "metadata: \(signal("(Int, Int)"))",
        ]
        let lines =
            imports + [
                "",
                "/// The pipelines in effect in vmsh when it wrote this package (`set pipeline`, `set validation`),",
                "/// as `code NAME` writes them, each run on the \(library == .concurrency ? "clock" : "scheduler") "
                    + "its ViewModel is given.",
                "enum Pipelines {",
                "    /// The row's metadata pipeline: \(row.name).",
            ]
            + function(
                "rowMetadata", inputs: inputs, output: output("(Int, Int)"), name: row.name, listings: row.listings)
            + ["", "    /// The search's validation: \(validation.name)."]
            + function(
                "searchValidation", inputs: ["searchText: \(signal("String"))"],
                output: output("Bool"), name: validation.name, listings: validation.listings) + ["}"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func function(
        _ function: String, inputs: [String], output: String, name: String, listings: [CodeWriter.Listing]
    ) -> [String] {
        let parameters = (inputs + [scheduler.parameter]).map { "        " + $0 + "," }
        let body = listings.flatMap(\.lines).map(respelled)
        let name = CodeWriter.identifier(name, in: library)
        // Whatever the pipeline fails with (Never, after a catch), the ViewModel takes any Error.
        let returned =
            switch library {
            case .concurrency: "return AsyncSignal { out in for try await value in \(name) { out.yield(value) } }"
            case .combine: "return \(name).mapError { $0 as any Error }.eraseToAnyPublisher()"
            default: "return \(name).mapError { $0 as any Error }"
            }
        let statements = body + [returned]
        var lines = ["    static func \(function)\(scheduler.generics)("]
        lines += parameters.dropLast()
        lines.append(String(parameters.last?.dropLast() ?? ""))
        lines.append("    ) -> \(output) {")
        lines += statements.map { $0.isEmpty ? "" : "        " + $0 }
        lines.append("    }")
        return lines
    }

    /// A line of `code`'s as the package runs it: the app's main queue (and a background one) is
    /// the scheduler the ViewModel was given, which a test makes its own clock.
    private func respelled(_ line: String) -> String {
        let names =
            switch library {
            case .combine: ["DispatchQueue.main", "DispatchQueue.global()"]
            case .reactiveSwift: ["QueueScheduler.main", "QueueScheduler(name: \"background\")"]
            // Swift concurrency's code already names the clock it is given.
            default: [String]()
            }
        return names.reduce(line) { $0.replacingAll($1, with: "scheduler") }
    }

    /// Each helper the pipelines and the ViewModels use, once.
    func helpers(_ listings: [CodeWriter.Listing]) -> String {
        var named: Set<String> = []
        let helpers = (CodeWriter.packageHelpers(in: library) + listings.flatMap(\.helpers)).filter {
            named.insert($0.name).inserted
        }
        let lines =
            imports + ["", "// What the library lacks that the pipelines use, as `code` writes it."]
            + helpers.flatMap { [""] + $0.lines }
        return lines.joined(separator: "\n") + "\n"
    }

    func expected(_ session: SessionScenario, row: String, validation: String) -> String {
        func list(_ lines: [String]) -> String {
            lines.isEmpty ? "[]" : "[\n" + lines.map { "        \(literal($0))," }.joined(separator: "\n") + "\n    ]"
        }
        let lines = [
            "/// The session vmsh played in its playground when it wrote this package, under the row",
            "/// pipeline \(row) and the validation \(validation), and what each ViewModel showed there as a",
            "/// View sees it: the value at each millisecond, written where it changes (\"ms: value\").",
            "enum Expected {",
            "    static let horizon = \(SessionScenario.horizon)",
            "    /// Each stub call answers this many milliseconds after it is made, with these counts.",
            "    static let latency = \(SessionScenario.latency)",
            "    static let favorites = \(SessionScenario.favorites)",
            "    static let comments = \(SessionScenario.comments)",
            "    /// The search text as it is typed, by the millisecond, and when the search is asked for.",
            "    static let searchText: [Int: String] = ["
                + SessionScenario.searchText.map { "\($0.time): \(literal($0.text))" }.joined(separator: ", ") + "]",
            "    static let executeAt = \(SessionScenario.executeAt)",
            "    static let isSearchValid: [String] = \(list(session.isSearchValid))",
            "    static let search: [String] = \(list(session.search))",
            "    /// The row scrolled in and out, by the millisecond.",
            "    static let visibility: [Int: Bool] = ["
                + SessionScenario.visibility.map { "\($0.time): \($0.visible)" }.joined(separator: ", ") + "]",
            "    static let counts: [String] = \(list(session.counts))",
            "    static let favoritesCalls = \(session.favoritesCalls)",
            "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a Swift string literal.
    private func literal(_ text: String) -> String {
        "\"" + text.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
    }
}

extension String {
    /// This text with every `target` replaced (Foundation-free, as the module is).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
