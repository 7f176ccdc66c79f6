import Reactive

extension Instrumentation {
    /// A ViewModel's stream that the instruments record for as long as the ViewModel lives.
    @MainActor
    struct Stream {
        let name: String
        let events: Signal<String>

        /// `events`' values are described as `trace` prints them.
        init<Value>(_ name: String, _ events: Signal<Value>) {
            self.name = name
            self.events = events.map { "\($0)" }
        }
    }

    /// The one place a ViewModel meets the instruments. Call once from its init, where its
    /// streams exist: counts `viewModel` while it is alive (for `stats`), among `group` when it
    /// is a list's row, and records each of `streams` in the event log (for `trace` and
    /// `marbles`) until the result is disposed.
    ///
    /// Observed here rather than by the Views, so a trace shows a ViewModel's changes whoever
    /// else listens, and bindings in an init are not mixed with instrumentation.
    func attach(_ viewModel: AnyObject, among group: RowGroup? = nil, tracing streams: [Stream] = []) -> any Disposable
    {
        if let group { group.track(viewModel) } else { track(viewModel) }
        let subscriptions = CompositeDisposable()
        for stream in streams {
            subscriptions.add(stream.events.traced(stream.name, in: eventLog).start())
        }
        return subscriptions
    }
}
