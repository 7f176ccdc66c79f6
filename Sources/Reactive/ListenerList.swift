/// The observers of a hot source, in the order they subscribed; each leaves by disposing.
///
/// Shared by `Subject` (which delivers through the `DeliveryQueue`) and `EventLog` (which
/// calls its listeners at once), so both keep the same order and the same way to leave.
@MainActor
final class ListenerList<Value> {
    private var entries: [(id: Int, observer: Observer<Value>)] = []
    private var nextID = 0

    /// The number of observers listening now.
    var count: Int { entries.count }

    /// The observers of this moment, in subscription order: a send iterates over this copy, so
    /// one that subscribes meanwhile waits for the next event.
    var snapshot: [Observer<Value>] { entries.map(\.observer) }

    /// Adds `observer` at the end; disposing the result removes it.
    func add(_ observer: Observer<Value>) -> any Disposable {
        let id = nextID
        nextID += 1
        entries.append((id, observer))
        return ActionDisposable { [weak self] in self?.entries.removeAll { $0.id == id } }
    }

    /// Forgets every observer, without telling them (the source has terminated them itself).
    func removeAll() { entries = [] }
}
