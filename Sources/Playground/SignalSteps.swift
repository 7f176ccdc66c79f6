import Reactive

/// The steps a pushed signal takes, each an operator of Reactive.
extension Signal where Value == PlayValue {
    /// Sends what `transform` makes of each value; a failed transform fails the signal.
    func tryMap(_ transform: @escaping (PlayValue) -> Result<PlayValue?, PlayFailure>) -> Signal {
        Signal { observer in
            self.subscribe { event in
                guard case .next(let value) = event else { return observer.send(event) }
                switch transform(value) {
                case .success(let output?): observer.send(output)
                case .success(nil): break
                case .failure(let failure): observer.send(error: failure)
                }
            }
        }
    }

    /// The running (scan) or final (fold) result of `reducer`; a failed combine fails the
    /// signal when it happens, also under fold, which otherwise waits for the completion.
    /// `start` replaces the reducer's own (scanWithStart, foldLeftWithStart).
    func reduced(_ reducer: Reducer, start first: PlayValue? = nil, final: Bool) -> Signal {
        let initial = first ?? reducer.start
        let start = Result<PlayValue, PlayFailure>.success(initial)
        let combine = { (total: Result<PlayValue, PlayFailure>, value: PlayValue) in
            total.flatMap { reducer.combine($0, value) }
        }
        let running = scan(start, combine).unwrapped()
        return final ? running.fold(initial) { _, latest in latest } : running
    }

    /// The values a signal carries as signals (a signal of signals); any other value fails.
    static func inner(_ value: PlayValue) -> Signal {
        guard case .signal(_, let signal) = value else {
            return .fail(PlayFailure("\(value) is not a signal (send NAME signal OTHER sends one)"))
        }
        return signal
    }
}

extension Signal where Value == Result<PlayValue, PlayFailure> {
    /// The values; the first failure fails the signal.
    func unwrapped() -> Signal<PlayValue> {
        Signal<PlayValue> { observer in
            self.subscribe { event in
                switch event {
                case .next(.success(let value)): observer.send(value)
                case .next(.failure(let failure)): observer.send(error: failure)
                case .failed(let error): observer.send(error: error)
                case .completed: observer.sendCompleted()
                }
            }
        }
    }
}
