import Reactive

/// Records the changes of several properties as one ordered list ("200: loading true"), so a
/// test sees how changes interleave, not only each property's own sequence.
@MainActor
public final class ChangeLog {
    public private(set) var entries: [String] = []
    private let scheduler: VirtualScheduler
    private let bag = CompositeDisposable()

    public init(on scheduler: VirtualScheduler) { self.scheduler = scheduler }

    public func watch<Value>(
        _ name: String, _ property: Property<Value>, describe: @escaping (Value) -> String = { "\($0)" }
    ) {
        bag.add(
            property.changes.subscribeNext { [weak self] value in
                guard let self else { return }
                self.entries.append("\(Int(self.scheduler.now / .milliseconds(1))): \(name) \(describe(value))")
            })
    }
}
