import Reactive

/// Records every event of a signal with the virtual time it arrived at, as "ms: value".
@MainActor
final class TimedRecorder<Value> {
    private(set) var events: [String] = []
    private(set) var subscription: (any Disposable)?

    init(_ signal: Signal<Value>, on scheduler: VirtualScheduler) {
        subscription = signal.subscribe { [weak self] event in
            let time = scheduler.now.wholeMilliseconds
            switch event {
            case .next(let value): self?.events.append("\(time): \(value)")
            case .failed(let error): self?.events.append("\(time): error(\(error))")
            case .completed: self?.events.append("\(time): completed")
            }
        }
    }
}
