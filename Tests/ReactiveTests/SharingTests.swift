import Testing

@testable import Reactive

/// ReplaySubject, publish, replay and autoconnect: hot and cold, late subscribers, one connection.
@MainActor
struct SharingTests {
    /// A cold signal that counts its subscriptions.
    @MainActor
    final class Source {
        var subscriptions = 0
        let subject = Subject<Int>()
        var signal: Signal<Int> {
            Signal { observer in
                self.subscriptions += 1
                return self.subject.signal.subscribe { observer.send($0) }
            }
        }
    }

    @Test func aReplaySubjectReplaysItsLastValuesAndItsEnd() {
        let subject = ReplaySubject<Int>(capacity: 2)
        let early = Recorder(subject.signal)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        let late = Recorder(subject.signal)
        subject.send(4)
        subject.sendCompleted()
        let afterEnd = Recorder(subject.signal)
        #expect(early.events == ["1", "2", "3", "4", "completed"])
        #expect(late.events == ["2", "3", "4", "completed"])
        #expect(afterEnd.events == ["3", "4", "completed"])
        #expect(subject.buffer == [3, 4])
        #expect(subject.subscriberCount == 0)
    }

    @Test func aSubjectIsHotALateSubscriberMissesWhatCameBefore() {
        let subject = Subject<Int>()
        let early = Recorder(subject.signal)
        subject.send(1)
        let late = Recorder(subject.signal)
        subject.send(2)
        #expect(early.events == ["1", "2"])
        #expect(late.events == ["2"])
    }

    @Test func publishRunsTheSourceOnceOnConnect() {
        let source = Source()
        let published = source.signal.publish()
        let first = Recorder(published.signal)
        let second = Recorder(published.signal)
        source.subject.send(0)
        #expect(source.subscriptions == 0)
        let connection = published.connect()
        published.connect()
        source.subject.send(1)
        let late = Recorder(published.signal)
        source.subject.send(2)
        #expect(source.subscriptions == 1)
        #expect(first.events == ["1", "2"])
        #expect(second.events == ["1", "2"])
        #expect(late.events == ["2"])
        connection.dispose()
        source.subject.send(3)
        #expect(first.events == ["1", "2"])
        #expect(source.subject.subscriberCount == 0)
    }

    @Test func aConnectionIsOverOnceItsSourceEnds() {
        let source = Source()
        let published = source.signal.publish()
        let listener = Recorder(published.signal)
        published.connect()
        #expect(published.isConnected && !published.hasEnded)
        source.subject.send(1)
        source.subject.sendCompleted()
        #expect(listener.events == ["1", "completed"])
        #expect(!published.isConnected)
        #expect(published.hasEnded)
    }

    @Test func replayGivesALateSubscriberTheLastValues() {
        let source = Source()
        let replayed = source.signal.replay(2)
        replayed.connect()
        source.subject.send(1)
        source.subject.send(2)
        source.subject.send(3)
        let late = Recorder(replayed.signal)
        source.subject.send(4)
        source.subject.sendCompleted()
        #expect(late.events == ["2", "3", "4", "completed"])
        #expect(source.subscriptions == 1)
    }

    @Test func autoconnectConnectsForTheFirstAndDisconnectsAfterTheLast() {
        let source = Source()
        let shared = source.signal.publish().autoconnect()
        #expect(source.subscriptions == 0)
        let first = Recorder(shared)
        let second = Recorder(shared)
        source.subject.send(1)
        #expect(source.subscriptions == 1)
        first.subscription?.dispose()
        source.subject.send(2)
        second.subscription?.dispose()
        #expect(source.subject.subscriberCount == 0)
        // RACMulticastConnectionSpec, "-autoconnect": a connection disposed is not connected
        // again, so a later subscriber only listens to the subject.
        let third = Recorder(shared)
        source.subject.send(3)
        #expect(source.subscriptions == 1)
        #expect(first.events == ["1"])
        #expect(second.events == ["1", "2"])
        #expect(third.events == [])
    }

    @Test func scanSendsEachRunningResultAndFoldOnlyTheLast() {
        let values = Signal.sequence([1, 2, 3, 4])
        #expect(Recorder(values.scan(0, +)).events == ["1", "3", "6", "10", "completed"])
        #expect(Recorder(values.fold(0, +)).events == ["10", "completed"])
        #expect(Recorder(Signal<Int>.fail(TestError()).fold(0, +)).events == ["error(boom)"])
    }

    @Test func mergeWithInterleavesAndCompletesAfterBoth() {
        let a = Subject<String>()
        let b = Subject<String>()
        let merged = Recorder(a.signal.merge(with: b.signal))
        a.send("a1")
        b.send("b1")
        a.sendCompleted()
        b.send("b2")
        #expect(merged.events == ["a1", "b1", "b2"])
        b.sendCompleted()
        #expect(merged.events == ["a1", "b1", "b2", "completed"])
    }

    @Test func executionSignalsSendsOneSharedSignalPerRun() throws {
        let work = Subject<Int>()
        var runs = 0
        let command = Command<Void, Int> { _ in
            Signal { observer in
                runs += 1
                return work.signal.subscribe { observer.send($0) }
            }
        }
        var inners: [Recorder<Int>] = []
        let outer = command.executionSignals.subscribeNext { inners.append(Recorder($0)) }
        let errors = Recorder(command.errors)
        try command.execute(())
        work.send(1)
        work.sendCompleted()
        #expect(inners.count == 1)
        #expect(inners[0].events == ["1", "completed"])
        let failing = Subject<Int>()
        let second = Command<Void, Int> { _ in failing.signal }
        var secondInners: [Recorder<Int>] = []
        var latest: Signal<Int>?
        let secondOuter = second.executionSignals.subscribeNext { inner in
            latest = inner
            secondInners.append(Recorder(inner))
        }
        let secondErrors = Recorder(second.errors)
        try second.execute(())
        failing.send(7)
        failing.send(error: TestError())
        #expect(secondInners.map(\.events) == [["7", "completed"]])
        #expect(secondErrors.events == ["boom"])
        // A late subscriber to the run's signal hears its values again without a second run.
        let late = try #require(latest)
        #expect(Recorder(late).events == ["7", "completed"])
        #expect(runs == 1)
        #expect(errors.events.isEmpty)
        outer.dispose()
        secondOuter.dispose()
    }
}
