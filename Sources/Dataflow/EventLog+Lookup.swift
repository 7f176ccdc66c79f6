import Reactive

extension EventLog {
    /// The event numbered `number`, while the log still holds it.
    public func event(numbered number: Int) -> TraceEvent? {
        let found = event(after: number - 1)
        return found?.number == number ? found : nil
    }

    /// The first event held whose number is greater than `number`.
    public func event(after number: Int) -> TraceEvent? {
        // Numbers rise through the log, skipping those another log of the sequence took.
        var low = 0
        var high = events.count
        while low < high {
            let middle = (low + high) / 2
            if events[middle].number <= number { low = middle + 1 } else { high = middle }
        }
        return low < events.count ? events[low] : nil
    }
}
