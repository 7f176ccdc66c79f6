/// The operators the tutorials' flows use, named as in ReactiveCocoa where it helps a learner.
extension Signal {
    /// Lifts an event transformer into a new signal; the building block of the operators below.
    func lift<Output>(_ transform: @escaping (Observer<Output>) -> (Event<Value>) -> Void) -> Signal<Output> {
        Signal<Output> { observer in
            self.subscribe(transform(observer))
        }
    }

    /// Transforms each value.
    public func map<Output>(_ transform: @escaping (Value) -> Output) -> Signal<Output> {
        lift { observer in
            { event in
                switch event {
                case .next(let value): observer.send(transform(value))
                case .failed(let error): observer.send(error: error)
                case .completed: observer.sendCompleted()
                }
            }
        }
    }

    /// Keeps the values that pass `isIncluded`.
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal {
        lift { observer in
            { event in
                if case .next(let value) = event, !isIncluded(value) { return }
                observer.send(event)
            }
        }
    }

    /// Drops the first `count` values (RACObserve(...) skip:1 drops the initial state).
    public func skip(_ count: Int) -> Signal {
        Signal { observer in
            var remaining = count
            return self.subscribe { event in
                if case .next = event, remaining > 0 {
                    remaining -= 1
                    return
                }
                observer.send(event)
            }
        }
    }

    /// Sends the first `count` values, then completes.
    public func take(_ count: Int) -> Signal {
        guard count > 0 else { return .empty }
        return Signal { observer in
            var remaining = count
            return self.subscribe { event in
                guard case .next = event else { return observer.send(event) }
                // Counted before forwarding, so a value sent re-entrantly by a subscriber is not let through.
                guard remaining > 0 else { return }
                remaining -= 1
                observer.send(event)
                if remaining == 0 { observer.sendCompleted() }
            }
        }
    }

    /// Runs side effects for each value without changing the stream (doNext:).
    public func doNext(_ action: @escaping (Value) -> Void) -> Signal {
        lift { observer in
            { event in
                if case .next(let value) = event { action(value) }
                observer.send(event)
            }
        }
    }

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

    /// Sends `values` first, then everything this signal sends.
    public func startWith(_ value: Value) -> Signal {
        Signal { observer in
            observer.send(value)
            return self.subscribe(observer.send)
        }
    }

    /// Delays values and completion by `interval` on `scheduler`; failures pass at once.
    public func delay(_ interval: Duration, on scheduler: any Scheduler) -> Signal {
        Signal { observer in
            let timers = CompositeDisposable()
            timers.add(self.subscribe { event in
                if case .failed = event {
                    observer.send(event)
                } else {
                    timers.add(scheduler.schedule(after: interval) { observer.send(event) })
                }
            })
            return timers
        }
    }

    /// Delivers every event through `scheduler` (deliverOn:), after what is already queued.
    public func deliver(on scheduler: any Scheduler) -> Signal {
        delayAll(.zero, on: scheduler)
    }

    private func delayAll(_ interval: Duration, on scheduler: any Scheduler) -> Signal {
        Signal { observer in
            let timers = CompositeDisposable()
            timers.add(self.subscribe { event in
                timers.add(scheduler.schedule(after: interval) { observer.send(event) })
            })
            return timers
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

    /// Observes the lifecycle of each subscription without changing it (logAll's hook).
    public func on(
        subscribed: @escaping () -> Void = {},
        event: @escaping (Event<Value>) -> Void = { _ in },
        disposed: @escaping () -> Void = {}
    ) -> Signal {
        Signal { observer in
            subscribed()
            var terminated = false
            let inner = self.subscribe { e in
                if e.isTerminating { terminated = true }
                event(e)
                observer.send(e)
            }
            return ActionDisposable {
                inner.dispose()
                if !terminated { disposed() }
            }
        }
    }
}

extension Signal where Value: Equatable {
    /// Drops values equal to the one before (distinctUntilChanged).
    public func distinctUntilChanged() -> Signal {
        Signal { observer in
            var last: Value?
            return self.subscribe { event in
                if case .next(let value) = event {
                    if let last, last == value { return }
                    last = value
                }
                observer.send(event)
            }
        }
    }
}

extension Signal {
    /// Sends the values of all signals as they come; completes when all have (merge:).
    public static func merge(_ signals: [Signal]) -> Signal {
        Signal<Signal<Value>>.sequence(signals).flatMap { $0 }
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
