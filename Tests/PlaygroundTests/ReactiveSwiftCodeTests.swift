import Testing

@testable import Playground

/// `code --reactiveswift`: each operator and source as ReactiveSwift 7.2.1 writes it, what it
/// lacks as a helper under the code (Tests/EndToEnd/test_reactiveswift_code.py compiles and runs
/// random pipelines against the library itself).
@MainActor
struct ReactiveSwiftCodeTests {
    private func code(_ text: String) throws -> [String] { try CodeWriter.code(text, in: .reactiveSwift) }

    /// The helpers' blocks, by name, and the lines before them.
    private func split(_ lines: [String]) -> (body: [String], helpers: [String]) {
        let first = lines.firstIndex { $0.hasPrefix("// helper: ") } ?? lines.endIndex
        return (Array(lines[..<first]), lines[first...].filter { $0.hasPrefix("// helper: ") })
    }

    @Test func takeUntilsTriggerIsMadeNeverFailingAsReactiveSwiftsTakesOnlyThat() throws {
        // take(until:) takes a SignalProducer<(), Never>: a trigger that may fail must not.
        #expect(
            try code("u = b | takeUntil t").last
                == "    .take(until: t.map { _ in }.flatMapError { _ in SignalProducer<(), Never>.never })")
    }

    @Test func aCommandsEnabledSignalIsMadeTheProperyActionTakes() throws {
        let line = try code("c = command enabled-by ok runs input").joined(separator: "\n")
        #expect(line.contains("Action(enabledIf: Property(initial: true, then: ok.flatMapError"))
        #expect(!line.contains("enabledIf: ok)"))
        #expect(try code("c = command runs t concurrent").last?.hasPrefix("// ReactiveSwift's Action runs") == true)
    }

    @Test func aSubjectKeepsItsPipesInputForWhatSendsIntoIt() throws {
        let subject = try code("s = subject")
        #expect(subject[1] == "let (sOutput, sInput) = Signal<Any, Error>.pipe()")
        #expect(subject[2] == "let s = SignalProducer(sOutput)")
        #expect(!subject.joined().contains(".pipe().output"))
        #expect(try code("d = b | doNext s").last == "    .on(value: { sInput.send(value: $0) })")
        #expect(try code("d = b | doCompleted s").last == "    .on(completed: { sInput.send(value: \"completed\") })")
        #expect(try code("d = b | doError s").last == "    .on(failed: { sInput.send(value: \"\\($0)\") })")
    }

    @Test func replaySubjectsAndReplayLastReplayFromAConnectionMadeAtOnce() throws {
        let replaying = try code("r = replay-subject 2")
        #expect(replaying[2] == "let r = SignalProducer(rOutput).replay(2).connected()")
        #expect(split(replaying).helpers == ["// helper: Multicast"])
        #expect(
            try code("r = behavior-subject 0")[2]
                == "let r = SignalProducer(rOutput).prefix(value: 0).replay(1).connected()")
        let last = try code("l = b | replayLast")
        #expect(last[2] == "    .replay(1).connected()")
        #expect(!last.contains { $0.contains("upTo: 0") })
    }

    @Test func publishReplayAndAutoconnectAreRAC2sConnectionWrittenOnce() throws {
        let lines = try code("a = b | replay 3 | autoconnect | publish | autoconnect")
        #expect(
            split(lines).body.dropFirst(2) == [
                "    .replay(3)", "    .autoconnect()", "    .publish()", "    .autoconnect()",
            ])
        #expect(split(lines).helpers == ["// helper: Multicast"])
        #expect(!lines.contains { $0.contains("upTo: 0") })
    }

    @Test func replayLazilyAndStartOnFollowAProducerNeverASignal() throws {
        let lines = try code("s = subject | replayLazily | subscribeOn background | deliverOn main")
        #expect(
            lines.dropFirst(2).prefix(4)
                == [
                    "let s = SignalProducer(sOutput)", "    .replayLazily(upTo: Int.max)",
                    "    .start(on: QueueScheduler(name: \"background\"))", "    .observe(on: QueueScheduler.main)",
                ].dropFirst(0))
        // What the ReactiveSwift check keeps off: a retry after replayLazily, which traps there.
        #expect(lines.contains { $0.hasPrefix("// ReactiveSwift's replayLazily started again from inside its own") })
    }

    @Test func debounceKeepsTheValueWaitingAtTheEndAsThePlaygroundsThrottle() throws {
        let lines = try code("c = b | throttle 300ms")
        #expect(lines[2] == "    .debounce(0.3, on: QueueScheduler.main, discardWhenCompleted: false)")
        #expect(lines[3].hasPrefix("// ReactiveSwift's debounce sends a value still waiting"))
    }

    @Test func intervalCountsItsTicksFromZeroAsThePlaygroundsDoes() throws {
        #expect(
            try code("i = interval 100ms")[1]
                == "let i = SignalProducer.timer(interval: .milliseconds(100), on: QueueScheduler.main)"
                + ".scanMap(0) { count, _ in (count + 1, count) }.promoteError(Error.self)")
    }

    @Test func rac2sOtherOperatorsAreReactiveSwiftsOwn() throws {
        let lines = try code(
            "x = b | catch t | ignore 0 | startWith 1 | concat t | then t | retry 2 | materialize | dematerialize"
                + " | timeout 2s | sample t | reduceEach sum | reduceEach first")
        #expect(
            lines.dropFirst(2).prefix(12) == [
                "    .flatMapError { _ in t }", "    .filter { $0 != 0 }", "    .prefix(value: 1)", "    .concat(t)",
                "    .then(t)", "    .retry(upTo: 2)", "    .materialize()", "    .dematerialize()",
                "    .timeout(after: 2.0, raising: PlaygroundError(\"timed out\"), on: QueueScheduler.main)",
                "    .sample(on: t.map { _ in }.flatMapError { _ in SignalProducer<(), Never>.empty })",
                "    .map { $0 + $1 }", "    .map { $0.0 }",
            ])
        #expect(lines.contains("// helper: PlaygroundError"))
        #expect(lines.contains { $0.hasPrefix("// ReactiveSwift's sample(on:) ends once both have completed") })
    }

    @Test func retryForEverIsUpToIntMaxAndSaysItHasNoLimit() throws {
        let lines = try code("r = b | retry")
        #expect(lines[2] == "    .retry(upTo: Int.max)")
        #expect(lines[3].hasPrefix("// ReactiveSwift's retry has no limit"))
        #expect(try code("r = b | retry 3").count == 3)
    }

    @Test func bufferWithTimeIsAHelperAsCollectEveryKeepsAFixedBeat() throws {
        let lines = try code("t = b | bufferWithTime 300ms")
        #expect(lines[2] == "    .buffer(forTime: 0.3, on: QueueScheduler.main)")
        #expect(lines.contains("// helper: buffer(forTime:on:)"))
    }

    @Test func anErrorSourceWritesThePlaygroundErrorItMakes() throws {
        let lines = try code("e = error boom")
        #expect(lines[1] == "let e = SignalProducer<Any, Error>(error: PlaygroundError(\"boom\"))")
        #expect(lines.contains("struct PlaygroundError: Error, CustomStringConvertible {"))
    }

    @Test func aSequenceIsAProducerOfItsValuesTypeAndSignalIsItself() throws {
        let lines = try code("q = sequence 1 2 | signal")
        #expect(lines[1] == "let q = SignalProducer<Int, Error>([1, 2])")
        #expect(lines[2] == "    .producer")
    }

    @Test func takeZeroSaysReactiveSwiftInterruptsIt() throws {
        #expect(
            try code("t = b | take 0").last
                == "// ReactiveSwift's take(first: 0) is interrupted at once; take 0 completes")
        #expect(try code("t = b | take 2").last == "    .take(first: 2)")
    }
}
