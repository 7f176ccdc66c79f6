/// The one queue through which every `Subject` delivers its events: breadth first, in the
/// order they were sent.
///
/// A send made while any subject is delivering does not reach anyone at once: it waits at the
/// end of the queue until the delivery under way has reached all of its subscribers. So every
/// subscriber of a subject sees its events in the order they were sent, and a cause is seen
/// before its effects. Take a ViewModel that binds `isSearchValid` to `searchText` in its init,
/// and a View that subscribes to both afterwards. Setting `searchText` delivers to the binding
/// first (it subscribed first), which sets `isSearchValid`; were that delivered at once
/// (depth first), the View would hear `isSearchValid = true` before the `searchText` that
/// caused it. Queued, the View hears `searchText`, then `isSearchValid`, as a reader expects.
///
/// The cascade still ends before the outermost `send` returns: by then every queued
/// delivery has run, so code after a send sees all of its consequences.
@MainActor
enum DeliveryQueue {
    private static var pending: [() -> Void] = []
    private static var isDelivering = false

    /// Runs `delivery` now if nothing is being delivered, else after everything queued before it.
    static func enqueue(_ delivery: @escaping () -> Void) {
        guard !isDelivering else {
            pending.append(delivery)
            return
        }
        // Nothing waits while nothing is being delivered, so this delivery is first in line: it
        // runs at once, without a trip through the queue (which would cost an allocation).
        isDelivering = true
        delivery()
        while !pending.isEmpty { pending.removeFirst()() }
        isDelivering = false
    }
}
