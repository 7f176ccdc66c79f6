import Reactive

/// What each of RAC 2's other operators builds (RACStep.swift), on Reactive's operators.
extension StageBuilder {
    func build(_ step: RACStep, on signal: Signal<PlayValue>, at column: Int) throws(PlaygroundError) -> Stage {
        switch step {
        case .catchSignal(let name):
            let fallback = try named(name, at: column)
            return .signal(signal.catch { _ in fallback })
        case .doNext(let name):
            let send = try subjectSend(name, at: column, for: "doNext")
            return .signal(signal.doNext { send($0) })
        case .doCompleted(let name):
            let send = try subjectSend(name, at: column, for: "doCompleted")
            return .signal(signal.doCompleted { send(.text("completed")) })
        case .doError(let name):
            let send = try subjectSend(name, at: column, for: "doError")
            return .signal(signal.doError { send(.text(PlayFailure.text(of: $0))) })
        case .ignore(let ignored): return .signal(signal.ignore(ignored))
        case .reduceEach(let how): return .signal(signal.tryMap { value in how.apply(value).map { $0 } })
        case .foldLeftWithStart(let start, let reducer):
            return .signal(signal.reduced(reducer, start: start, final: true))
        case .scanWithStart(let start, let reducer): return .signal(signal.reduced(reducer, start: start, final: false))
        case .replayLast:
            let (shared, connection) = signal.replayLast()
            keep(connection)
            return .signal(shared)
        case .replayLazily: return .signal(signal.replayLazily())
        case .startWith(let value): return .signal(signal.startWith(value))
        case .concat(let name): return .signal(signal.concat(try named(name, at: column)))
        case .then(let name): return .signal(signal.then(try named(name, at: column)))
        case .retry(let count): return .signal(count.map { signal.retry($0) } ?? retriedForever(signal))
        case .materialize:
            return .signal(
                signal.materialize().map { event in
                    switch event {
                    case .next(let value): PlayValue.event(.next(value))
                    case .failed(let error): PlayValue.event(.error(PlayFailure(PlayFailure.text(of: error))))
                    case .completed: PlayValue.event(.completed)
                    }
                })
        case .dematerialize: return .signal(signal.dematerialized())
        case .timeout(let interval): return .signal(signal.timeout(interval, on: scheduler).failingAs(PlayFailure.self))
        case .bufferWithTime(let interval):
            return .signal(signal.buffer(time: interval, on: scheduler).map { .tuple($0) })
        case .sample(let name): return .signal(signal.sample(try named(name, at: column)))
        case .deliverOn(let name): return .signal(signal.deliver(on: NamedScheduler(name.rawValue, on: scheduler)))
        case .subscribeOn(let name): return .signal(signal.subscribe(on: NamedScheduler(name.rawValue, on: scheduler)))
        }
    }

    /// RAC 2's retry, for ever; but a source that fails as it is subscribed, again and again at
    /// one instant, would hang the shell as it hangs an app, so there the playground gives up
    /// after `RACStep.retryLimit` subscriptions, in one line.
    private func retriedForever(_ signal: Signal<PlayValue>) -> Signal<PlayValue> {
        Signal { [scheduler] outer in
            var instant = scheduler.now
            var tries = 0
            let watched = Signal<PlayValue> { inner in
                if scheduler.now != instant { (instant, tries) = (scheduler.now, 0) }
                tries += 1
                guard tries <= RACStep.retryLimit else {
                    outer.send(error: PlayFailure(RACStep.retryRefusal))
                    return nil
                }
                return signal.subscribe { inner.send($0) }
            }
            return watched.retry().subscribe { outer.send($0) }
        }
    }

    /// Sends into the subject `name` (checked now: RAC 2's block is here a subject to send into).
    private func subjectSend(_ name: String, at column: Int, for word: String) throws(PlaygroundError)
        -> (PlayValue) -> Void
    {
        switch try resolve(name, at: column) {
        case .subject, .replaySubject: return { [sendInto] in sendInto(name, $0) }
        default:
            throw PlaygroundError(
                "column \(column): \(word) sends into a subject (let \(name) = subject); \(name) is not one")
        }
    }
}

extension PlayFailure {
    /// The text of any error a playground signal carries.
    static func text(of error: any Error) -> String { (error as? PlayFailure)?.description ?? "\(error)" }
}

extension Signal where Value == PlayValue {
    /// The events materialize made, as events again; any other value fails.
    func dematerialized() -> Signal {
        Signal { observer in
            self.subscribe { event in
                switch event {
                case .next(.event(.next(let value))): observer.send(value)
                case .next(.event(.error(let failure))): observer.send(error: failure)
                case .next(.event(.completed)), .completed: observer.sendCompleted()
                case .next(let other):
                    observer.send(error: PlayFailure("dematerialize takes materialized events, not \(other)"))
                case .failed(let error): observer.send(error: error)
                }
            }
        }
    }

    /// The same signal: a failure it makes itself (a timeout) is carried as a playground failure.
    func failingAs(_: PlayFailure.Type) -> Signal {
        Signal { observer in
            self.subscribe { event in
                guard case .failed(let error) = event, !(error is PlayFailure) else { return observer.send(event) }
                observer.send(error: PlayFailure(PlayFailure.text(of: error)))
            }
        }
    }
}
