/// One event of a signal: zero or more `next`, then at most one `failed` or `completed`.
public enum Event<Value> {
    case next(Value)
    case failed(any Error)
    case completed

    /// True for `failed` and `completed`: nothing follows them.
    public var isTerminating: Bool {
        if case .next = self { return false }
        return true
    }

    /// The same event with its value transformed; a failure or completion passes unchanged.
    public func map<Output>(_ transform: (Value) -> Output) -> Event<Output> {
        switch self {
        case .next(let value): .next(transform(value))
        case .failed(let error): .failed(error)
        case .completed: .completed
        }
    }
}
