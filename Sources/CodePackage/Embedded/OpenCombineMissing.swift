// What Apple's Combine has and OpenCombine 0.14 lacks, under Apple's names, so that the generated
// code compiles as written: `merge(with:)` and `combineLatest(_:)`. Each keeps Apple's documented
// behaviour: merge finishes when both have finished, combineLatest sends once both have sent and
// finishes when both have finished; either fails at the first failure. Single-threaded, as the
// virtual clock runs everything on one thread. Where Combine is (Apple's platforms), its own.

#if !canImport(Combine)
    import OpenCombine

    extension Publishers {
        struct Merge<A: Publisher, B: Publisher>: Publisher
        where A.Output == B.Output, A.Failure == B.Failure {
            typealias Output = A.Output
            typealias Failure = A.Failure
            let a: A
            let b: B

            func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
                let joint = Joint<Output, Failure>(downstream: AnySubscriber(subscriber), sides: 2)
                subscriber.receive(subscription: joint)
                a.subscribe(joint.side { .some($0) })
                b.subscribe(joint.side { .some($0) })
            }
        }

        struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
            typealias Output = (A.Output, B.Output)
            typealias Failure = A.Failure
            let a: A
            let b: B

            func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
                var latestA: A.Output?
                var latestB: B.Output?
                let joint = Joint<Output, Failure>(downstream: AnySubscriber(subscriber), sides: 2)
                subscriber.receive(subscription: joint)
                a.subscribe(
                    joint.side { (value: A.Output) in
                        latestA = value
                        return latestB.map { (value, $0) }
                    })
                b.subscribe(
                    joint.side { (value: B.Output) in
                        latestB = value
                        return latestA.map { ($0, value) }
                    })
            }
        }
    }

    extension Publisher {
        func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
        where P.Output == Output, P.Failure == Failure {
            Publishers.Merge(a: self, b: other)
        }

        func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P> where P.Failure == Failure {
            Publishers.CombineLatest(a: self, b: other)
        }
    }

    /// The state both operators share: the downstream's demand (values beyond it wait in order), the
    /// sides still running, and their subscriptions to cancel.
    private final class Joint<Output, Failure: Error>: Subscription {
        private var downstream: AnySubscriber<Output, Failure>?
        private var demand = Subscribers.Demand.none
        private var waiting: [Output] = []
        private var running: Int
        private var upstreams: [any Subscription] = []
        let combineIdentifier = CombineIdentifier()

        init(downstream: AnySubscriber<Output, Failure>, sides: Int) {
            self.downstream = downstream
            running = sides
        }

        /// A subscriber for one side: `output` turns its value into what goes downstream, if anything.
        func side<Input>(_ output: @escaping (Input) -> Output?) -> AnySubscriber<Input, Failure> {
            AnySubscriber(
                receiveSubscription: { [self] subscription in
                    // A side that subscribes after the end (the other ended at once) has nothing to send.
                    guard downstream != nil else { return subscription.cancel() }
                    upstreams.append(subscription)
                    subscription.request(.unlimited)
                },
                receiveValue: { [self] value in
                    if let sent = output(value) { send(sent) }
                    return .none
                },
                receiveCompletion: { [self] completion in
                    switch completion {
                    case .finished:
                        running -= 1
                        if running == 0 { finish(.finished) }
                    case .failure: finish(completion)
                    }
                })
        }

        private func send(_ value: Output) {
            waiting.append(value)
            flush()
        }

        private func flush() {
            while demand > 0, !waiting.isEmpty, let downstream {
                demand -= 1
                demand += downstream.receive(waiting.removeFirst())
            }
        }

        private func finish(_ completion: Subscribers.Completion<Failure>) {
            guard let downstream else { return }
            self.downstream = nil
            cancelUpstreams()
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            self.demand += demand
            flush()
        }

        func cancel() {
            downstream = nil
            cancelUpstreams()
        }

        private func cancelUpstreams() {
            let upstreams = self.upstreams
            self.upstreams = []
            for upstream in upstreams { upstream.cancel() }
        }
    }
#endif
