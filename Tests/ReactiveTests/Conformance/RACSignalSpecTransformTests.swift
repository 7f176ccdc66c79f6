import Testing

@testable import Reactive

/// RACSignalSpec's cases, and the RACStreamExamples it runs, for the operators that transform
/// one signal's values: map, filter, scan, distinctUntilChanged, take, skip, startWith, then,
/// and fold (RAC's aggregate, whose cases are `-collect`'s and `-toArray`'s). Values are sent at
/// once, so every event is at 0 ms unless a case moves the clock.
///
/// Left out, with the reason:
/// - `-mapReplace:`, `-ignore:` (2+1 cases), `-ignoreValues` (2), `-combinePreviousWithStart:`
///   (2), takeUntilBlock/takeWhileBlock/skipUntilBlock/skipWhileBlock (9): vmsh has no such operators.
/// - scanning "should scan with index": vmsh's scan passes no index.
/// - `-concat:` / `+concat:` / `-concat` (11 cases): vmsh has no concat.
/// - `-collect` "should add NSNull to an array for nil values", `-toArray` "should return an
///   array which contains NSNulls for nil values": NSNull stands in for nil in NSArray; a Swift
///   array holds nil itself.
@MainActor
struct RACSignalSpecTransformTests {
    let scheduler = VirtualScheduler()
    let subject = Subject<Int>()

    /// RACStreamExamples' infinite stream: a value again and again, until disposed.
    var infiniteStream: Signal<String> {
        Signal.interval(.milliseconds(100), on: scheduler).map { _ in "unit" }
    }

    @Test("-map: should map")
    func mapShouldMap() {
        let recorder = TimedRecorder(Signal.sequence([0, 1, 2]).map { $0 + 1 }, on: scheduler)
        #expect(recorder.events == ["0: 1", "0: 2", "0: 3", "0: completed"])
    }

    @Test("-filter: should filter")
    func filterShouldFilter() {
        let recorder = TimedRecorder(Signal.sequence(Array(0...6)).filter { $0 % 2 == 0 }, on: scheduler)
        #expect(recorder.events == ["0: 0", "0: 2", "0: 4", "0: 6", "0: completed"])
    }

    @Test("scanning: should scan")
    func scanningShouldScan() {
        let recorder = TimedRecorder(Signal.sequence([1, 2, 3, 4]).scan(0, +), on: scheduler)
        #expect(recorder.events == ["0: 1", "0: 3", "0: 6", "0: 10", "0: completed"])
    }

    @Test("distinctUntilChanged: should only send values that are distinct from the previous value")
    func distinctUntilChangedShouldOnlySendValuesThatAreDistinctFromThePreviousValue() {
        let recorder = TimedRecorder(Signal.sequence([1, 2, 2, 1, 1]).distinctUntilChanged(), on: scheduler)
        #expect(recorder.events == ["0: 1", "0: 2", "0: 1", "0: completed"])
    }

    @Test("distinctUntilChanged: shouldn't consider nils to always be distinct")
    func distinctUntilChangedShouldntConsiderNilsToAlwaysBeDistinct() {
        let values: [Int?] = [1, nil, nil, nil, 1]
        let distinct = Signal.sequence(values).distinctUntilChanged().map { $0.map(String.init) ?? "nil" }
        let recorder = TimedRecorder(distinct, on: scheduler)
        #expect(recorder.events == ["0: 1", "0: nil", "0: 1", "0: completed"])
    }

    @Test("distinctUntilChanged: should consider initial nil to be distinct")
    func distinctUntilChangedShouldConsiderInitialNilToBeDistinct() {
        let values: [Int?] = [nil, nil, 1]
        let distinct = Signal.sequence(values).distinctUntilChanged().map { $0.map(String.init) ?? "nil" }
        let recorder = TimedRecorder(distinct, on: scheduler)
        #expect(recorder.events == ["0: nil", "0: 1", "0: completed"])
    }

    @Test("-take: with three values: should take any valid number of values")
    func takeWithThreeValuesShouldTakeAnyValidNumberOfValues() {
        for count in 0...2 {
            let recorder = TimedRecorder(Signal.sequence([0, 1, 2]).take(count), on: scheduler)
            #expect(recorder.events == (0..<count).map { "0: \($0)" } + ["0: completed"])
        }
    }

    @Test("-take: with three values: should return the same stream when taking too many values")
    func takeWithThreeValuesShouldReturnTheSameStreamWhenTakingTooManyValues() {
        let recorder = TimedRecorder(Signal.sequence([0, 1, 2]).take(4), on: scheduler)
        #expect(recorder.events == ["0: 0", "0: 1", "0: 2", "0: completed"])
    }

