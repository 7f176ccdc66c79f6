import Testing

@testable import Reactive

/// RACCommandSpec's cases for vmsh's Command: `enabled` is `isEnabled`, `executing` is
/// `isExecuting`, `-execute:` is `execute(_:)`, which throws where RAC's returns an error signal.
/// Each step is taken 100 ms after the one before.
///
/// Left out, with the reason:
/// - "should return the execution signal from -execute:", "should deliver errors from
///   -execute:": vmsh's execute returns no signal; a run's values reach `executionSignals`,
///   its error `errors`.
/// - "should always send executionSignals on the main thread", "should always update executing
///   on the main thread", "should send errors on the main thread", enabled signal "should
///   always update on the main thread": vmsh runs on the main actor only, so there is no other
///   thread to deliver from.
/// - "should dealloc without subscribers", "should complete signals on the main thread when
///   deallocated", enabled signal "should complete when the command is deallocated even if the
///   input signal hasn't": Objective-C deallocation; vmsh's command ends with `dispose()`.
/// - allowsConcurrentExecution's cases: in RACCommandSpecConcurrencyTests.swift.
@MainActor
struct RACCommandSpecTests {
    let scheduler = VirtualScheduler()
    let step = Duration.milliseconds(100)

    /// The spec's simple signal block: the input, then completed.
    func simpleCommand() -> Command<String, String> { Command { Signal.just($0) } }

    @Test("with a simple signal block: should be enabled by default")
    func withASimpleSignalBlockShouldBeEnabledByDefault() {
        let command = simpleCommand()
        let enabled = TimedRecorder(command.isEnabled.signal, on: scheduler)
        #expect(enabled.events == ["0: true"])
        #expect(command.isEnabled.value)
    }

    @Test("with a simple signal block: should not be executing by default")
    func withASimpleSignalBlockShouldNotBeExecutingByDefault() {
        let command = simpleCommand()
        let executing = TimedRecorder(command.isExecuting.signal, on: scheduler)
        #expect(executing.events == ["0: false"])
        #expect(!command.isExecuting.value)
    }

    @Test("with a simple signal block: should create an execution signal")
    func withASimpleSignalBlockShouldCreateAnExecutionSignal() throws {
        let command = simpleCommand()
        var inners: [TimedRecorder<String>] = []
        command.executionSignals.subscribeNext { inners.append(TimedRecorder($0, on: scheduler)) }
        #expect(inners.isEmpty)
        scheduler.advance(by: step)
        try command.execute("null")
        #expect(inners.map(\.events) == [["100: null", "100: completed"]])
    }

    @Test("with a simple signal block: should not send anything on 'errors' by default")
    func withASimpleSignalBlockShouldNotSendAnythingOnErrorsByDefault() throws {
        let command = simpleCommand()
        let errors = TimedRecorder(command.errors, on: scheduler)
        try command.execute("null")
        scheduler.advance(by: step)
        #expect(errors.events == [])
    }

    @Test("with a simple signal block: should be executing while an execution signal is running")
    func withASimpleSignalBlockShouldBeExecutingWhileAnExecutionSignalIsRunning() throws {
        let command = simpleCommand()
        var executingDuringRun: [Bool] = []
        command.executionSignals.flatMap { $0 }.subscribeNext { _ in
            executingDuringRun.append(command.isExecuting.value)
        }
        try command.execute("null")
        #expect(executingDuringRun == [true])
        #expect(!command.isExecuting.value)
    }

    @Test("should invoke the signalBlock once per execution")
    func shouldInvokeTheSignalBlockOncePerExecution() throws {
        var inputs: [String] = []
        let command = Command<String, String> { input in
            inputs.append(input)
            return Signal.just(input)
        }
        try command.execute("foo")
        #expect(inputs == ["foo"])
        try command.execute("bar")
        #expect(inputs == ["foo", "bar"])
    }

