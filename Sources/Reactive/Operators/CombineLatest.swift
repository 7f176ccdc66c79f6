/// Sends a pair each time either signal sends, once both have sent (combineLatest:).
@MainActor
public func combineLatest<A, B>(_ a: Signal<A>, _ b: Signal<B>) -> Signal<(A, B)> {
    Signal { observer in
        var latestA: A?
        var latestB: B?
        var completed = 0
        let both = CompositeDisposable()
        @MainActor func handle<T>(_ event: Event<T>, store: (T) -> Void) {
            switch event {
            case .next(let value):
                store(value)
                if let latestA, let latestB { observer.send((latestA, latestB)) }
            case .failed(let error): observer.send(error: error)
            case .completed:
                completed += 1
                if completed == 2 { observer.sendCompleted() }
            }
        }
        both.add(a.subscribe { event in handle(event) { latestA = $0 } })
        if !observer.isStopped { both.add(b.subscribe { event in handle(event) { latestB = $0 } }) }
        return both
    }
}
