/// Sends the nth values of both signals as a pair, once each has sent its nth; completes once
/// either has completed with none of its values left to pair (RAC 2's zipWith:).
@MainActor
public func zip<A, B>(_ a: Signal<A>, _ b: Signal<B>) -> Signal<(A, B)> {
    Signal { observer in
        var waitingA: [A] = []
        var waitingB: [B] = []
        var (endedA, endedB) = (false, false)
        let both = CompositeDisposable()
        @MainActor func handle<T>(_ event: Event<T>, wait: (T) -> Void, end: () -> Void) {
            switch event {
            case .next(let value): wait(value)
            case .failed(let error): return observer.send(error: error)
            case .completed: end()
            }
            while !waitingA.isEmpty, !waitingB.isEmpty {
                observer.send((waitingA.removeFirst(), waitingB.removeFirst()))
            }
            if (endedA && waitingA.isEmpty) || (endedB && waitingB.isEmpty) { observer.sendCompleted() }
        }
        both.add(a.subscribe { event in handle(event, wait: { waitingA.append($0) }, end: { endedA = true }) })
        if !observer.isStopped {
            both.add(b.subscribe { event in handle(event, wait: { waitingB.append($0) }, end: { endedB = true }) })
        }
        return both
    }
}
