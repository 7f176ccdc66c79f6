/// The observers of a hot source, in the order they subscribed; each leaves by disposing.
///
/// Shared by `Subject`, `ReplaySubject` and `EventLog`, so all keep the same order and the same
/// way to leave.
@MainActor
final class ListenerList<Value> {
    /// The observers and their ids, side by side. Two arrays rather than one of pairs, so that
    /// a snapshot is the observers array itself, shared until the list changes: taking one on
    /// every send copies and allocates nothing.
    private var observers: [Observer<Value>] = []
    private var ids: [Int] = []
    private var nextID = 0

    /// The number of observers listening now.
    var count: Int { observers.count }

    /// The observers of this moment, in subscription order: a send iterates over this copy, so
    /// one that subscribes meanwhile waits for the next event.
    var snapshot: [Observer<Value>] { observers }

    /// Adds `observer` at the end; disposing the result removes it.
    func add(_ observer: Observer<Value>) -> any Disposable {
        let id = nextID
        nextID += 1
        observers.append(observer)
        ids.append(id)
        return ActionDisposable { [weak self] in self?.remove(id) }
    }

    private func remove(_ id: Int) {
        guard let index = ids.firstIndex(of: id) else { return }
        observers.remove(at: index)
        ids.remove(at: index)
    }

    /// Forgets every observer, without telling them (the source has terminated them itself).
    func removeAll() {
        observers = []
        ids = []
    }
}