    @Test("-take: should take and terminate from an infinite stream")
    func takeShouldTakeAndTerminateFromAnInfiniteStream() {
        let none = TimedRecorder(infiniteStream.take(0), on: scheduler)
        let one = TimedRecorder(infiniteStream.take(1), on: scheduler)
        let two = TimedRecorder(infiniteStream.take(2), on: scheduler)
        scheduler.advance(by: .seconds(1))
        #expect(none.events == ["0: completed"])
        #expect(one.events == ["100: unit", "100: completed"])
        #expect(two.events == ["100: unit", "200: unit", "200: completed"])
        #expect(scheduler.pendingCount == 0)
    }

    @Test("-take: should take and terminate from a single-item stream")
    func takeShouldTakeAndTerminateFromASingleItemStream() {
        let recorder = TimedRecorder(Signal.just("unit").take(1), on: scheduler)
        #expect(recorder.events == ["0: unit", "0: completed"])
    }

    @Test("should complete take: even if the original signal doesn't")
    func shouldCompleteTakeEvenIfTheOriginalSignalDoesnt() {
        let endless = Signal<Int> { observer in
            observer.send(1)
            return nil
        }
        let recorder = TimedRecorder(endless.take(1), on: scheduler)
        #expect(recorder.events == ["0: 1", "0: completed"])
    }

    @Test("-skip: should skip any valid number of values")
    func skipShouldSkipAnyValidNumberOfValues() {
        for count in 0...2 {
            let recorder = TimedRecorder(Signal.sequence([0, 1, 2]).skip(count), on: scheduler)
            #expect(recorder.events == (count..<3).map { "0: \($0)" } + ["0: completed"])
        }
    }

    @Test("-skip: should return an empty stream when skipping too many values")
    func skipShouldReturnAnEmptyStreamWhenSkippingTooManyValues() {
        let recorder = TimedRecorder(Signal.sequence([0, 1, 2]).skip(4), on: scheduler)
        #expect(recorder.events == ["0: completed"])
    }

    @Test("-startWith: should start with a value")
    func startWithShouldStartWithAValue() {
        let recorder = TimedRecorder(Signal.just(1).startWith(0), on: scheduler)
        #expect(recorder.events == ["0: 0", "0: 1", "0: completed"])
    }

    @Test("-then: should continue onto returned signal")
    func thenShouldContinueOntoReturnedSignal() {
        let recorder = TimedRecorder(subject.signal.then(Signal.just(2)), on: scheduler)
        scheduler.advance(by: .milliseconds(100))
        subject.send(1)
        #expect(recorder.events == [])
        scheduler.advance(by: .milliseconds(100))
        subject.sendCompleted()
        #expect(recorder.events == ["200: 2", "200: completed"])
    }

    @Test("-then: should sequence even if no next value is sent")
    func thenShouldSequenceEvenIfNoNextValueIsSent() {
        let recorder = TimedRecorder(subject.signal.then(Signal.just("unit")), on: scheduler)
        scheduler.advance(by: .milliseconds(100))
        subject.sendCompleted()
        #expect(recorder.events == ["100: unit", "100: completed"])
    }

    @Test("-collect: should send a single array when the original signal completes")
    func collectShouldSendASingleArrayWhenTheOriginalSignalCompletes() {
        let recorder = TimedRecorder(subject.signal.fold([]) { $0 + [$1] }, on: scheduler)
        for value in 1...3 {
            scheduler.advance(by: .milliseconds(100))
            subject.send(value)
        }
        #expect(recorder.events == [])
        scheduler.advance(by: .milliseconds(100))
        subject.sendCompleted()
        #expect(recorder.events == ["400: [1, 2, 3]", "400: completed"])
    }

    @Test("-toArray: should return nil upon error")
    func toArrayShouldReturnNilUponError() {
        let recorder = TimedRecorder(subject.signal.fold([]) { $0 + [$1] }, on: scheduler)
        scheduler.advance(by: .milliseconds(100))
        subject.send(error: TestError())
        #expect(recorder.events == ["100: error(boom)"])
    }

    @Test("-toArray: should return nil upon error even if some nexts were sent")
    func toArrayShouldReturnNilUponErrorEvenIfSomeNextsWereSent() {
        let recorder = TimedRecorder(subject.signal.fold([]) { $0 + [$1] }, on: scheduler)
        subject.send(1)
        subject.send(2)
        scheduler.advance(by: .milliseconds(100))
        subject.send(error: TestError())
        #expect(recorder.events == ["100: error(boom)"])
    }
}
