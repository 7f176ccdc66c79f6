extension Signal {
    /// Subscribes for the side effects alone, ignoring every event: for a pipeline whose
    /// work happens inside it (in `doNext`, `on` or a binding), kept alive by the disposable.
    public func start() -> any Disposable {
        subscribe { _ in }
    }
}
