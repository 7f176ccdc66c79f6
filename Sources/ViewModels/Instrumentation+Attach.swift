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
        let id = ObjectIdentifier(viewModel)
        recorded[id] = Weak(viewModel)
        subscriptions.add(ActionDisposable { [weak self] in self?.recorded[id] = nil })
        let owner = viewModel.streamName
        for output in viewModel.outputs {
            let names = output.traceNames(owner: owner)
            guard !names.isEmpty else { continue }
            let changes = output.changes()
            for name in names { subscriptions.add(changes.traced(name, in: eventLog).start()) }
        }
        return subscriptions
    }

    /// How many of the observers of `output` (a property's) are the app's: those it counts,
    /// less the recorder `attach` subscribed for each name `trace` records it under. Nil for
    /// what is not a property.
    public func appSubscribers(of output: ViewModelOutput, in viewModel: some DeclaresOutputs) -> Int? {
        guard let count = output.subscribers?() else { return nil }
        guard recorded[ObjectIdentifier(viewModel)]?.object === viewModel else { return count }
        return count - output.traceNames(owner: viewModel.streamName).count
    }
}
