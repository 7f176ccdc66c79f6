import Reactive

/// Records every event of a signal as text, so tests can assert the whole sequence in order.
@MainActor
final class Recorder<Value> {
    private(set) var events: [String] = []
    private(set) var subscription: (any Disposable)?

    init(_ signal: Signal<Value>, describe: @escaping (Value) -> String = { "\($0)" }) {
        subscription = signal.subscribe { [weak self] event in
            switch event {
            case .next(let value): self?.events.append(describe(value))
            case .failed(let error): self?.events.append("error(\(error))")
            case .completed: self?.events.append("completed")
            }
        }
    }
}

struct TestError: Error, CustomStringConvertible {
    var description: String { "boom" }
}
