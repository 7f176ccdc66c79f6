import TestSupport
import Testing

@testable import Reactive

/// The listener list Subject and EventLog share, and how each delivers: synchronously and depth
/// first, as RACSubject's -sendNext: does.
@MainActor
struct DeliveryTests {
    @Test func theListenerListKeepsSubscriptionOrderAndForgetsWhoLeaves() {
        let list = ListenerList<Int>()
        var heard: [String] = []
        let first = list.add(Observer { heard.append("first \($0)") })
        _ = list.add(Observer { heard.append("second \($0)") })
        let snapshot = list.snapshot
        _ = list.add(Observer { heard.append("third \($0)") })
        first.dispose()
        #expect(list.count == 2)
        for observer in snapshot { observer.send(1) }
        for observer in list.snapshot { observer.send(2) }
        #expect(heard == ["first next(1)", "second next(1)", "second next(2)", "third next(2)"])
    }

    @Test func aSendDuringADeliveryReachesEverySubscriberBeforeTheFirstValueGoesOn() {
        let subject = Subject<Int>()
        var heard: [String] = []
        subject.signal.subscribeNext { value in
            heard.append("a \(value)")
            if value == 1 { subject.send(2) }
        }
        subject.signal.subscribeNext { heard.append("b \($0)") }
        subject.send(1)
        #expect(heard == ["a 1", "a 2", "b 2", "b 1"])
    }

    @Test func aCascadeAcrossSubjectsIsHeardDepthFirstAndEndsBeforeTheOuterSendReturns() {
        let cause = Subject<Int>()
        let effect = Subject<Int>()
        let echo = Subject<Int>()
        var heard: [String] = []
        cause.signal.subscribeNext { value in
            heard.append("cause \(value) to binding")
            effect.send(value * 10)
        }
        effect.signal.subscribeNext { value in
            heard.append("effect \(value) to binding")
            echo.send(value + 1)
        }
        cause.signal.subscribeNext { heard.append("cause \($0) to view") }
        effect.signal.subscribeNext { heard.append("effect \($0) to view") }
        echo.signal.subscribeNext { heard.append("echo \($0) to view") }
        cause.send(1)
        heard.append("sent")
        #expect(
            heard == [
                "cause 1 to binding", "effect 10 to binding", "echo 11 to view", "effect 10 to view",
                "cause 1 to view", "sent",
            ])
    }

    /// The order RAC 2 (and rxjs) give: `p` subscribed to the subject first, so `merge`
    /// hears its mapped value before the subject's own.
    @Test func aMergeOfASubjectAndAPublishedMapOfItHearsTheMappedValueFirst() {
        let subject = Subject<String>()
        let published = subject.signal.map { $0.uppercased() }.publish()
        published.connect()
        let merged = Recorder(subject.signal.merge(with: published.signal))
        subject.send("a")
        #expect(merged.events == ["A", "a"])
    }

    @Test func aSubscriberThatLeavesBeforeItsTurnHearsNothing() {
        let subject = Subject<Int>()
        var heard: [String] = []
        var second: (any Disposable)?
        subject.signal.subscribeNext { value in
            heard.append("a \(value)")
            second?.dispose()
        }
        second = subject.signal.subscribeNext { heard.append("b \($0)") }
        subject.send(1)
        subject.send(2)
        #expect(heard == ["a 1", "a 2"])
    }

    @Test func theEventLogCallsItsListenersAtOnceEvenInTheMiddleOfADelivery() {
        let log = EventLog(clock: { .zero })
        let subject = Subject<Int>()
        var heard: [String] = []
        log.live.subscribeNext { heard.append("log \($0.stream)") }
        subject.signal.subscribeNext { value in
            heard.append("a \(value)")
            log.record("numbers", .next("\(value)"))
        }
        subject.signal.subscribeNext { heard.append("b \($0)") }
        subject.send(1)
        #expect(heard == ["a 1", "log numbers", "b 1"])
    }
}
