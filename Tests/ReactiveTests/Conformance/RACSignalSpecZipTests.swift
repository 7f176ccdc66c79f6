import Testing

@testable import Reactive

/// RACSignalSpec's cases for `-zipWith:` and `+zip:` on two signals. RAC's `array.rac_signal` is
/// `Signal.sequence`; `+zip:` of two subjects is `zip(subject1, subject2)`.
///
/// Left out, with the reason:
/// - `+zip:` of one signal, of three, of an empty array or an enumerator, `+zip:reduce:` (6
///   cases): vmsh's zip takes exactly two signals; there is no list or reduce form.
@MainActor
struct RACSignalSpecZipTests {
    let valuesOne = ["Ada", "Bob", "Dea"]
    let valuesTwo = ["eats", "cooks", "jumps"]
    let subject1 = Subject<Int>()
    let subject2 = Subject<Int>()

    func pairs<A, B>(_ signal: Signal<(A, B)>) -> [String] {
        Recorder(signal) { "\($0.0) \($0.1)" }.events
    }

    @Test("-zipWith: should make a signal of tuples")
    func zipWithShouldMakeASignalOfTuples() {
        #expect(
            pairs(zip(Signal.sequence(valuesOne), Signal.sequence(valuesTwo)))
                == ["Ada eats", "Bob cooks", "Dea jumps", "completed"])
    }

    @Test("-zipWith: should truncate signals")
    func zipWithShouldTruncateSignals() {
        #expect(
            pairs(zip(Signal.sequence(valuesOne), Signal.sequence(["now", "later"])))
                == ["Ada now", "Bob later", "completed"])
    }

    /// RAC's infiniteSignal sends at once for as long as it has a subscriber; vmsh's `subscribe`
    /// hands back the disposable only once a source that sends at once is done, so this one sends
    /// a value each step on the scheduler, for ever, and zip's end must stop it.
    @Test("-zipWith: should work on infinite signals")
    func zipWithShouldWorkOnInfiniteSignals() {
        let scheduler = VirtualScheduler()
        var subscribed = 0
        let infinite = Signal<String> { observer in
            subscribed += 1
            let next = SerialDisposable()
            @MainActor func tick() {
                next.inner = scheduler.schedule(after: .milliseconds(100)) {
                    observer.send("null")
                    tick()
                }
            }
            tick()
            return ActionDisposable {
                subscribed -= 1
                next.dispose()
            }
        }
        let recorder = Recorder(zip(Signal.sequence(valuesOne), infinite)) { "\($0.0) \($0.1)" }
        scheduler.advance(by: .seconds(10))
        #expect(recorder.events == ["Ada null", "Bob null", "Dea null", "completed"])
        #expect(subscribed == 0, "the end let go of the infinite signal")
        #expect(scheduler.pendingCount == 0)
    }

    @Test("-zipWith: should handle multiples of the same signal")
    func zipWithShouldHandleMultiplesOfTheSameSignal() {
        let one = Signal.sequence(valuesOne)
        #expect(pairs(zip(one, one)) == ["Ada Ada", "Bob Bob", "Dea Dea", "completed"])
    }

    /// `+zip:`'s cases on two subjects, subscribed before each case sends.
    func zipped() -> Recorder<(Int, Int)> { Recorder(zip(subject1.signal, subject2.signal)) { "\($0.0)\($0.1)" } }

    func send2NextAndErrorTo1() { sendNexts(2, then: { subject1.send(error: TestError()) }, to: subject1) }
    func send3NextAndErrorTo1() { sendNexts(3, then: { subject1.send(error: TestError()) }, to: subject1) }
    func send2NextAndCompletedTo2() { sendNexts(2, then: subject2.sendCompleted, to: subject2) }
    func send3NextAndCompletedTo2() { sendNexts(3, then: subject2.sendCompleted, to: subject2) }
    func sendNexts(_ count: Int, then end: () -> Void, to subject: Subject<Int>) {
        for value in 1...count { subject.send(value) }
        end()
    }

    @Test("+zip: should complete as soon as no new zipped values are possible")
    func zipShouldCompleteAsSoonAsNoNewZippedValuesArePossible() {
        let recorder = zipped()
        subject1.send(1)
        subject2.send(1)
        #expect(recorder.events == ["11"])
        subject1.send(2)
        subject1.sendCompleted()
        #expect(recorder.events == ["11"])
        subject2.send(2)
        #expect(recorder.events == ["11", "22", "completed"])
    }

    @Test("+zip: outcome should not be dependent on order of signals")
    func zipOutcomeShouldNotBeDependentOnOrderOfSignals() {
        let recorder = zipped()
        subject2.sendCompleted()
        #expect(recorder.events == ["completed"])
    }

    @Test("+zip: should forward errors sent earlier than (time-wise) and before (position-wise) a complete")
    func zipForwardsAnEarlierErrorBeforeAComplete() {
        let recorder = zipped()
        send2NextAndErrorTo1()
        send3NextAndCompletedTo2()
        #expect(recorder.events == ["error(boom)"])
    }

    @Test("+zip: should forward errors sent earlier than (time-wise) and after (position-wise) a complete")
    func zipForwardsAnEarlierErrorAfterAComplete() {
        let recorder = zipped()
        send3NextAndErrorTo1()
        send2NextAndCompletedTo2()
        #expect(recorder.events == ["error(boom)"])
    }

    @Test("+zip: should forward errors sent later than (time-wise) and before (position-wise) a complete")
    func zipForwardsALaterErrorBeforeAComplete() {
        let recorder = zipped()
        send3NextAndCompletedTo2()
        send2NextAndErrorTo1()
        #expect(recorder.events == ["11", "22", "error(boom)"])
    }

    @Test("+zip: should ignore errors sent later than (time-wise) and after (position-wise) a complete")
    func zipIgnoresALaterErrorAfterAComplete() {
        let recorder = zipped()
        send2NextAndCompletedTo2()
        send3NextAndErrorTo1()
        #expect(recorder.events == ["11", "22", "completed"])
    }

    @Test("+zip: should handle multiples of the same side-effecting signal")
    func zipShouldHandleMultiplesOfTheSameSideEffectingSignal() {
        var counter = 0
        let sideEffecting = Signal<Int> { observer in
            counter += 1
            observer.send(1)
            observer.sendCompleted()
            return ActionDisposable {}
        }
        let combined = zip(sideEffecting, sideEffecting)
        #expect(counter == 0)
        #expect(pairs(combined) == ["1 1", "completed"])
        #expect(counter == 2)
    }
}
