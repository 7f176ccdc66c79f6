import Testing

@testable import Reactive

/// RACSignalSpec's cases for the operators that recover from errors and sequence signals
/// (`-catch:`, `-then:`, `-timeout:onScheduler:`, `-sample:`, `-bufferWithTime:onScheduler:`,
/// `-materialize`, `-dematerialize`), on the virtual clock. RAC's
/// `-then:` takes a block returning the signal; vmsh's takes the signal.
///
/// Left out, with the reason:
/// - `-bufferWithTime:` "should support NSNull values", "should buffer nil values": a Swift
///   signal has no nil or NSNull to carry.
/// - `-timeout:onScheduler:` "should pass through events while not timed out" runs on the main
///   thread scheduler; here on the virtual clock, the same events.
@MainActor
struct RACSignalSpecRecoveryTests {
    let scheduler = VirtualScheduler()
    let subject = Subject<Int>()

    struct SecondaryError: Error, CustomStringConvertible {
        var description: String { "bubs" }
    }

    @Test("-catch: should subscribe to ensuing signal on error")
    func catchShouldSubscribeToEnsuingSignalOnError() {
        let recorder = Recorder(subject.signal.catch { _ in .just(41) })
        subject.send(error: TestError())
        #expect(recorder.events == ["41", "completed"])
    }

    @Test("-catch: should prevent source error from propagating")
    func catchShouldPreventSourceErrorFromPropagating() {
        let recorder = Recorder(subject.signal.catch { _ in .empty })
        subject.send(error: TestError())
        #expect(recorder.events == ["completed"])
    }

    @Test("-catch: should propagate error from ensuing signal")
    func catchShouldPropagateErrorFromEnsuingSignal() {
        let recorder = Recorder(subject.signal.catch { _ in .fail(SecondaryError()) })
        subject.send(error: TestError())
        #expect(recorder.events == ["error(bubs)"])
    }

    @Test("-catch: should dispose ensuing signal")
    func catchShouldDisposeEnsuingSignal() {
        var disposed = false
        let ensuing = Signal<Int> { _ in ActionDisposable { disposed = true } }
        let recorder = Recorder(subject.signal.catch { _ in ensuing })
        subject.send(error: TestError())
        #expect(!disposed)
        recorder.subscription?.dispose()
        #expect(disposed)
    }

    @Test("-then: should continue onto returned signal")
    func thenShouldContinueOntoReturnedSignal() {
        let recorder = Recorder(subject.signal.then(Signal.just(2)))
        subject.send(1)
        // The value shouldn't change until the first signal completes.
        #expect(recorder.events.isEmpty)
        subject.sendCompleted()
        #expect(recorder.events == ["2", "completed"])
    }

    @Test("-then: should sequence even if no next value is sent")
    func thenShouldSequenceEvenIfNoNextValueIsSent() {
        let recorder = Recorder(subject.signal.then(Signal.just("unit")))
        subject.sendCompleted()
        #expect(recorder.events == ["unit", "completed"])
    }

    @Test("-timeout:onScheduler: should time out")
    func timeoutShouldTimeOut() {
        let recorder = TimedRecorder(subject.signal.timeout(.seconds(1), on: scheduler), on: scheduler)
        #expect(recorder.events.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.events == ["1000: error(timed out)"])
    }

    @Test("-timeout:onScheduler: should pass through events while not timed out")
    func timeoutShouldPassThroughEventsWhileNotTimedOut() {
        let recorder = TimedRecorder(subject.signal.timeout(.seconds(1), on: scheduler), on: scheduler)
        subject.send(1)
        #expect(recorder.events == ["0: 1"])
        subject.sendCompleted()
        scheduler.advance(by: .seconds(2))
        #expect(recorder.events == ["0: 1", "0: completed"])
    }

    @Test("-timeout:onScheduler: should not time out after disposal")
    func timeoutShouldNotTimeOutAfterDisposal() {
        let recorder = TimedRecorder(subject.signal.timeout(.seconds(1), on: scheduler), on: scheduler)
        recorder.subscription?.dispose()
        scheduler.advance(by: .seconds(2))
        #expect(recorder.events.isEmpty)
        #expect(scheduler.pendingCount == 0)
    }

