import Reactive

extension Instrumentation {
    /// The one place a ViewModel meets the instruments. Call once from its init, where its
    /// outputs exist: counts `viewModel` while it is alive (for `stats`), among `group` when it
    /// is a list's row, and records the changes of each traced output it declares in the event
    /// log (for `trace` and `marbles`) until the result is disposed; with `tracing` false it
    /// records nothing, for a row whose list records its visibility on its behalf.
    ///
    /// Observed here rather than by the Views, so a trace shows a ViewModel's changes whoever
    /// else listens, and bindings in an init are not mixed with instrumentation.
    func attach(_ viewModel: some DeclaresOutputs, among group: RowGroup? = nil, tracing: Bool = true)
        -> any Disposable
    {
        if let group { group.track(viewModel) } else { track(viewModel) }
        let subscriptions = CompositeDisposable()
        guard tracing else { return subscriptions }
        let owner = viewModel.streamName
        for output in viewModel.outputs {
            let names = output.traceNames(owner: owner)
            guard !names.isEmpty else { continue }
            let changes = output.changes()
            for name in names { subscriptions.add(changes.traced(name, in: eventLog).start()) }
        }
        return subscriptions
    }
}
