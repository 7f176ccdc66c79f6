import TestSupport
import Testing

@testable import Reactive

/// RACSignalSpec's cases, and the RACStreamExamples it runs, for the operators that flatten
/// signals of signals or replace them: `-flattenMap:` (vmsh's flatMap), `-flatten` and
/// `-flatten:` with a max of 0 (flatMap of the identity), `-switchToLatest` (flatMapLatest of
/// the identity), `-catch:` and `-replayLazily`. Each step is taken 100 ms after the one before.
///
/// Left out, with the reason:
/// - `-flattenMap:` "should treat nil streams like empty streams", `-switchToLatest` "should
///   accept nil signals": a Swift signal of signals holds no nil.
/// - `-bind:` (RACStreamExamples' 8 cases and RACSignalSpec's 2 stop cases): vmsh has no bind
///   and no stop flag; its value-to-signal cases are translated under `-flattenMap:`.
/// - `-flatten:` "when its max is > 0" (2 cases) and its disposal-crash cases (3): vmsh has no
///   maximum of concurrent inner signals (a max of 1 is concat, which vmsh lacks); "shouldn't
///   create a retain cycle" checks Objective-C memory management.
/// - `+switch:cases:default:`, `+if:then:else:` (11 cases): vmsh has no such operators.
/// - `-replayLazily` "should dealloc a replay subject if it completes immediately": memory management.
@MainActor
struct RACSignalSpecFlatteningTests {
    let scheduler = VirtualScheduler()
    let step = Duration.milliseconds(100)

    @Test("-flattenMap: should return a single mapped result")
    func flattenMapShouldReturnASingleMappedResult() {
        let recorder = TimedRecorder(Signal.just(0).flatMap { Signal.just($0 + 1) }, on: scheduler)
        #expect(recorder.events == ["0: 1", "0: completed"])
    }

    @Test("-flattenMap: should concatenate the results of mapping multiple values")
    func flattenMapShouldConcatenateTheResultsOfMappingMultipleValues() {
        let recorder = TimedRecorder(Signal.sequence([0, 1]).flatMap { Signal.just($0 + 1) }, on: scheduler)
        #expect(recorder.events == ["0: 1", "0: 2", "0: completed"])
    }

    @Test("-flattenMap: should concatenate with an empty result from mapping a value")
    func flattenMapShouldConcatenateWithAnEmptyResultFromMappingAValue() {
        let mapped = Signal.sequence([0, 1, 2]).flatMap { $0 == 1 ? Signal.empty : Signal.just($0 + 1) }
        let recorder = TimedRecorder(mapped, on: scheduler)
        #expect(recorder.events == ["0: 1", "0: 3", "0: completed"])
    }

    @Test("should flatten")
    func shouldFlatten() {
        let recorder = TimedRecorder(Signal.just(Signal.just("unit")).flatMap { $0 }, on: scheduler)
        #expect(recorder.events == ["0: unit", "0: completed"])
    }

    @Test("-bind: should properly stop subscribing to new signals after error")
    func bindShouldProperlyStopSubscribingToNewSignalsAfterError() {
        var subscribedAfterError = false
        let bound = Signal.sequence([0, 1]).flatMap { value -> Signal<Int> in
            guard value == 0 else {
                return Signal { observer in
                    subscribedAfterError = true
                    observer.sendCompleted()
                    return nil
                }
            }
            return Signal.fail(TestError())
        }
        let recorder = TimedRecorder(bound, on: scheduler)
        #expect(!subscribedAfterError)
        #expect(recorder.events == ["0: error(boom)"])
    }

    /// `-flatten:`'s setup: three subjects, each behind a signal that notes its subscription.
    @MainActor
    final class Inners {
        let subjects = [Subject<Int>(), Subject<Int>(), Subject<Int>()]
        var subscribed = [false, false, false]
        var signals: [Signal<Int>] {
            (0..<3).map { index in
                Signal { observer in
                    self.subscribed[index] = true
                    return self.subjects[index].signal.subscribe { observer.send($0) }
                }
            }
        }
    }