    @Test("-sample: should send the latest value when the sampler signal fires")
    func sampleShouldSendTheLatestValueWhenTheSamplerSignalFires() {
        let sampler = Subject<Void>()
        let recorder = Recorder(subject.signal.sample(sampler.signal))
        sampler.send(())
        #expect(recorder.events.isEmpty)
        subject.send(1)
        subject.send(2)
        #expect(recorder.events.isEmpty)
        sampler.send(())
        #expect(recorder.events == ["2"])
        subject.send(3)
        #expect(recorder.events == ["2"])
        sampler.send(())
        #expect(recorder.events == ["2", "3"])
        sampler.send(())
        #expect(recorder.events == ["2", "3", "3"])
    }

    func buffered() -> TimedRecorder<[Int]> {
        TimedRecorder(subject.signal.buffer(time: .seconds(1), on: scheduler), on: scheduler)
    }

    @Test("-bufferWithTime: should buffer nexts")
    func bufferWithTimeShouldBufferNexts() {
        let recorder = buffered()
        subject.send(1)
        subject.send(2)
        scheduler.advance(by: .seconds(5))
        #expect(recorder.events == ["1000: [1, 2]"])
        subject.send(3)
        subject.send(4)
        scheduler.advance(by: .seconds(5))
        #expect(recorder.events == ["1000: [1, 2]", "6000: [3, 4]"])
    }

    @Test("-bufferWithTime: should not perform buffering until a value is sent")
    func bufferWithTimeShouldNotPerformBufferingUntilAValueIsSent() {
        let recorder = buffered()
        subject.send(1)
        subject.send(2)
        scheduler.advance(by: .seconds(5))
        #expect(scheduler.pendingCount == 0)
        scheduler.advance(by: .seconds(5))
        #expect(recorder.events == ["1000: [1, 2]"])
        subject.send(3)
        subject.send(4)
        scheduler.advance(by: .seconds(5))
        #expect(recorder.events == ["1000: [1, 2]", "11000: [3, 4]"])
    }

    @Test("-bufferWithTime: should flush any buffered nexts upon completion")
    func bufferWithTimeShouldFlushAnyBufferedNextsUponCompletion() {
        let recorder = buffered()
        subject.send(1)
        subject.sendCompleted()
        scheduler.advance(by: .seconds(5))
        #expect(recorder.events == ["0: [1]", "0: completed"])
    }

    @Test("-materialize should convert nexts and completed into RACEvents")
    func materializeShouldConvertNextsAndCompletedIntoRACEvents() {
        let recorder = Recorder(Signal.just("unit").materialize())
        #expect(recorder.events == ["next(\"unit\")", "completed", "completed"])
    }

    @Test("-materialize should convert errors into RACEvents and complete")
    func materializeShouldConvertErrorsIntoRACEventsAndComplete() {
        let recorder = Recorder(Signal<Int>.fail(TestError()).materialize())
        #expect(recorder.events == ["failed(boom)", "completed"])
    }

    @Test("-dematerialize should convert nexts from RACEvents")
    func dematerializeShouldConvertNextsFromRACEvents() {
        let events = Signal<Event<Int>>.sequence([.next(1), .next(2)])
        #expect(Recorder(events.dematerialize()).events == ["1", "2", "completed"])
    }

    @Test("-dematerialize should convert completed from a RACEvent")
    func dematerializeShouldConvertCompletedFromARACEvent() {
        let events = Signal<Event<Int>>.sequence([.next(1), .completed, .next(2)])
        #expect(Recorder(events.dematerialize()).events == ["1", "completed"])
    }

    @Test("-dematerialize should convert error from a RACEvent")
    func dematerializeShouldConvertErrorFromARACEvent() {
        let events = Signal<Event<Int>>.sequence([.failed(TestError()), .next(1)])
        #expect(Recorder(events.dematerialize()).events == ["error(boom)"])
    }
}
