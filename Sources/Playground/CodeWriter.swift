/// A definition written as code a learner can take home (`code NAME --combine`): made from the
/// parsed definition, step by step, never kept as text; where a library has no such operator, a
/// note says so and what stands in.
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
        let steps = definition.steps.map { step(for: $0.step, library, notes: &notes) }
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

    private static func step(for step: Definition.Step, _ library: Library, notes: inout [String]) -> String {
        let named = { (name: String) in name }
        switch (step, library) {
        case (.map(let function), .rac2): return "map:^id(id value) { return \(objc(function)); }"
        case (.map(let function), _): return "map { \(swift(function)) }"
        case (.filter(let test), .rac2): return "filter:^BOOL(id value) { return \(objc(test)); }"
        case (.filter(let test), _): return "filter { \(swift(test)) }"
        case (.take(let n), .rac2): return "take:\(n)"
        case (.take(let n), .reactiveSwift): return "take(first: \(n))"
        // Combine's first() ends with its value, as take: does; prefix(N) ends only at the next event.
        case (.take(1), .combine): return "first()"
        case (.take(let n), .combine):
            notes.append(
                "Combine's prefix(\(n)) finishes at the first event after its last value; take \(n) with that value")
            return "prefix(\(n))"
        case (.skip(let n), .rac2): return "skip:\(n)"
        case (.skip(let n), .reactiveSwift): return "skip(first: \(n))"
        case (.skip(let n), .combine): return "dropFirst(\(n))"
        case (.distinctUntilChanged, .rac2): return "distinctUntilChanged"
        case (.distinctUntilChanged, .reactiveSwift): return "skipRepeats()"
        case (.distinctUntilChanged, .combine): return "removeDuplicates()"
        case (.delay(let time), .rac2): return "delay:\(seconds(time))"
        case (.delay(let time), .reactiveSwift): return "delay(\(seconds(time)), on: QueueScheduler.main)"
        case (.delay(let time), .combine):
            notes.append(
                "Combine's delay delays a failure too; the playground's fails at once, dropping what is still delayed")
            return "delay(for: \(dispatch(time)), scheduler: DispatchQueue.main)"
        // RAC 2's -throttle: sends the latest after a quiet time: what the others call debounce.
        case (.throttle(let time), .rac2), (.debounce(let time), .rac2): return "throttle:\(seconds(time))"
        case (.throttle(let time), .reactiveSwift), (.debounce(let time), .reactiveSwift):
            return "debounce(\(seconds(time)), on: QueueScheduler.main)"
        case (.throttle(let time), .combine), (.debounce(let time), .combine):
            notes.append(
                "Combine's debounce drops a value still waiting when the source ends; the playground's sends it first")
            return "debounce(for: \(dispatch(time)), scheduler: DispatchQueue.main)"
        case (.throttleLeading(let time), .rac2):
            notes.append("RAC 2 has no leading throttle: -throttle: (the latest after a quiet time) stands in")
            return "throttle:\(seconds(time))"
        case (.throttleLeading(let time), .reactiveSwift): return "throttle(\(seconds(time)), on: QueueScheduler.main)"
        case (.throttleLeading(let time), .combine):
            notes.append(
                "Combine's throttle sends through its scheduler (values of one instant count as one) and ends "
                    + "after its interval; the playground's ends at once")
            return "throttle(for: \(dispatch(time)), scheduler: DispatchQueue.main, latest: true)"
        case (.takeUntil(let name), .rac2): return "takeUntil:\(named(name))"
        case (.takeUntil(let name), .reactiveSwift): return "take(until: \(name).map { _ in })"
        case (.takeUntil(let name), .combine):
            notes.append(
                "Combine's prefix(untilOutputFrom:) goes on when \(name) ends without a value; takeUntil ends then")
            return "prefix(untilOutputFrom: \(name))"
        case (.merge(let name), .rac2): return "merge:\(name)"
        case (.merge(let name), .reactiveSwift): return "merge(with: \(name))"
        case (.merge(let name), .combine): return "merge(with: \(name))"
        case (.combineLatest(let name), .rac2): return "combineLatestWith:\(name)"
        case (.combineLatest(let name), .reactiveSwift): return "combineLatest(with: \(name))"
        case (.combineLatest(let name), .combine): return "combineLatest(\(name))"
        case (.flattenMap(let name), .rac2): return "flattenMap:^RACSignal *(id value) { return \(name ?? "value"); }"
        case (.flattenMap(let name), .reactiveSwift): return "flatMap(.merge) { \(name.map { "_ in \($0)" } ?? "$0") }"
        case (.flattenMap(let name), .combine): return "flatMap { \(name.map { "_ in \($0)" } ?? "$0") }"
        case (.switchToLatest(let name), .rac2):
            return name.map { "map:^id(id value) { return \($0); }] switchToLatest" } ?? "switchToLatest"
        case (.switchToLatest(let name), .reactiveSwift):
            return "flatMap(.latest) { \(name.map { "_ in \($0)" } ?? "$0") }"
        case (.switchToLatest(let name), .combine):
            return name.map { "map { _ in \($0) }.switchToLatest()" } ?? "switchToLatest()"
        case (.catchTo(let name), .rac2): return "catchTo:\(name)"
        case (.catchTo(let name), .reactiveSwift): return "flatMapError { _ in \(name) }"
        case (.catchTo(let name), .combine): return "catch { _ in \(name) }"
        case (.scan(let reducer), .rac2):
            return "scanWithStart:\(objc(reducer.start)) reduce:^id(id total, id value) { return \(objc(reducer)); }"
        case (.scan(let reducer), _): return "scan(\(swift(reducer.start))) { \(swift(reducer)) }"
        case (.fold(let reducer), .rac2):
            return
                "aggregateWithStart:\(objc(reducer.start)) reduce:^id(id total, id value) { return \(objc(reducer)); }"
        case (.fold(let reducer), _): return "reduce(\(swift(reducer.start))) { \(swift(reducer)) }"
        case (.publish, .rac2): return "publish] signal"
        case (.replay(let n), .rac2): return "replay] signal" + (n == 1 ? "" : " /* replay \(n) */")
        case (.autoconnect, .rac2): return "autoconnect"
        case (.publish, _), (.replay, _), (.autoconnect, _):
            notes.append("\(library.title) shares a signal its own way: share() or replayLazily stand in for publish")
            return library == .combine ? "share()" : "replayLazily(upTo: 0)"
        case (.signal, .rac2): return "signal"
        case (.signal, _): return "publisher"
        case (.rac(.deliverOn(let scheduler)), _), (.rac(.subscribeOn(let scheduler)), _):
            let delivers = step == .rac(.deliverOn(scheduler))
            let main = scheduler == .main
            switch library {
            case .rac2:
                return (delivers ? "deliverOn:" : "subscribeOn:")
                    + (main ? "[RACScheduler mainThreadScheduler]" : "[RACScheduler scheduler]")
            case .reactiveSwift:
                return (delivers ? "observe(on: " : "start(on: ") + (main ? "UIScheduler())" : "QueueScheduler())")
            case .combine:
                return (delivers ? "receive(on: " : "subscribe(on: ")
                    + (main ? "DispatchQueue.main)" : "DispatchQueue.global())")
            }
        case (.rac(let step), _):
            notes.append("\(step) is RAC 2's; write it with \(library.title)'s nearest operator")
            return library == .rac2 ? "\(step)" : "/* \(step) */ map { $0 }"
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
