import Reactive

/// How an output's value reads. Each reader renders it its own way: `inspect` quotes text and
/// writes `nil` for nothing; the playground gets a value it can compute with.
public enum OutputValue: Equatable, Sendable {
    /// Text from data (a search text, a title): quoted wherever it is shown.
    case text(String)
    case bool(Bool)
    case number(Int)
    /// How many of some things ("3 searches", "1,204 views, 6 tags"): numbers to compute with,
    /// words to read.
    case counts([Tally])
    /// Nothing yet (an optional output that is nil).
    case none
    /// Another ViewModel, by its type and title (the pager's current photo).
    case viewModel(String, title: String)
    /// A value already put in words ("2 (photo 3)", "rows 1-10"), shown as it is.
    case phrase(String)

    /// A number of things: `noun` is singular ("search"); readers make the plural.
    public struct Tally: Equatable, Sendable {
        public let number: Int
        public let noun: String
    }

    /// `number` of `noun` ("3 searches").
    public static func count(_ number: Int, _ noun: String) -> OutputValue {
        .counts([Tally(number: number, noun: noun)])
    }
}

/// One thing a ViewModel shows, declared once where the ViewModel is: its name in the tutorials'
/// words, its stream, how its value reads and how `trace` names it. `trace`, `inspect`,
/// `changes`, the playground's app streams and `marbles` all read these declarations, so a new
/// output is one line in its ViewModel's `outputs`.
@MainActor
public struct ViewModelOutput {
    /// How `trace` records an output.
    public enum Trace {
        /// Under its owner's name and its own (`searchText` of `search`): the usual case, and what a
        /// new output gets.
        case standard
        /// Under these stream names.
        case named([StreamName])
        /// Not recorded: another of the owner's streams already tells it (a service call of the
        /// same name, the fetch that observes it), or the value never changes.
        case none
    }

    public let name: String
    public let trace: Trace
    /// The current value; nil for a signal, which has none (`inspect` leaves it out).
    public let current: (() -> OutputValue)?
    /// The current value (for a property), then every change, as the playground subscribes.
    public let values: () -> Signal<OutputValue>
    /// Every later change as `trace` prints it.
    let changes: () -> Signal<String>
    /// The ViewModel a property holds (the pager's current photo): `inspect` lists its outputs
    /// under this one's name.
    public let nested: (() -> (any DeclaresOutputs)?)?
    /// How many observers a property has now (`graph`); nil for what is not a property.
    public var subscribers: (() -> Int)? = nil
    /// The outputs of the same ViewModel its value is worked out from (a binding, a command's
    /// enabled signal): `graph` draws it under them, an edge the event log cannot see.
    public var derivedFrom: [String] = []
    /// For a signal of signals (a command's executionSignals): each inner signal, its values read
    /// as `values` reads them, so the playground can flatten or switch them; nil for the rest.
    public var inner: (() -> Signal<Signal<OutputValue>>)? = nil

    /// This output, worked out from `names` (other outputs of its ViewModel).
    public func derived(from names: String...) -> ViewModelOutput {
        var output = self
        output.derivedFrom = names
        return output
    }

    /// A property: `inspect` shows `reads(value)`, the playground subscribes to it, `trace`
    /// records its changes.
    /// `tracedAs` is what `trace` records instead of every change (only real changes).
    public static func property<Value>(
        _ name: String, _ property: @escaping @autoclosure () -> Property<Value>, trace: Trace = .standard,
        reads: @escaping (Value) -> OutputValue, tracedAs: (() -> Signal<String>)? = nil
    ) -> ViewModelOutput {
        ViewModelOutput(
            name: name, trace: trace, current: { reads(property().value) },
            // RACObserve's meaning: completed once the property's owner has gone.
            values: { property().observed.map(reads) },
            changes: tracedAs ?? { property().changes.map { "\($0)" } },
            nested: nil, subscribers: { property().subscriberCount })
    }

