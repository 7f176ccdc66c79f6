import Testing

@testable import Reactive

/// RACMulticastConnectionSpec's cases for vmsh's ConnectableSignal (`publish()`, `multicast(_:)`,
/// `connect()`, `autoconnect()`). Each step is taken 100 ms after the one before.
///
/// Left out, with the reason:
/// - `-connect` "shouldn't race when connecting": two threads connect at once; vmsh connects
///   on the main actor only.
@MainActor
struct RACMulticastConnectionSpecTests {
    let scheduler = VirtualScheduler()
    let step = Duration.milliseconds(100)

    /// The spec's `beforeEach`: a source that only counts its subscriptions, published.
    @MainActor
    final class Counted {
        var subscriptions = 0
        lazy var connection = Signal<Int> { _ in
            self.subscriptions += 1
            return nil
        }.publish()
    }

    @Test("-connect: should subscribe to the underlying signal")
    func connectShouldSubscribeToTheUnderlyingSignal() {
        let counted = Counted()
        #expect(counted.subscriptions == 0)
        counted.connection.connect()
        #expect(counted.subscriptions == 1)
    }

    @Test("-connect: should return the same disposable for each invocation")
    func connectShouldReturnTheSameDisposableForEachInvocation() {
        let counted = Counted()
        let first = counted.connection.connect()
        let second = counted.connection.connect()
        #expect(first === second)
        #expect(counted.subscriptions == 1)
    }

    @Test("-connect: shouldn't reconnect after disposal")
    func connectShouldntReconnectAfterDisposal() {
        let counted = Counted()
        let first = counted.connection.connect()
        #expect(counted.subscriptions == 1)
        first.dispose()
        let second = counted.connection.connect()
        #expect(counted.subscriptions == 1)
        #expect(first === second)
    }

    @Test("-autoconnect: should subscribe to the multicasted signal on the first subscription")
    func autoconnectShouldSubscribeToTheMulticastedSignalOnTheFirstSubscription() {
        let counted = Counted()
        let autoconnected = counted.connection.autoconnect()
        #expect(counted.subscriptions == 0)
        autoconnected.subscribe { _ in }
        #expect(counted.subscriptions == 1)
        autoconnected.subscribe { _ in }
        #expect(counted.subscriptions == 1)
    }

    @Test("-autoconnect: should dispose of the multicasted subscription when the signal has no subscribers")
    func autoconnectShouldDisposeOfTheMulticastedSubscriptionWhenTheSignalHasNoSubscribers() {
        var disposed = false
        let signal = Signal<Int> { _ in ActionDisposable { disposed = true } }.publish().autoconnect()
        let subscription = signal.subscribe { _ in }
        #expect(!disposed)
        subscription.dispose()
        #expect(disposed)
    }

    @Test("-autoconnect: shouldn't reconnect after disposal")
    func autoconnectShouldntReconnectAfterDisposal() {
        let counted = Counted()
        let autoconnected = counted.connection.autoconnect()
        let first = autoconnected.subscribe { _ in }
        #expect(counted.subscriptions == 1)
        first.dispose()
        let second = autoconnected.subscribe { _ in }
        #expect(counted.subscriptions == 1)
        second.dispose()
    }

    @Test("-autoconnect: should replay values after disposal when multicasted to a replay subject")
    func autoconnectShouldReplayValuesAfterDisposalWhenMulticastedToAReplaySubject() {
        let subject = Subject<Int>()
        let signal = subject.signal.multicast(ReplaySubject(capacity: .max)).autoconnect()
        let first = TimedRecorder(signal, on: scheduler)
        scheduler.advance(by: step)
        subject.send(1)
        scheduler.advance(by: step)
        subject.send(2)
        #expect(first.events == ["100: 1", "200: 2"])
        first.subscription?.dispose()
        #expect(subject.subscriberCount == 0)
        scheduler.advance(by: step)
        let second = TimedRecorder(signal, on: scheduler)
        subject.send(3)
        #expect(second.events == ["300: 1", "300: 2"])
    }
}