    @Test("-flatten: when its max is 0: should merge all the signals concurrently")
    func flattenWhenItsMaxIs0ShouldMergeAllTheSignalsConcurrently() {
        let inners = Inners()
        let signals = Subject<Signal<Int>>()
        let recorder = TimedRecorder(signals.signal.flatMap { $0 }, on: scheduler)
        signals.send(inners.signals[0])
        signals.send(inners.signals[1])
        #expect(inners.subscribed == [true, true, false])
        scheduler.advance(by: step)
        inners.subjects[0].send(1)
        signals.send(inners.signals[2])
        #expect(inners.subscribed == [true, true, true])
        scheduler.advance(by: step)
        inners.subjects[0].sendCompleted()
        inners.subjects[1].send(2)
        inners.subjects[1].sendCompleted()
        scheduler.advance(by: step)
        inners.subjects[2].send(3)
        inners.subjects[2].sendCompleted()
        #expect(recorder.events == ["100: 1", "200: 2", "300: 3"])
    }

    @Test("-flatten: when its max is 0: should complete only after the source and all its signals have completed")
    func flattenWhenItsMaxIs0ShouldCompleteOnlyAfterTheSourceAndAllItsSignalsHaveCompleted() {
        let inners = Inners()
        let signals = Subject<Signal<Int>>()
        let recorder = TimedRecorder(signals.signal.flatMap { $0 }, on: scheduler)
        signals.send(inners.signals[0])
        inners.subjects[0].sendCompleted()
        scheduler.advance(by: step)
        signals.send(inners.signals[1])
        signals.send(inners.signals[2])
        signals.sendCompleted()
        scheduler.advance(by: step)
        inners.subjects[1].sendCompleted()
        #expect(recorder.events == [])
        scheduler.advance(by: step)
        inners.subjects[2].sendCompleted()
        #expect(recorder.events == ["300: completed"])
    }

    /// An inner signal that sends its values at once and never ends.
    func sending(_ values: [Int]) -> Signal<Int> {
        Signal { observer in
            for value in values { observer.send(value) }
            return nil
        }
    }

    @Test("-switchToLatest: should send values from the most recent signal")
    func switchToLatestShouldSendValuesFromTheMostRecentSignal() {
        let subject = Subject<Signal<Int>>()
        let recorder = TimedRecorder(subject.signal.flatMapLatest { $0 }, on: scheduler)
        subject.send(sending([1, 2]))
        scheduler.advance(by: step)
        subject.send(sending([3, 4]))
        #expect(recorder.events == ["0: 1", "0: 2", "100: 3", "100: 4"])
    }

    @Test("-switchToLatest: should send errors from the most recent signal")
    func switchToLatestShouldSendErrorsFromTheMostRecentSignal() {
        let subject = Subject<Signal<Int>>()
        let recorder = TimedRecorder(subject.signal.flatMapLatest { $0 }, on: scheduler)
        scheduler.advance(by: step)
        subject.send(Signal.fail(TestError()))
        #expect(recorder.events == ["100: error(boom)"])
    }

    @Test("-switchToLatest: should not send completed if only the switching signal completes")
    func switchToLatestShouldNotSendCompletedIfOnlyTheSwitchingSignalCompletes() {
        let subject = Subject<Signal<Int>>()
        let recorder = TimedRecorder(subject.signal.flatMapLatest { $0 }, on: scheduler)
        subject.send(Signal.never)
        scheduler.advance(by: step)
        subject.sendCompleted()
        scheduler.advance(by: step)
        #expect(recorder.events == [])
    }

    @Test("-switchToLatest: should send completed when the switching signal completes and the last sent signal does")
    func switchToLatestShouldSendCompletedWhenTheSwitchingSignalCompletesAndTheLastSentSignalDoes() {
        let subject = Subject<Signal<Int>>()
        let recorder = TimedRecorder(subject.signal.flatMapLatest { $0 }, on: scheduler)
        subject.send(Signal.empty)
        #expect(recorder.events == [])
        scheduler.advance(by: step)
        subject.sendCompleted()
        #expect(recorder.events == ["100: completed"])
    }

    @Test("-switchToLatest: should return a cold signal")
    func switchToLatestShouldReturnAColdSignal() {
        var subscriptions = 0
        let outer = Signal<Signal<Int>> { observer in
            subscriptions += 1
            observer.send(Signal.empty)
            return nil
        }
        let switched = outer.flatMapLatest { $0 }
        switched.publish().connect()
        #expect(subscriptions == 1)
        switched.publish().connect()
        #expect(subscriptions == 2)
    }

