import Foundation
import OpenCombine

/// combineLatest for OpenCombine, which 0.14.0 lacks: built from its public Publisher,
/// Subscriber and Subscription API, with a lock around the shared state as Combine's own
/// operators have, so the comparison does not flatter OpenCombine.
struct CombineLatestPublisher<A: Publisher, B: Publisher, Output>: Publisher
where A.Failure == Never, B.Failure == Never {
    typealias Failure = Never
    let a: A
    let b: B
    let transform: (A.Output, B.Output) -> Output

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        let inner = CombineLatestInner(downstream: subscriber, transform: transform)
        subscriber.receive(subscription: inner)
        a.subscribe(Side(inner: inner) { inner.receiveA($0) })
        b.subscribe(Side(inner: inner) { inner.receiveB($0) })
    }
}

/// The shared state: the latest value of each side and the downstream demand.
final class CombineLatestInner<A, B, Output, Downstream: Subscriber>: Subscription, @unchecked Sendable
where Downstream.Input == Output, Downstream.Failure == Never {
    private let lock = NSLock()
    private var downstream: Downstream?
    private let transform: (A, B) -> Output
    private var latestA: A?
    private var latestB: B?
    private var demand = Subscribers.Demand.none
    var upstreams: [any Subscription] = []

    init(downstream: Downstream, transform: @escaping (A, B) -> Output) {
        self.downstream = downstream
        self.transform = transform
    }

    func receiveA(_ value: A) { lock.lock(); latestA = value; emit() }
    func receiveB(_ value: B) { lock.lock(); latestB = value; emit() }

    /// Called with the lock held; releases it before calling downstream.
    private func emit() {
        guard let a = latestA, let b = latestB, demand > 0, let downstream else { lock.unlock(); return }
        demand -= 1
        lock.unlock()
        let more = downstream.receive(transform(a, b))
        lock.lock()
        demand += more
        lock.unlock()
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        self.demand += demand
        lock.unlock()
    }

    func cancel() {
        lock.lock()
        downstream = nil
        let upstreams = self.upstreams
        self.upstreams = []
        lock.unlock()
        for upstream in upstreams { upstream.cancel() }
    }
}

/// Subscribes to one side with unlimited demand and hands each value to the shared state.
private struct Side<Input, Inner: AnyObject>: Subscriber {
    typealias Failure = Never
    let combineIdentifier = CombineIdentifier()
    let inner: Inner
    let receive: (Input) -> Void

    init(inner: Inner, _ receive: @escaping (Input) -> Void) {
        self.inner = inner
        self.receive = receive
    }

    func receive(subscription: any Subscription) {
        (inner as? any UpstreamHolding)?.hold(subscription)
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        receive(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}
}

/// Lets a side hand its upstream subscription to the shared state, which cancels it.
protocol UpstreamHolding: AnyObject {
    func hold(_ subscription: any Subscription)
}

extension CombineLatestInner: UpstreamHolding {
    func hold(_ subscription: any Subscription) {
        lock.lock()
        upstreams.append(subscription)
        lock.unlock()
    }
}

extension Publisher where Failure == Never {
    /// Sends `transform` of the latest values of both publishers once both have sent.
    func combineLatest<B: Publisher, Output>(
        _ other: B, _ transform: @escaping (Self.Output, B.Output) -> Output
    ) -> CombineLatestPublisher<Self, B, Output> where B.Failure == Never {
        CombineLatestPublisher(a: self, b: other, transform: transform)
    }
}
