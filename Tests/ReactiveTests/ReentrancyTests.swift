import Testing

@testable import Reactive

/// Subscribers that send, subscribe or execute while an event is being delivered.
@MainActor
struct ReentrancyTests {
    @Test func flatMapLatestKeepsTheNewestInnerSignalWhenAValueArrivesReentrantly() {
        let outer = Subject<Int>()
        let second = Subject<String>()
        var log: [String] = []
        let subscription = outer.signal.flatMapLatest { value -> Signal<String> in
            value == 1
                ? Signal { observer in
                    observer.send("one")
                    return nil
                } : second.signal
        }.subscribeNext { text in
            log.append(text)
            if text == "one" { outer.send(2) }
        }
        outer.send(1)
        second.send("two")
        #expect(log == ["one", "two"])
        #expect(second.subscriberCount == 1)
        subscription.dispose()
    }

    @Test func flatMapLatestDisposesThePreviousInnerBeforeStartingTheNext() {
        let outer = Subject<Int>()
        var log: [String] = []
        _ = outer.signal.flatMapLatest { value -> Signal<Int> in
            Signal { _ in
                log.append("subscribe \(value)")
                return ActionDisposable { log.append("dispose \(value)") }
            }
        }.subscribe { _ in }
        outer.send(1)
        outer.send(2)
        #expect(log == ["subscribe 1", "dispose 1", "subscribe 2"])
    }

    @Test func takeNeverLetsThroughAValueSentReentrantly() {
        let subject = Subject<Int>()
        var got: [Int] = []
        subject.signal.take(1).subscribeNext { value in
            got.append(value)
            if value == 1 { subject.send(2) }
        }
        subject.send(1)
        #expect(got == [1])
    }

    @Test func thenAndCatchAfterASynchronousEnd() {
        let later = Subject<Int>()
        var got: [Int] = []
        let a = Signal<Int>.empty.then(later.signal).subscribeNext { got.append($0) }
        let b = Signal<Int>.fail(TestError()).catch { _ in later.signal }.subscribeNext { got.append($0 * 10) }
        later.send(5)
        #expect(got == [5, 50])
        #expect(later.subscriberCount == 2)
        a.dispose()
        b.dispose()
        #expect(later.subscriberCount == 0)
    }

    /// RAC 2's depth-first delivery: a value sent by an earlier subscriber reaches a later one
    /// before the value that caused it does (RACSubject's -sendNext: is a plain loop).
    @Test func aSendFromAnEarlierSubscriberReachesALaterOneFirst() {
        let property = MutableProperty(0)
        var seen: [Int] = []
        property.changes.subscribeNext { if $0 == 1 { property.value = 2 } }
        property.changes.subscribeNext { seen.append($0) }
        property.value = 1
        #expect(seen == [2, 1])
        #expect(property.value == 2)
    }

    @Test func aChangeMadeOnReceivingTheCurrentValueIsNotLost() {
        let property = MutableProperty(0)
        var seen: [Int] = []
        property.signal.subscribeNext { value in
            seen.append(value)
            if value == 0 { property.value = 1 }
        }
        #expect(seen == [0, 1])
    }

    @Test func aCommandRefusesToRunAgainFromItsOwnObservers() {
        var runs = 0
        let command = Command<Void, Int> { _ in
            runs += 1
            return .never
        }
        var enabledWhenExecutingWasSeen: Bool?
        command.isExecuting.changes.subscribeNext { executing in
            guard executing, enabledWhenExecutingWasSeen == nil else { return }
            enabledWhenExecutingWasSeen = command.isEnabled.value
            #expect(throws: CommandError.disabled) { try command.execute(()) }
        }
        command.isEnabled.changes.subscribeNext { enabled in
            if !enabled { #expect(throws: CommandError.disabled) { try command.execute(()) } }
        }
        try? command.execute(())
        #expect(runs == 1)
        #expect(enabledWhenExecutingWasSeen == false)
        command.cancel()
        #expect(!command.isExecuting.value)
        #expect(command.isEnabled.value)
    }
}

/// Depth first, a subscriber that came after a binding hears the binding's effect first.
@MainActor
struct EffectBeforeCauseTests {
    @Test func aChangeCausedByAnotherIsHeardFirstBySubscribersAfterTheBinding() {
        let text = MutableProperty("")
        let valid = MutableProperty(false)
        var heard: [String] = []
        // The derived binding subscribes first, as a ViewModel's does in its init.
        text.changes.subscribeNext { valid.value = $0.count > 3 }
        text.changes.subscribeNext { heard.append("text \($0)") }
        valid.changes.subscribeNext { heard.append("valid \($0)") }
        text.value = "sunset"
        #expect(heard == ["valid true", "text sunset"])
        #expect(valid.value, "the cascade is over when the outermost send returns")
    }
}
