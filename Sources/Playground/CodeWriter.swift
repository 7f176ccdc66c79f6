/// A definition written as code a learner can take home (`code NAME --combine`): made from the
/// parsed definition, its source here and each step by its operator's own declaration
/// (`PlayOperator.code(in:)`), never kept as text; where a library has no such operator, a note
/// says so and what stands in.
public enum CodeWriter {
    public enum Library: String, CaseIterable, Sendable {
        case rac2
        case reactiveSwift = "reactiveswift"
        case combine

        /// How the code's first comment names it.
        var title: String {
            switch self {
            case .rac2: "ReactiveCocoa 2 (Objective-C)"
            case .reactiveSwift: "ReactiveSwift"
            case .combine: "Combine"
            }
        }
    }

    /// The lines of `text` (`NAME = SOURCE | STEP …`, as `let` or `pipeline` take it) in `library`.
    public static func code(_ text: String, in library: Library) throws(PlaygroundError) -> [String] {
        let definition = try DefinitionParser.parse(text, appOwners: ["search", "row"])
        var notes: [String] = []
        let source = source(definition.source, library, notes: &notes)
        let steps = definition.steps.map { step in
            let code = step.step.code(in: library)
            if let note = code.note { notes.append(note) }
            return code.text
        }
        var lines = ["// \(definition.name), as vmsh's playground defines it, in \(library.title)"]
        switch library {
        case .rac2:
            // One bracket opens for each message sent, and one more for each step that sends two.
            let opens = steps.map { step in 1 + max(0, step.count { $0 == "]" } - step.count { $0 == "[" }) }
            lines.append(
                "RACSignal *\(definition.name) = " + String(repeating: "[", count: opens.reduce(0, +)) + source)
            lines += steps.map { "    \($0)]" }
            lines[lines.count - 1] += ";"
        case .reactiveSwift, .combine:
            lines.append("let \(definition.name) = \(source)")
            lines += steps.map { "    .\($0)" }
        }
        // A note said once, however many steps it is about.
        let said = notes.enumerated().filter { notes.firstIndex(of: $0.element) == $0.offset }.map(\.element)
        return lines + said.map { "// " + $0 }
    }

    private static func source(_ source: Definition.Source, _ library: Library, notes: inout [String]) -> String {
        switch (source, library) {
        case (.name(let name, _), _): return name
        case (.app(let words, _), _): return words.joined(separator: "_")
        case (.interval(let period), .rac2):
            return "[RACSignal interval:\(seconds(period)) onScheduler:[RACScheduler mainThreadScheduler]]"
        case (.interval(let period), .reactiveSwift):
            return "SignalProducer.timer(interval: \(dispatch(period)), on: QueueScheduler.main)"
        case (.interval(let period), .combine):
            return "Timer.publish(every: \(seconds(period)), on: .main, in: .common).autoconnect()"
        case (.subject, .rac2): return "[RACSubject subject]"
        case (.subject, .reactiveSwift): return "Signal<Any, Error>.pipe().output"
        case (.subject, .combine): return "PassthroughSubject<Any, Error>()"
        case (.behaviorSubject(let value), .rac2):
            return "[RACBehaviorSubject behaviorSubjectWithDefaultValue:\(objc(value))]"
        case (.behaviorSubject(let value), .reactiveSwift): return "MutableProperty(\(swift(value))).producer"
        case (.behaviorSubject(let value), .combine): return "CurrentValueSubject<Any, Error>(\(swift(value)))"
        case (.replaySubject(let capacity), .rac2):
            return capacity.map { "[RACReplaySubject replaySubjectWithCapacity:\($0)]" } ?? "[RACReplaySubject subject]"
        case (.replaySubject(let capacity), _):
            notes.append("no replay subject in \(library.title): a subject shared with replay stands in")
            return library == .combine
                ? "PassthroughSubject<Any, Error>()"
                : "Signal<Any, Error>.pipe().output.producer.replayLazily(upTo: \(capacity ?? Int.max))"
        case (.empty, .rac2): return "[RACSignal empty]"
        case (.empty, .reactiveSwift): return "SignalProducer<Any, Error>.empty"
        case (.empty, .combine): return "Empty<Any, Error>()"
        case (.never, .rac2): return "[RACSignal never]"
        case (.never, .reactiveSwift): return "SignalProducer<Any, Error>.never"
        case (.never, .combine): return "Empty<Any, Error>(completeImmediately: false)"
        case (.error(let text), .rac2):
            return "[RACSignal error:[NSError errorWithDomain:@\"\(text)\" code:0 userInfo:nil]]"
        case (.error(let text), .reactiveSwift):
            return "SignalProducer<Any, Error>(error: PlaygroundError(\"\(text)\"))"
        case (.error(let text), .combine): return "Fail<Any, Error>(error: PlaygroundError(\"\(text)\"))"
        case (.sequence(let values), .rac2): return "@[\(values.map(objc).joined(separator: ", "))].rac_sequence.signal"
        case (.sequence(let values), .reactiveSwift):
            return "SignalProducer([\(values.map(swift).joined(separator: ", "))])"
        case (.sequence(let values), .combine): return "[\(values.map(swift).joined(separator: ", "))].publisher"
        case (.create, .rac2):
            return "[RACSignal createSignal:^RACDisposable *(id<RACSubscriber> subscriber) { /* send */ "
                + "return [RACDisposable disposableWithBlock:^{ /* clean up */ }]; }]"
        case (.create, .reactiveSwift):
            return "SignalProducer<Any, Error> { observer, lifetime in /* send */ lifetime.observeEnded { } }"
        case (.create, .combine):
            notes.append(
                "Combine has no createSignal: a PassthroughSubject sent into, with handleEvents for the clean-up")
            return "PassthroughSubject<Any, Error>().handleEvents(receiveCancel: { /* clean up */ })"
        case (.command(let enabled, let runs, _), .rac2):
            return "[[RACCommand alloc] initWithEnabled:\(enabled ?? "nil") signalBlock:^RACSignal *(id input) "
                + "{ return \(runs ?? "[RACSignal return:input]"); }]"
        case (.command(let enabled, let runs, _), .reactiveSwift):
            return "Action<Any, Any, Error>(\(enabled.map { "enabledIf: \($0)" } ?? "")) { input in "
                + "\(runs ?? "SignalProducer(value: input)") }"
        case (.command(_, let runs, _), .combine):
            notes.append("Combine has no command: a function that returns \(runs ?? "the input's publisher") stands in")
            return "{ (input: Any) in \(runs ?? "Just(input)") }"
        case (.marbles, _):
            notes.append("marbles is a test's cold signal: in an app, the source it stands for")
            return "marbles"
        }
    }

    static func seconds(_ time: Duration) -> String {
        let milliseconds = time.components.seconds * 1000 + time.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000).0" : "\(Double(milliseconds) / 1000)"
    }

    static func dispatch(_ time: Duration) -> String {
        let milliseconds = time.components.seconds * 1000 + time.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? ".seconds(\(milliseconds / 1000))" : ".milliseconds(\(milliseconds))"
    }
}
