extension Signal {
    /// Runs a side effect before the completion goes on (doCompleted:).
    public func doCompleted(_ action: @escaping () -> Void) -> Signal {
        Signal { observer in
            self.subscribe { event in
                if case .completed = event { action() }
                observer.send(event)
            }
        }
    }

    /// Runs a side effect with the error before it goes on (doError:).
    public func doError(_ action: @escaping (any Error) -> Void) -> Signal {
        Signal { observer in
            self.subscribe { event in
                if case .failed(let error) = event { action(error) }
                observer.send(event)
            }
        }
    }
}