    /// A value that never changes for this ViewModel's life (its title, its photo).
    public static func constant(_ name: String, _ value: OutputValue) -> ViewModelOutput {
        ViewModelOutput(
            name: name, trace: .none, current: { value }, values: { .just(value) }, changes: { .empty },
            nested: nil)
    }

    /// A value worked out from other state when it is read (how many rows are visible): shown
    /// by `inspect` and `changes`, read once by the playground, never traced (no stream of its own).
    public static func derived(_ name: String, _ read: @escaping () -> OutputValue) -> ViewModelOutput {
        ViewModelOutput(
            name: name, trace: .none, current: read, values: { .just(read()) }, changes: { .empty },
            nested: nil)
    }

    /// A signal with no current value (errors, executions): traced and offered to the
    /// playground, left out of `inspect`.
    /// `tracedAs` is what `trace` records instead of the values themselves (a command's
    /// executions, numbered).
    public static func signal<Value>(
        _ name: String, _ signal: @escaping @autoclosure () -> Signal<Value>, trace: Trace = .standard,
        reads: @escaping (Value) -> OutputValue, tracedAs: (() -> Signal<String>)? = nil
    ) -> ViewModelOutput {
        ViewModelOutput(
            name: name, trace: trace, current: nil, values: { signal().map(reads) },
            changes: tracedAs ?? { signal().map { "\($0)" } }, nested: nil)
    }

    /// A signal of signals (RACCommand's executionSignals): `values` reads each inner signal as
    /// `outer` (one word per run, for `trace` and `inspect`); the playground gets the signals.
    public static func signals<Value>(
        _ name: String, _ signal: @escaping @autoclosure () -> Signal<Signal<Value>>, trace: Trace = .standard,
        outer: OutputValue, reads: @escaping (Value) -> OutputValue, tracedAs: (() -> Signal<String>)? = nil
    ) -> ViewModelOutput {
        var output = Self.signal(name, signal(), trace: trace, reads: { _ in outer }, tracedAs: tracedAs)
        output.inner = { signal().map { $0.map(reads) } }
        return output
    }

    /// A property holding another ViewModel: `inspect` shows `reads(value)`, then the held
    /// ViewModel's outputs as "NAME.OUTPUT".
    public static func holding<Held: DeclaresOutputs>(
        _ name: String, _ property: @escaping @autoclosure () -> Property<Held>,
        reads: @escaping (Held) -> OutputValue
    ) -> ViewModelOutput {
        ViewModelOutput(
            name: name, trace: .none, current: { reads(property().value) },
            values: { property().signal.map(reads) }, changes: { .empty }, nested: { property().value })
    }

    /// The stream names `trace` records this output under, for an owner named `owner`.
    public func traceNames(owner: String) -> [StreamName] {
        switch trace {
        case .standard: [StreamName(owner: owner, name)]
        case .named(let names): names
        case .none: []
        }
    }
}

/// What a ViewModel shows, declared once (kickstarter's Outputs, TCA's state): the readers
/// (`trace`, `inspect`, `changes`, the playground, `marbles`) take names and values from here.
@MainActor
public protocol DeclaresOutputs: AnyObject {
    /// The name its streams carry in `trace`, `marbles` and the playground ("search", "row 3").
    var streamName: String { get }
    /// Its outputs, in the order `inspect` lists them.
    var outputs: [ViewModelOutput] { get }
}

extension DeclaresOutputs {
    /// The output called `name`, if it declares one.
    public func output(named name: String) -> ViewModelOutput? { outputs.first { $0.name == name } }

    /// Each output with a current value, in order, with the outputs of a ViewModel it holds
    /// listed as "NAME.OUTPUT" after it.
    public func currentValues() -> [(name: String, value: OutputValue)] {
        var values: [(name: String, value: OutputValue)] = []
        for output in outputs {
            guard let current = output.current else { continue }
            values.append((output.name, current()))
            guard let held = output.nested?() else { continue }
            for (name, value) in held.currentValues() { values.append((output.name + "." + name, value)) }
        }
        return values
    }
}
