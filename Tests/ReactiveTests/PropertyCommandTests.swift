import Testing

@testable import Reactive

@MainActor
struct PropertyCommandTests {
    @Test func propertySendsCurrentValueThenChanges() {
        let property = MutableProperty("a")
        property.value = "b"
        let recorder = Recorder(property.signal)
        let changes = Recorder(property.changes)
        property.value = "c"
        property.value = "c"
        #expect(recorder.events == ["b", "c", "c"])
        #expect(changes.events == ["c", "c"])
    }

    @Test func subjectDeliversInSubscriptionOrderEveryRun() {
        let subject = Subject<Int>()
        var log: [String] = []
        for name in ["first", "second", "third", "fourth", "fifth"] {
            subject.signal.subscribeNext({ log.append("\(name) \($0)") })
        }
        subject.send(1)
        #expect(log == ["first 1", "second 1", "third 1", "fourth 1", "fifth 1"])
    }

    /// RACSubject keeps no terminal state: a late subscriber hears only later sends.
    @Test func aLateSubscriberOfACompletedSubjectHearsNothingOfTheCompletion() {
        let subject = Subject<Int>()
        let early = Recorder(subject.signal)
        subject.sendCompleted()
        let late = Recorder(subject.signal)
        subject.send(1)
        #expect(early.events == ["completed"])
        #expect(late.events == ["1"])
        #expect(subject.subscriberCount == 1)
    }

    @Test func commandIsDisabledWhileExecutingAndEnabledAgainAfter() {
        let scheduler = VirtualScheduler()
        let valid = MutableProperty(false)
        let command = Command<String, String>(enabledIf: valid.signal) { input in
            Signal.just(input.uppercased()).delay(.seconds(1), on: scheduler)
        }
        let enabled = Recorder(command.isEnabled.signal)
        let executing = Recorder(command.isExecuting.signal)
        let values = Recorder(command.values)

        #expect(throws: CommandError.disabled) { try command.execute("no") }
        valid.value = true
        #expect(throws: Never.self) { try command.execute("go") }
        #expect(throws: CommandError.disabled, "refuses while executing") { try command.execute("again") }
        scheduler.advance(by: .seconds(1))

        #expect(enabled.events == ["false", "true", "false", "true"])
        #expect(executing.events == ["false", "true", "false"])
        #expect(values.events == ["GO"])
    }

    @Test func commandErrorsGoToErrorsAndTheCommandIsUsableAgain() throws {
        var fail = true
        let command = Command<Void, Int> { _ in fail ? .fail(TestError()) : .just(1) }
        let errors = Recorder(command.errors)
        let values = Recorder(command.values)
        try command.execute(())
        #expect(errors.events == ["boom"])
        #expect(command.isEnabled.value)
        fail = false
        try command.execute(())
        #expect(values.events == ["1"])
        #expect(errors.events == ["boom"])
    }

    @Test func cancelStopsTheExecution() throws {
        let scheduler = VirtualScheduler()
        let command = Command<Void, Int> { _ in Signal.just(1).delay(.seconds(1), on: scheduler) }
        let values = Recorder(command.values)
        try command.execute(())
        command.cancel()
        #expect(!command.isExecuting.value)
        #expect(scheduler.pendingCount == 0)
        scheduler.advance(by: .seconds(2))
        #expect(values.events == [])
    }

    @Test func commandDoesNotKeepItselfAlive() {
        let valid = MutableProperty(true)
        weak var weakCommand: Command<Void, Int>?
        do {
            let command = Command<Void, Int>(enabledIf: valid.signal) { _ in .never }
            try? command.execute(())
            weakCommand = command
        }
        #expect(weakCommand == nil)
    }
}
