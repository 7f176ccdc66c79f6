import Testing

@testable import Reactive

/// RAC 2's cases for the operators the playground added from RACStream and RACSignal: `-retry:`
/// (RACSignalSpec), `-concat:` and `-ignore:` (RACStreamExamples, which RACSignalSpec runs for
/// signals). RAC's `[RACSignal return:]` is `Signal.just`; a stream of values is
/// `Signal.sequence`.
///
/// Translated: 8. `-retry` "should stop retrying when disposed" disposes from its own next
/// block a disposable RAC hands over before the source sends; vmsh's `subscribe` returns it only
/// after a source that sends at once is done, so the source here is a subject sent into later.
/// "should stop retrying when disposed by -take:" holds because `take` subscribes within its own
/// lifetime, as RAC 2's subscriber carries its disposable from the start.
///
/// Left out, with the reason:
/// - `-startWith:` "should start with a value": already in RACSignalSpecTransformTests.
/// - `-replayLast`, `-doNext:`, `-doCompleted:`, `-doError:` and RACBehaviorSubject: no spec case
///   of their own was found in the RAC 2 specs read (RACSignalSpec, RACStreamExamples,
///   RACSubjectSpec); their behaviour is held by the playground's tests (RACOperatorTests).
@MainActor
struct RACStreamSpecTests {
    let scheduler = VirtualScheduler()

    @Test("-retry: should retry N times after error")
    func retryShouldRetryNTimesAfterError() {
        let retryCount = 3
        var subscriptions = 0
        let signal = Signal<String> { observer in
            subscriptions += 1
            return scheduler.schedule(after: .zero) {
                observer.send("1")
                observer.send(error: TestError())
            }
        }
        let recorder = Recorder(signal.retry(retryCount))
        scheduler.advance()
        #expect(subscriptions == 1 + retryCount)
        #expect(recorder.events == ["1", "1", "1", "1", "error(boom)"])
    }

    @Test("-retry: should stop retrying when disposed")
    func retryShouldStopRetryingWhenDisposed() {
        var disposed = false
        let source = Subject<Int>()
        let signal = Signal<Int> { observer in
            let inner = source.signal.subscribe(observer.send)
            return ActionDisposable {
                inner.dispose()
                disposed = true
            }
        }
        var values: [Int] = []
        var ended = false
        var subscription: (any Disposable)?
        subscription = signal.retry().subscribe { event in
            switch event {
            case .next(let value):
                values.append(value)
                subscription?.dispose()
            case .failed, .completed: ended = true
            }
        }
        source.send(1)
        source.send(error: TestError())
        #expect(disposed)
        #expect(values == [1])
        #expect(!ended)
    }

    @Test("-retry should stop retrying when disposed by -take:")
    func retryShouldStopRetryingWhenDisposedByTake() {
        var subscriptions = 0
        let signal = Signal<Int> { observer in
            subscriptions += 1
            observer.send(1)
            observer.send(error: TestError())
            return nil
        }
        let recorder = Recorder(signal.retry().take(2))
        #expect(recorder.events == ["1", "1", "completed"])
        #expect(subscriptions == 2)
    }

    @Test("RACStreamExamples -concat: should concatenate two streams")
    func concatShouldConcatenateTwoStreams() {
        #expect(Recorder(Signal.just(0).concat(.just(1))).events == ["0", "1", "completed"])
    }

    @Test("RACStreamExamples -concat: should concatenate three streams")
    func concatShouldConcatenateThreeStreams() {
        let recorder = Recorder(Signal.just(0).concat(.just(1)).concat(.just(2)))
        #expect(recorder.events == ["0", "1", "2", "completed"])
    }

    @Test("RACStreamExamples -concat: should concatenate around an empty stream")
    func concatShouldConcatenateAroundAnEmptyStream() {
        let recorder = Recorder(Signal.just(0).concat(.empty).concat(.just(2)))
        #expect(recorder.events == ["0", "2", "completed"])
    }

    @Test("RACStreamExamples -ignore: should ignore a value")
    func ignoreShouldIgnoreAValue() {
        let recorder = Recorder(Signal.sequence([0, 1, 2, 3, 4, 5, 6]).ignore(1))
        #expect(recorder.events == ["0", "2", "3", "4", "5", "6", "completed"])
    }

    @Test("RACStreamExamples -ignore: should ignore based on object equality")
    func ignoreShouldIgnoreBasedOnObjectEquality() {
        // A value built apart from the stream's, equal but not the same object.
        let ignored = String(["1"].joined())
        let recorder = Recorder(Signal.sequence(["0", "1", "2", "3", "4", "5", "6"]).ignore(ignored))
        #expect(recorder.events == ["0", "2", "3", "4", "5", "6", "completed"])
    }
}
