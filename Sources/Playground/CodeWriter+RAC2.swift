/// Sources and the pipeline's shape in ReactiveCocoa 2 (Objective-C), the tutorials' own.
extension CodeWriter {
    static func rac2Lines(_ definition: Definition, source: String, steps: [String]) -> [String] {
        // One bracket opens for each message sent, and one more for each step that sends two.
        let opens = steps.map { step in 1 + max(0, step.count { $0 == "]" } - step.count { $0 == "[" }) }
        let name = definition.name
        var lines = [
            "\(rac2Type(definition)) *\(name) = " + String(repeating: "[", count: opens.reduce(0, +)) + source
        ]
        lines += steps.map { "    \($0)]" }
        lines[lines.count - 1] += ";"
        if case .command(_, _, true) = definition.source { lines.append("\(name).allowsConcurrentExecution = YES;") }
        return lines
    }

    /// What the definition's value is in RAC 2: a subject one sends into, a command, a
    /// connection (after publish or replay, until autoconnect), or a signal.
    private static func rac2Type(_ definition: Definition) -> String {
        if let last = definition.steps.last?.step {
            return last is PublishStep || last is ReplayStep ? "RACMulticastConnection" : "RACSignal"
        }
        return switch definition.source {
        case .subject: "RACSubject"
        case .replaySubject: "RACReplaySubject"
        case .behaviorSubject: "RACBehaviorSubject"
        case .command: "RACCommand"
        default: "RACSignal"
        }
    }

    /// A sequence is RACSequence's until its `signal` step; without one, its signal at once.
    private static func rac2Sequence(_ values: [PlayValue], turned: Bool) -> String {
        "@[\(values.map(objc).joined(separator: ", "))].rac_sequence" + (turned ? "" : ".signal")
    }

    static func rac2Source(_ definition: Definition) -> OperatorCode {
        switch definition.source {
        case .name(let name, _): .written(name)
        case .app(let words, _): .written(words.joined(separator: "_"))
        // RAC 2's interval sends the date of each tick; the playground's counts them from 0.
        case .interval(let period):
            .written(
                "[[RACSignal interval:\(seconds(period)) onScheduler:[RACScheduler mainThreadScheduler]] "
                    + "scanWithStart:@(-1) reduce:^id(id count, id date) { return @([count integerValue] + 1); }]")
        case .subject: .written("[RACSubject subject]")
        case .behaviorSubject(let value):
            .written("[RACBehaviorSubject behaviorSubjectWithDefaultValue:\(objc(value))]")
        case .replaySubject(let capacity):
            .written(
                capacity.map { "[RACReplaySubject replaySubjectWithCapacity:\($0)]" } ?? "[RACReplaySubject subject]")
        case .empty: .written("[RACSignal empty]")
        case .never: .written("[RACSignal never]")
        case .error(let text): .written("[RACSignal error:[NSError errorWithDomain:@\"\(text)\" code:0 userInfo:nil]]")
        case .sequence(let values):
            .written(rac2Sequence(values, turned: definition.steps.contains { $0.step is SignalStep }))
        case .create:
            .written(
                "[RACSignal createSignal:^RACDisposable *(id<RACSubscriber> subscriber) { /* send */ "
                    + "return [RACDisposable disposableWithBlock:^{ /* clean up */ }]; }]")
        case .command(let enabled, let runs, _):
            .written(
                "[[RACCommand alloc] initWithEnabled:\(enabled ?? "nil") signalBlock:^RACSignal *(id input) "
                    + "{ return \(runs ?? "[RACSignal return:input]"); }]")
        case .marbles: marblesSource
        }
    }

    /// The same in every library: a test's cold signal, named.
    static var marblesSource: OperatorCode {
        .written("marbles", note: "marbles is a test's cold signal: in an app, the source it stands for")
    }
}
