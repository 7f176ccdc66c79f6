import Testing

@testable import Reactive

/// The cases of each operator that SignalTests leaves out: failures passing through, empty
/// counts, and completion waiting for every source. Every event is asserted, in order.
@MainActor
struct OperatorTests {
    let failing = Signal<Int>.sequence([1, 2]).then(Signal<Int>.fail(TestError())).startWith(0)

    @Test func aFailurePassesThroughEveryValueOperator() {
        #expect(Recorder(failing).events == ["0", "error(boom)"])
        #expect(Recorder(failing.map { $0 + 1 }).events == ["1", "error(boom)"])
        #expect(Recorder(failing.filter { $0 > 0 }).events == ["error(boom)"])
        #expect(Recorder(failing.skip(1)).events == ["error(boom)"])
        #expect(Recorder(failing.take(5)).events == ["0", "error(boom)"])
        #expect(Recorder(failing.distinctUntilChanged()).events == ["0", "error(boom)"])
        #expect(Recorder(failing.doNext { _ in }).events == ["0", "error(boom)"])
    }

    @Test func takeZeroCompletesWithoutSubscribing() {
        var subscribed = false
        let source = Signal<Int> { _ in
            subscribed = true
            return nil
        }
        #expect(Recorder(source.take(0)).events == ["completed"])
        #expect(!subscribed)
    }

    @Test func startWithSendsItsValueBeforeTheSource() {
        let subject = Subject<Int>()
        let recorder = Recorder(subject.signal.startWith(0))
        subject.send(1)
        subject.sendCompleted()
        #expect(recorder.events == ["0", "1", "completed"])
    }

    @Test func flatMapMergesInnerSignalsAndCompletesAfterTheLast() {
        let outer = Subject<Int>()
        let inners = [Subject<String>(), Subject<String>()]
        let recorder = Recorder(outer.signal.flatMap { inners[$0].signal })
        outer.send(0)
        outer.send(1)
        inners[1].send("b")
        inners[0].send("a")
        outer.sendCompleted()
        inners[0].sendCompleted()
        #expect(recorder.events == ["b", "a"])
        inners[1].send("c")
        inners[1].sendCompleted()
        #expect(recorder.events == ["b", "a", "c", "completed"])
    }

    @Test func takeUntilATriggerThatAlreadyFiredNeverSubscribesToTheSource() {
        var subscribed = false
        let source = Signal<Int> { _ in
            subscribed = true
            return nil
        }
        #expect(Recorder(source.take(until: Signal.just(()))).events == ["completed"])
        #expect(!subscribed)
    }

    @Test func flatMapLatestWaitsForTheLatestInnerBeforeCompleting() {
        let outer = Subject<Int>()
        let inner = Subject<String>()
        let recorder = Recorder(outer.signal.flatMapLatest { _ in inner.signal })
        outer.send(1)
        outer.sendCompleted()
        inner.send("x")
        #expect(recorder.events == ["x"])
        inner.sendCompleted()
        #expect(recorder.events == ["x", "completed"])
    }
}
