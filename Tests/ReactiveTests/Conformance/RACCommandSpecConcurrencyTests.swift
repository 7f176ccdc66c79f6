import Testing

@testable import Reactive

/// RACCommandSpec's cases for allowsConcurrentExecution, which vmsh's Command now has (the
/// playground's `command … concurrent`). The spec's signal block returns its input, a subject.
///
/// Translated: 3. Left out, with the reason:
/// - "should have allowsConcurrentExecution be observable": vmsh's is a constant given at
///   init, not a KVO property that changes.
/// RAC's `will` (asynchronous, main thread) is here synchronous: vmsh's Command delivers at once.
@MainActor
struct RACCommandSpecConcurrencyTests {
    struct Failure: Error, Equatable { let code: Int }

    func concurrentCommand() -> Command<Subject<String>, String> {
        Command(allowsConcurrentExecution: true) { $0.signal }
    }

    @Test("should wait for all signals to complete or error before executing sends NO")
    func shouldWaitForAllSignalsToCompleteOrErrorBeforeExecutingSendsNO() throws {
        let command = concurrentCommand()
        let first = Subject<String>()
        try command.execute(first)
        let second = Subject<String>()
        try command.execute(second)
        #expect(command.isExecuting.value)
        first.send(error: Failure(code: 1))
        #expect(command.isExecuting.value)
        second.send("nil")
        #expect(command.isExecuting.value)
        second.sendCompleted()
        #expect(!command.isExecuting.value)
    }

    @Test("should deliver errors onto 'errors'")
    func shouldDeliverErrorsOntoErrors() throws {
        let command = concurrentCommand()
        var received: [Int] = []
        command.errors.subscribeNext { received.append(($0 as? Failure)?.code ?? 0) }
        let first = Subject<String>()
        try command.execute(first)
        let second = Subject<String>()
        try command.execute(second)
        first.send(error: Failure(code: 1))
        #expect(received == [1])
        second.send(error: Failure(code: 2))
        #expect(received == [1, 2])
    }

    @Test("enabled signal: should send YES while executing is YES and allowsConcurrentExecution is YES")
    func enabledSignalShouldSendYESWhileExecutingIsYESAndAllowsConcurrentExecutionIsYES() throws {
        let command = concurrentCommand()
        var enabled: [Bool] = []
        var executing: [Bool] = []
        command.isEnabled.signal.subscribeNext { enabled.append($0) }
        command.isExecuting.signal.subscribeNext { executing.append($0) }
        let subject = Subject<String>()
        try command.execute(subject)
        #expect(executing == [false, true] && enabled == [true])
        subject.sendCompleted()
        #expect(executing == [false, true, false] && enabled == [true])
    }
}
