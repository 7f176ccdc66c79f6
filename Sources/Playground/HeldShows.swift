import Reactive

/// The shows (`true`) a time step of a learner's pipeline held and let go without sending on: a
/// delay disposed with a show still waiting, a throttle that sent a later value in its place.
/// Each is a fetch the pipeline saved, as the built-in pipelines count a cancelled wait.
@MainActor
final class HeldShows {
    /// What a step holds back before it sends on (each operator declares its own).
    enum Holding: Equatable {
        /// Nothing: what it sends, it sends as it comes.
        case nothing
        /// Each value, for a time (delay).
        case each
        /// The latest value, which stands for every one before it when sent (throttle, debounce).
        case latest
    }

    private let latestOnly: Bool
    private let dropped: () -> Void
    private var pending: [PlayValue] = []

    /// `latestOnly`: a throttle or debounce, whose value sent stands for every one before it.
    init(latestOnly: Bool, dropped: @escaping () -> Void) {
        self.latestOnly = latestOnly
        self.dropped = dropped
    }

    /// `step` built over `input`, each value in and out counted.
    static func counting(
        _ step: any PlayOperator, dropped: @escaping () -> Void, over input: Signal<PlayValue>,
        build: (Signal<PlayValue>) throws(PlaygroundError) -> Signal<PlayValue>
    ) throws(PlaygroundError) -> Signal<PlayValue> {
        let latestOnly: Bool
        switch step.holds {
        case .nothing: return try build(input)
        case .each: latestOnly = false
        case .latest: latestOnly = true
        }
        let held = HeldShows(latestOnly: latestOnly, dropped: dropped)
        return try build(input.doNext { held.pending.append($0) })
            .on(
                event: { event in
                    if case .next = event { held.sent() } else { held.letGo(held.pending.count) }
                }, disposed: { held.letGo(held.pending.count) })
    }

    private func sent() {
        letGo(latestOnly ? pending.count - 1 : 0)
        if !pending.isEmpty { pending.removeFirst() }
    }

    /// Forgets the first `count` values held, each show among them a fetch saved.
    private func letGo(_ count: Int) {
        guard count > 0 else { return }
        for value in pending.prefix(count) where value == .bool(true) { dropped() }
        pending.removeFirst(count)
    }
}
