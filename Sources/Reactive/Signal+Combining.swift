/// The operators that listen to two signals at once.
extension Signal {
    /// Sends values until `trigger` sends its first value, then completes (takeUntil:).
    public func take<Trigger>(until trigger: Signal<Trigger>) -> Signal {
        Signal { observer in
            let both = CompositeDisposable()
            both.add(trigger.subscribe { event in
                if case .next = event { observer.sendCompleted() }
            })
            if !observer.isStopped { both.add(self.subscribe(observer.send)) }
            return both
        }
    }
}

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
        both.add(a.subscribe { handle($0) { latestA = $0 } })
        if !observer.isStopped { both.add(b.subscribe { handle($0) { latestB = $0 } }) }
        return both
    }
}
