import Testing

@testable import Reactive

/// The delivery queue, the listener list Subject and EventLog share, and how each delivers.
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

    @Test func aSendDuringADeliveryWaitsUntilEverySubscriberHasTheFirst() {
        let subject = Subject<Int>()
        var heard: [String] = []
        subject.signal.subscribeNext { value in
            heard.append("a \(value)")
            if value == 1 { subject.send(2) }
        }
        subject.signal.subscribeNext { heard.append("b \($0)") }
        subject.send(1)
        #expect(heard == ["a 1", "b 1", "a 2", "b 2"])
    }

    @Test func aCascadeAcrossSubjectsIsHeardBreadthFirstAndEndsBeforeTheOuterSendReturns() {
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
        cause.send(2)
        #expect(
            heard == [
                "cause 1 to binding", "cause 1 to view", "effect 10 to binding", "effect 10 to view",
                "echo 11 to view", "sent",
                "cause 2 to binding", "cause 2 to view", "effect 20 to binding", "effect 20 to view",
                "echo 21 to view",
            ])
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
