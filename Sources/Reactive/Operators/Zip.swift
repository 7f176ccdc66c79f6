/// Sends the nth values of both signals as a pair, once each has sent its nth; completes once
/// either has completed with none of its values left to pair (RAC 2's zipWith:).
@MainActor
public func zip<A, B>(_ a: Signal<A>, _ b: Signal<B>) -> Signal<(A, B)> {
    Signal { observer in
        var waitingA: [A] = []
        var waitingB: [B] = []
        var (endedA, endedB) = (false, false)
        let both = CompositeDisposable()
        @MainActor func pairAndEnd() {
            while !waitingA.isEmpty, !waitingB.isEmpty {
                observer.send((waitingA.removeFirst(), waitingB.removeFirst()))
            }
            if (endedA && waitingA.isEmpty) || (endedB && waitingB.isEmpty) { observer.sendCompleted() }
        }
        both.add(
            a.subscribe { event in
                switch event {
                case .next(let value): waitingA.append(value)
                case .failed(let error): return observer.send(error: error)
                case .completed: endedA = true
                }
                pairAndEnd()
            })
        if !observer.isStopped {
            both.add(
                b.subscribe { event in
                    switch event {
                    case .next(let value): waitingB.append(value)
                    case .failed(let error): return observer.send(error: error)
                    case .completed: endedB = true
                    }
                    pairAndEnd()
                })
        }
        return both
    }
}
