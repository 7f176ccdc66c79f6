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
}
