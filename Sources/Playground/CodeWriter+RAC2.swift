/// Sources and the pipeline's shape in ReactiveCocoa 2 (Objective-C), the tutorials' own.
extension CodeWriter {
    static func rac2Lines(_ name: String, source: String, steps: [String]) -> [String] {
        // One bracket opens for each message sent, and one more for each step that sends two.
        let opens = steps.map { step in 1 + max(0, step.count { $0 == "]" } - step.count { $0 == "[" }) }
        var lines = ["RACSignal *\(name) = " + String(repeating: "[", count: opens.reduce(0, +)) + source]
        lines += steps.map { "    \($0)]" }
        lines[lines.count - 1] += ";"
        return lines
    }

    static func rac2Source(_ source: Definition.Source) -> OperatorCode {
        switch source {
        case .name(let name, _): .written(name)
        case .app(let words, _): .written(words.joined(separator: "_"))
        case .interval(let period):
            .written("[RACSignal interval:\(seconds(period)) onScheduler:[RACScheduler mainThreadScheduler]]")
        case .subject: .written("[RACSubject subject]")
        case .behaviorSubject(let value):
            .written("[RACBehaviorSubject behaviorSubjectWithDefaultValue:\(objc(value))]")
        case .replaySubject(let capacity):
            .written(
                capacity.map { "[RACReplaySubject replaySubjectWithCapacity:\($0)]" } ?? "[RACReplaySubject subject]")
        case .empty: .written("[RACSignal empty]")
        case .never: .written("[RACSignal never]")
        case .error(let text): .written("[RACSignal error:[NSError errorWithDomain:@\"\(text)\" code:0 userInfo:nil]]")
        case .sequence(let values): .written("@[\(values.map(objc).joined(separator: ", "))].rac_sequence.signal")
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