    @Test("-catch: should subscribe to ensuing signal on error")
    func catchShouldSubscribeToEnsuingSignalOnError() {
        let subject = Subject<Int>()
        let recorder = TimedRecorder(subject.signal.catch { _ in Signal.just(41) }, on: scheduler)
        scheduler.advance(by: step)
        subject.send(error: TestError())
        #expect(recorder.events == ["100: 41", "100: completed"])
    }

    @Test("-catch: should prevent source error from propagating")
    func catchShouldPreventSourceErrorFromPropagating() {
        let subject = Subject<Int>()
        let recorder = TimedRecorder(subject.signal.catch { _ in Signal.empty }, on: scheduler)
        scheduler.advance(by: step)
        subject.send(error: TestError())
        #expect(recorder.events == ["100: completed"])
    }

    struct SecondaryError: Error, CustomStringConvertible {
        var description: String { "bubs 41" }
    }

    @Test("-catch: should propagate error from ensuing signal")
    func catchShouldPropagateErrorFromEnsuingSignal() {
        let subject = Subject<Int>()
        let recorder = TimedRecorder(subject.signal.catch { _ in Signal.fail(SecondaryError()) }, on: scheduler)
        scheduler.advance(by: step)
        subject.send(error: TestError())
        #expect(recorder.events == ["100: error(bubs 41)"])
    }

    @Test("-catch: should dispose ensuing signal")
    func catchShouldDisposeEnsuingSignal() {
        let subject = Subject<Int>()
        var disposed = false
        let ensuing = Signal<Int> { _ in ActionDisposable { disposed = true } }
        let recorder = TimedRecorder(subject.signal.catch { _ in ensuing }, on: scheduler)
        subject.send(error: TestError())
        #expect(!disposed)
        recorder.subscription?.dispose()
        #expect(disposed)
        #expect(recorder.events == [])
    }

    /// `-replayLazily`'s setup: a source that counts its subscriptions, sends a value at once and
    /// another 100 ms later with its completion, cut off early when `disposeSubject` completes.
    @MainActor
    final class ReplaySource {
        var subscriptions = 0
        var disposed = false
        let disposeSubject = Subject<Void>()
        let scheduler: VirtualScheduler
        lazy var replayed = source.take(until: disposeSubject.signal).replayLazily()

        init(scheduler: VirtualScheduler) { self.scheduler = scheduler }

        var source: Signal<String> {
            Signal { [unowned self] observer in
                self.subscriptions += 1
                observer.send("unit")
                let later = self.scheduler.schedule(after: .milliseconds(100)) {
                    observer.send("unit")
                    observer.sendCompleted()
                }
                return ActionDisposable {
                    later.dispose()
                    self.disposed = true
                }
            }
        }
    }

    @Test("-replayLazily: should forward the input signal upon subscription")
    func replayLazilyShouldForwardTheInputSignalUponSubscription() {
        let source = ReplaySource(scheduler: scheduler)
        #expect(source.subscriptions == 0)
        let recorder = TimedRecorder(source.replayed, on: scheduler)
        scheduler.runUntilIdle()
        #expect(recorder.events == ["0: unit", "100: unit", "100: completed"])
        #expect(source.subscriptions == 1)
    }

    @Test("-replayLazily: should replay the input signal for future subscriptions")
    func replayLazilyShouldReplayTheInputSignalForFutureSubscriptions() {
        let source = ReplaySource(scheduler: scheduler)
        let first = TimedRecorder(source.replayed, on: scheduler)
        scheduler.advance(by: .milliseconds(200))
        let second = TimedRecorder(source.replayed, on: scheduler)
        #expect(first.events == ["0: unit", "100: unit", "100: completed"])
        #expect(second.events == ["200: unit", "200: unit", "200: completed"])
        #expect(source.subscriptions == 1)
    }

    @Test("-replayLazily: should replay even after disposal")
    func replayLazilyShouldReplayEvenAfterDisposal() {
        let source = ReplaySource(scheduler: scheduler)
        let first = TimedRecorder(source.replayed, on: scheduler)
        #expect(first.events == ["0: unit"])
        scheduler.advance(by: .milliseconds(50))
        source.disposeSubject.sendCompleted()
        #expect(source.disposed)
        scheduler.advance(by: .milliseconds(100))
        let second = TimedRecorder(source.replayed, on: scheduler)
        #expect(first.events == ["0: unit", "50: completed"])
        #expect(second.events == ["150: unit", "150: completed"])
        #expect(source.subscriptions == 1)
    }
}