    @Test("should send on executionSignals in order of execution")
    func shouldSendOnExecutionSignalsInOrderOfExecution() throws {
        let command = Command<[String], String> { Signal.sequence($0) }
        let values = TimedRecorder(command.executionSignals.flatMap { $0 }, on: scheduler)
        try command.execute(["foo", "bar"])
        scheduler.advance(by: step)
        try command.execute(["buzz", "baz"])
        #expect(values.events == ["0: foo", "0: bar", "100: buzz", "100: baz"])
    }

    @Test("should not deliver errors from executionSignals")
    func shouldNotDeliverErrorsFromExecutionSignals() throws {
        let subject = Subject<String>()
        let command = Command<Void, String> { subject.signal }
        let events = TimedRecorder(command.executionSignals.flatMap { $0 }, on: scheduler)
        try command.execute(())
        #expect(command.isExecuting.value)
        scheduler.advance(by: step)
        subject.send("unit")
        subject.send("foo")
        #expect(events.events == ["100: unit", "100: foo"])
        #expect(command.isExecuting.value)
        scheduler.advance(by: step)
        subject.send(error: TestError())
        #expect(!command.isExecuting.value)
        #expect(events.events == ["100: unit", "100: foo"])
    }

    @Test("should not deliver non-error events onto 'errors'")
    func shouldNotDeliverNonErrorEventsOntoErrors() throws {
        let subject = Subject<String>()
        let command = Command<Void, String> { subject.signal }
        let errors = TimedRecorder(command.errors, on: scheduler)
        try command.execute(())
        scheduler.advance(by: step)
        subject.send("unit")
        subject.sendCompleted()
        #expect(!command.isExecuting.value)
        #expect(errors.events == [])
    }

    /// The spec's `enabled signal` setup: enabled by a subject, with a simple signal block.
    func enabledBy(_ subject: Subject<Bool>) -> Command<Void, String> {
        Command(enabledIf: subject.signal) { Signal.just("unit") }
    }

    @Test("enabled signal: should send YES by default")
    func enabledSignalShouldSendYESByDefault() {
        let command = enabledBy(Subject())
        let enabled = TimedRecorder(command.isEnabled.signal, on: scheduler)
        #expect(enabled.events == ["0: true"])
    }

    @Test("enabled signal: should send whatever the enabledSignal has sent most recently")
    func enabledSignalShouldSendWhateverTheEnabledSignalHasSentMostRecently() {
        let subject = Subject<Bool>()
        let command = enabledBy(subject)
        let enabled = TimedRecorder(command.isEnabled.signal, on: scheduler)
        for value in [false, true, false] {
            scheduler.advance(by: step)
            subject.send(value)
        }
        #expect(enabled.events == ["0: true", "100: false", "200: true", "300: false"])
    }

    @Test("enabled signal: should sample enabledSignal synchronously at initialization time")
    func enabledSignalShouldSampleEnabledSignalSynchronouslyAtInitializationTime() {
        let command = Command<Void, String>(enabledIf: Signal.just(false)) { Signal.just("unit") }
        #expect(!command.isEnabled.value)
    }

    @Test("enabled signal: should send NO while executing is YES and allowsConcurrentExecution is NO")
    func enabledSignalShouldSendNOWhileExecutingIsYESAndAllowsConcurrentExecutionIsNO() throws {
        let command = enabledBy(Subject())
        var duringRun: [String] = []
        command.executionSignals.flatMap { $0 }.subscribeNext { _ in
            duringRun.append("executing \(command.isExecuting.value), enabled \(command.isEnabled.value)")
        }
        #expect(command.isEnabled.value)
        try command.execute(())
        #expect(duringRun == ["executing true, enabled false"])
        #expect(command.isEnabled.value)
    }

    @Test("enabled signal: should send an error from -execute: when NO")
    func enabledSignalShouldSendAnErrorFromExecuteWhenNO() {
        let subject = Subject<Bool>()
        var runs = 0
        let command = Command<Void, String>(enabledIf: subject.signal) {
            runs += 1
            return Signal.just("unit")
        }
        subject.send(false)
        #expect(throws: CommandError.disabled) { try command.execute(()) }
        #expect(runs == 0)
    }
}
