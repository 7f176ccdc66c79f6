/// A read-only view of a `MutableProperty`: what a ViewModel exposes as an output, so a View
/// can read and observe the value but never set it.
///
/// ```swift
/// private let mutableIsLoading = MutableProperty(false)   // the ViewModel sets this one
/// public let isLoading: Property<Bool>                    // = Property(mutableIsLoading)
/// ```
@MainActor
public final class Property<Value> {
    private let source: MutableProperty<Value>

    /// Shows `source`'s value and changes, without the right to set them.
    public init(_ source: MutableProperty<Value>) { self.source = source }

    /// A property that never changes.
    public convenience init(value: Value) { self.init(MutableProperty(value)) }

    /// The current value.
    public var value: Value { source.value }

    /// The current value, then every later change (RACObserve).
    public var signal: Signal<Value> { source.signal }

    /// The current value, every change, then completed when the property goes (RACObserve).
    public var observed: Signal<Value> { source.observed }

    /// Every later change, without the current value (RACObserve(...) skip:1).
    public var changes: Signal<Value> { source.changes }

    /// The number of observers listening now (what `graph` counts).
    public var subscriberCount: Int { source.subscriberCount }
}
