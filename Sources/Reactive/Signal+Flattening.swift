/// The operators that turn values or failures into further signals.
extension Signal {
    /// Replaces a failure with the signal `handler` returns (catch:).
    public func `catch`(_ handler: @escaping (any Error) -> Signal) -> Signal {
        Signal { observer in
            // Two slots: a source that fails synchronously must not have its fallback replaced.
            let both = CompositeDisposable()
            let fallback = SerialDisposable()
            both.add(fallback)
            both.add(self.subscribe { event in
                if case .failed(let error) = event {
                    fallback.inner = handler(error).subscribe(observer.send)
                } else {
                    observer.send(event)
                }
            })
            return both
        }
    }

    /// Maps each value to a signal and forwards only the latest one, cancelling the previous
    /// (flattenMap + switchToLatest). Completes when this signal and the latest inner one have.
    public func flatMapLatest<Output>(_ transform: @escaping (Value) -> Signal<Output>) -> Signal<Output> {
        Signal<Output> { observer in
            let outer = CompositeDisposable()
            let latest = SerialDisposable()
            outer.add(latest)
            var outerDone = false
            var innerActive = false
            var generation = 0
            outer.add(self.subscribe { event in
                switch event {
                case .next(let value):
                    generation += 1
                    let mine = generation
                    innerActive = true
                    // The previous inner signal is disposed before the new one starts, and each
                    // generation has its own slot: if the new one re-enters with a newer value,
                    // that value's slot wins and this one is disposed on assignment.
                    let slot = SerialDisposable()
                    latest.inner = slot
                    slot.inner = transform(value).subscribe { inner in
                        guard mine == generation else { return }
                        switch inner {
                        case .next: observer.send(inner)
                        case .failed: observer.send(inner)
                        case .completed:
                            innerActive = false
                            if outerDone { observer.sendCompleted() }
                        }
                    }
                case .failed(let error):
                    observer.send(error: error)
                case .completed:
                    outerDone = true
                    if !innerActive { observer.sendCompleted() }
                }
            })
            return outer
        }
    }

    /// Maps each value to a signal and merges all of them (flattenMap).
    public func flatMap<Output>(_ transform: @escaping (Value) -> Signal<Output>) -> Signal<Output> {
        Signal<Output> { observer in
            let all = CompositeDisposable()
            var active = 1
            @MainActor func finishOne() {
                active -= 1
                if active == 0 { observer.sendCompleted() }
            }
            all.add(self.subscribe { event in
                switch event {
                case .next(let value):
                    active += 1
                    all.add(transform(value).subscribe { inner in
                        if case .completed = inner { finishOne() } else { observer.send(inner) }
                    })
                case .failed(let error): observer.send(error: error)
                case .completed: finishOne()
                }
            })
            return all
        }
    }

    /// Ignores values and sends `next`'s events once this signal completes (then:).
    public func then<Output>(_ next: Signal<Output>) -> Signal<Output> {
        Signal<Output> { observer in
            // Two slots: a source that completes synchronously must not have its successor replaced.
            let both = CompositeDisposable()
            let successor = SerialDisposable()
            both.add(successor)
            both.add(self.subscribe { event in
                switch event {
                case .next: break
                case .failed(let error): observer.send(error: error)
                case .completed: successor.inner = next.subscribe(observer.send)
                }
            })
            return both
        }
    }
}

extension Signal {
    /// Sends the values of all signals as they come; completes when all have (merge:).
    public static func merge(_ signals: [Signal]) -> Signal {
        Signal<Signal<Value>>.sequence(signals).flatMap { $0 }
    }
}
