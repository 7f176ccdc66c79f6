/// Sources and the pipeline's shape in Swift concurrency: an AsyncSequence, each step a method
/// (the standard library's, swift-async-algorithms' or a helper's).
extension CodeWriter {
    static func concurrencyLines(_ name: String, source: String, steps: [String]) -> [String] {
        ["let \(name) = \(source)"] + steps.map { "    .\($0)" }
    }

    static func concurrencySource(_ source: Definition.Source) -> OperatorCode {
        switch source {
        case .name(let name, _): .written(name)
        case .app(let words, _): .written(words.joined(separator: "_"))
        case .interval(let period):
            // The timer sends instants; counting them gives 0, 1, 2… as the playground's interval.
            .written(
                "AsyncTimerSequence(interval: \(dispatch(period)), clock: clock).reductions(-1) { count, _ in count + 1 }",
                note: clockNote)
        case .subject: .written("Subject<Int>()", note: subjectNote, helpers: [.subject])
        case .behaviorSubject(let value):
            .written("Subject(current: \(swift(value)))", note: subjectNote, helpers: [.subject])
        case .replaySubject(let count):
            .written(
                "Subject<Int>(replaying: \(count.map(String.init) ?? ".max"))", note: subjectNote, helpers: [.subject])
        case .empty: .written("[Int]().async")
        case .never:
            .written("AsyncChannel<Int>()", note: "an AsyncChannel nothing sends into never ends, as never")
        case .error(let text):
            .written(
                "AsyncSignal<Int> { _ in throw Failure(\"\(text)\") }", helpers: [.asyncSignal, .failure])
        case .sequence(let values): .written("[\(values.map(swift).joined(separator: ", "))].async")
        case .create:
            .written(
                "AsyncSignal<Int> { out in /* out.yield(value) */ try await withTaskCancellationHandler { /* wait */ } "
                    + "onCancel: { /* clean up */ } }",
                note:
                    "Swift concurrency has no createSignal: an AsyncSignal's body sends, and its cancellation cleans up",
                helpers: [.asyncSignal])
        case .command(_, let runs, _):
            .written(
                "{ (input: Int) in Task { for try await value in \(runs ?? "[input].async") { print(value) } } }",
                note: "Swift concurrency has no command: a function that runs \(runs ?? "the input's sequence") in a "
                    + "Task stands in; cancelling the Task stops it, and a view model disables its button while it runs"
            )
        case .marbles: marblesSource
        }
    }

    /// Said under every code that waits: where its clock comes from.
    static let clockNote =
        "clock is the app's: let clock = ContinuousClock() (a test passes its own clock, as the check does)"

    static let subjectNote =
        "Subject is a helper: AsyncChannel's send waits until each value is taken, by one iteration; a subject's does not"

    /// Swift's value as an async function's argument or result: a tuple's for a pair's reduce.
    static func concurrency(_ reduction: PairReduction) -> String {
        switch reduction {
        case .function(let function): swift(function)
        case .reducer(let reducer): swift(reducer)
        }
    }

    /// The note each timed step writes, with the helpers it names.
    static func timed(_ text: String, note: String? = nil, helpers: [CodeHelper] = []) -> OperatorCode {
        .written(text, note: note.map { clockNote + "; " + $0 } ?? clockNote, helpers: helpers)
    }
}

extension CodeHelper {
    private init(_ name: String, _ text: String) {
        self.init(name: name, lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    /// What most helpers are made of: a cold sequence, as a signal is.
    static let asyncSignal = CodeHelper(
        "AsyncSignal",
        """
        /// A cold sequence, as a signal is: each iteration runs `body` afresh in a task of its own,
        /// which sends into a stream; ending the iteration cancels the task.
        struct AsyncSignal<Element: Sendable>: AsyncSequence, Sendable {
            let body: @Sendable (AsyncThrowingStream<Element, any Error>.Continuation) async throws -> Void

            init(_ body: @escaping @Sendable (AsyncThrowingStream<Element, any Error>.Continuation) async throws -> Void) {
                self.body = body
            }

            func makeAsyncIterator() -> AsyncThrowingStream<Element, any Error>.Iterator {
                let (stream, out) = AsyncThrowingStream.makeStream(of: Element.self)
                let task = Task.detached { [body] in
                    do {
                        try await body(out)
                        out.finish()
                    } catch {
                        out.finish(throwing: error)
                    }
                }
                out.onTermination = { _ in task.cancel() }
                return stream.makeAsyncIterator()
            }
        }
        """)

    /// What a helper that listens to more than one thing hears, one event at a time, in order.
    static let heard = CodeHelper(
        "Heard",
        """
        /// One event a helper hears: its source's value, end or failure, or a tick (a timer's or
        /// another sequence's), taken one at a time in the order they came.
        enum Heard<Value: Sendable>: Sendable {
            case value(Value)
            case finished
            case failed(any Error)
            case tick(Int)
        }

        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// Tells `events` each of this sequence's events as `heard` names it (nil: not told).
            func tell<Told>(_ events: AsyncStream<Told>.Continuation, _ heard: @Sendable (Heard<Element>) -> Told?) async {
                do {
                    for try await value in self { if let told = heard(.value(value)) { events.yield(told) } }
                    if let told = heard(.finished) { events.yield(told) }
                } catch {
                    if let told = heard(.failed(error)) { events.yield(told) }
                }
            }
        }
        """)

    static let failure = CodeHelper(
        "Failure",
        """
        /// An error with the playground's text.
        struct Failure: Error, CustomStringConvertible {
            let description: String
            init(_ description: String) { self.description = description }
        }
        """)

    static let subject = CodeHelper(
        "Subject",
        """
        import Synchronization

        /// RAC's subject: `send` hands a value at once to every iteration running, and keeps the last
        /// `replaying` values (and the end) for iterations that start later.
        final class Subject<Element: Sendable>: AsyncSequence, Sendable {
            private struct State {
                var kept: [Element] = []
                var end: Result<Void, any Error>?
                var outs: [(id: Int, out: AsyncThrowingStream<Element, any Error>.Continuation)] = []
                var ids = 0
            }
            private let state = Mutex(State())
            private let replaying: Int

            init(replaying: Int = 0) { self.replaying = replaying }

            /// A behavior subject: its current value first.
            convenience init(current: Element) {
                self.init(replaying: 1)
                send(current)
            }

            func send(_ value: Element) {
                let outs: [AsyncThrowingStream<Element, any Error>.Continuation] = state.withLock { state in
                    guard state.end == nil else { return [] }
                    if replaying > 0 {
                        state.kept.append(value)
                        if state.kept.count > replaying { state.kept.removeFirst() }
                    }
                    return state.outs.map(\\.out)
                }
                for out in outs { out.yield(value) }
            }

            func finish(throwing error: (any Error)? = nil) {
                let end: Result<Void, any Error> = error.map { .failure($0) } ?? .success(())
                let outs: [AsyncThrowingStream<Element, any Error>.Continuation] = state.withLock { state in
                    guard state.end == nil else { return [] }
                    state.end = end
                    return state.outs.map(\\.out)
                }
                for out in outs { out.finish(throwing: error) }
            }

            func makeAsyncIterator() -> AsyncThrowingStream<Element, any Error>.Iterator {
                let (stream, out) = AsyncThrowingStream.makeStream(of: Element.self)
                let id: Int? = state.withLock { state in
                    for value in state.kept { out.yield(value) }
                    switch state.end {
                    case .success?: out.finish()
                    case .failure(let error)?: out.finish(throwing: error)
                    case nil:
                        state.ids += 1
                        state.outs.append((state.ids, out))
                        return state.ids
                    }
                    return nil
                }
                if let id {
                    out.onTermination = { [weak self] _ in self?.state.withLock { $0.outs.removeAll { $0.id == id } } }
                }
                return stream.makeAsyncIterator()
            }
        }
        """)

    static let replay = CodeHelper(
        "replay",
        """
        /// RAC 2's replay: one iteration of the source, shared by every iteration of this, each sent
        /// the last `count` values first; it starts at the first iteration, or at once if `connected`.
        final class Replayed<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element: Sendable {
            private let base: Base
            private let subject: Subject<Base.Element>
            private let started = Mutex(false)

            init(_ base: Base, count: Int, connected: Bool) {
                self.base = base
                subject = Subject(replaying: count)
                if connected { connect() }
            }

            func makeAsyncIterator() -> AsyncThrowingStream<Base.Element, any Error>.Iterator {
                let iterator = subject.makeAsyncIterator()
                connect()
                return iterator
            }

            private func connect() {
                let first = started.withLock { started in
                    defer { started = true }
                    return !started
                }
                guard first else { return }
                Task.detached { [base, subject] in
                    do {
                        for try await value in base { subject.send(value) }
                        subject.finish()
                    } catch {
                        subject.finish(throwing: error)
                    }
                }
            }
        }

        extension AsyncSequence where Self: Sendable, Element: Sendable {
            func replay(_ count: Int) -> Replayed<Self> { Replayed(self, count: count, connected: false) }
            func replayLast() -> Replayed<Self> { Replayed(self, count: 1, connected: true) }
            func replayLazily() -> Replayed<Self> { Replayed(self, count: .max, connected: false) }
        }
        """)

    static let autoconnect = CodeHelper(
        "autoconnect",
        """
        extension AsyncSequence {
            /// share() and replay(_:) start at their first iteration already, as autoconnect does.
            func autoconnect() -> Self { self }
        }
        """)

    static let delay = CodeHelper(
        "delay",
        """
        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// Each value, and the end, `interval` later on `clock`; a failure at once.
            func delay<C: Clock>(for interval: C.Duration, clock: C) -> AsyncSignal<Element> {
                AsyncSignal { out in
                    try await withThrowingDiscardingTaskGroup { group in
                        for try await value in self {
                            let deadline = clock.now.advanced(by: interval)
                            group.addTask {
                                try await clock.sleep(until: deadline, tolerance: nil)
                                out.yield(value)
                            }
                        }
                        try await clock.sleep(until: clock.now.advanced(by: interval), tolerance: nil)
                    }
                }
            }
        }
        """)

    static let throttleLeading = CodeHelper(
        "throttleLeading",
        """
        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// The first value at once, then the latest of each `interval` at its end; the end sends
            /// a value still waiting first, a failure passes at once.
            func throttleLeading<C: Clock>(for interval: C.Duration, clock: C) -> AsyncSignal<Element> {
                AsyncSignal { out in
                    let (events, tell) = AsyncStream.makeStream(of: Heard<Element>.self)
                    try await withThrowingDiscardingTaskGroup { group in
                        group.addTask { await self.tell(tell) { $0 } }
                        var pending: Element?
                        var window = 0
                        var isOpen = true
                        for await event in events {
                            var opens = false
                            switch event {
                            case .value(let value) where isOpen:
                                out.yield(value)
                                opens = true
                            case .value(let value): pending = value
                            case .tick(let tick) where tick == window:
                                if let value = pending {
                                    pending = nil
                                    out.yield(value)
                                    opens = true
                                } else {
                                    isOpen = true
                                }
                            case .tick: break
                            case .finished:
                                if let value = pending { out.yield(value) }
                                group.cancelAll()
                                return
                            case .failed(let error): throw error
                            }
                            if opens {
                                isOpen = false
                                window += 1
                                let (tick, deadline) = (window, clock.now.advanced(by: interval))
                                group.addTask {
                                    if (try? await clock.sleep(until: deadline, tolerance: nil)) != nil { tell.yield(.tick(tick)) }
                                }
                            }
                        }
                    }
                }
            }
        }
        """)

    static let takeUntil = CodeHelper(
        "takeUntil",
        """
        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// This sequence's events until `trigger` sends a value or ends (its failure is ignored).
            func takeUntil<Trigger: AsyncSequence & Sendable>(_ trigger: Trigger) -> AsyncSignal<Element>
            where Trigger.Element: Sendable {
                AsyncSignal { out in
                    let (events, tell) = AsyncStream.makeStream(of: Heard<Element>.self)
                    try await withThrowingDiscardingTaskGroup { group in
                        // The trigger first, as RAC 2 subscribes to it first.
                        group.addTask {
                            await trigger.tell(tell) { heard in if case .failed = heard { nil } else { .tick(0) } }
                        }
                        group.addTask { await self.tell(tell) { $0 } }
                        for await event in events {
                            switch event {
                            case .value(let value): out.yield(value)
                            case .tick, .finished:
                                group.cancelAll()
                                return
                            case .failed(let error): throw error
                            }
                        }
                    }
                }
            }
        }
        """)

    static let sample = CodeHelper(
        "sample",
        """
        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// The latest value each time `sampler` sends, if there is one yet; either one's end or
            /// failure ends it.
            func sample<Sampler: AsyncSequence & Sendable>(_ sampler: Sampler) -> AsyncSignal<Element>
            where Sampler.Element: Sendable {
                AsyncSignal { out in
                    let (events, tell) = AsyncStream.makeStream(of: Heard<Element>.self)
                    try await withThrowingDiscardingTaskGroup { group in
                        group.addTask { await self.tell(tell) { $0 } }
                        group.addTask {
                            await sampler.tell(tell) { heard in
                                switch heard {
                                case .value: .tick(0)
                                case .failed(let error): .failed(error)
                                default: .finished
                                }
                            }
                        }
                        var latest: Element?
                        for await event in events {
                            switch event {
                            case .value(let value): latest = value
                            case .tick: if let latest { out.yield(latest) }
                            case .finished:
                                group.cancelAll()
                                return
                            case .failed(let error): throw error
                            }
                        }
                    }
                }
            }
        }
        """)

    static let bufferWithTime = CodeHelper(
        "bufferWithTime",
        """
        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// The values that come within `interval` of the first since the last batch, together;
            /// the end sends what is held first, a failure drops it.
            func buffer<C: Clock>(for interval: C.Duration, clock: C) -> AsyncSignal<[Element]> {
                AsyncSignal { out in
                    let (events, tell) = AsyncStream.makeStream(of: Heard<Element>.self)
                    try await withThrowingDiscardingTaskGroup { group in
                        group.addTask { await self.tell(tell) { $0 } }
                        var held: [Element] = []
                        var batch = 0
                        for await event in events {
                            switch event {
                            case .value(let value):
                                if held.isEmpty {
                                    batch += 1
                                    let (tick, deadline) = (batch, clock.now.advanced(by: interval))
                                    group.addTask {
                                        if (try? await clock.sleep(until: deadline, tolerance: nil)) != nil {
                                            tell.yield(.tick(tick))
                                        }
                                    }
                                }
                                held.append(value)
                            case .tick(let tick) where tick == batch && !held.isEmpty:
                                out.yield(held)
                                held = []
                            case .tick: break
                            case .finished:
                                if !held.isEmpty { out.yield(held) }
                                group.cancelAll()
                                return
                            case .failed(let error): throw error
                            }
                        }
                    }
                }
            }
        }
        """)

    static let timeout = CodeHelper(
        "timeout",
        """
        struct TimeoutError: Error, CustomStringConvertible {
            var description: String { "timed out" }
        }

        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// Fails with TimeoutError unless this sequence ends within `interval` of its start.
            func timeout<C: Clock>(after interval: C.Duration, clock: C) -> AsyncSignal<Element> {
                AsyncSignal { out in
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        let deadline = clock.now.advanced(by: interval)
                        group.addTask {
                            try await clock.sleep(until: deadline, tolerance: nil)
                            throw TimeoutError()
                        }
                        group.addTask { for try await value in self { out.yield(value) } }
                        // Whichever ends first ends both.
                        defer { group.cancelAll() }
                        try await group.next()
                    }
                }
            }
        }
        """)

    static let merge = CodeHelper(
        "merge",
        """
        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// swift-async-algorithms' merge, as a method.
            func merge<Other: AsyncSequence & Sendable>(with other: Other) -> AsyncMerge2Sequence<Self, Other>
            where Other.Element == Element {
                AsyncAlgorithms.merge(self, other)
            }
        }
        """)

    static let combineLatest = CodeHelper(
        "combineLatest",
        """
        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// swift-async-algorithms' combineLatest, as a method.
            func combineLatest<Other: AsyncSequence & Sendable>(with other: Other) -> AsyncCombineLatest2Sequence<Self, Other>
            where Other.Element: Sendable {
                AsyncAlgorithms.combineLatest(self, other)
            }
        }
        """)

    static let flatMapMerge = CodeHelper(
        "flatMapMerge",
        """
        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// Each value's sequence, all at once, their values as they come (RAC 2's flattenMap; the
            /// standard library's flatMap takes them one after another). Ends when all have ended.
            func flatMapMerge<Inner: AsyncSequence & Sendable>(_ transform: @escaping @Sendable (Element) -> Inner)
                -> AsyncSignal<Inner.Element> where Inner.Element: Sendable
            {
                AsyncSignal { out in
                    try await withThrowingDiscardingTaskGroup { group in
                        for try await value in self {
                            let inner = transform(value)
                            group.addTask {
                                // An inner failure ends the stream at once: the outer iteration is
                                // the group's body, which a failed child does not stop.
                                do {
                                    for try await value in inner { out.yield(value) }
                                } catch {
                                    out.finish(throwing: error)
                                }
                            }
                        }
                    }
                }
            }
        }
        """)

    static let catchError = CodeHelper(
        "catchError",
        """
        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// After a failure, the fallback's events.
            func catchError<Fallback: AsyncSequence & Sendable>(_ fallback: @escaping @Sendable (any Error) -> Fallback)
                -> AsyncSignal<Element> where Fallback.Element == Element
            {
                AsyncSignal { out in
                    do {
                        for try await value in self { out.yield(value) }
                    } catch {
                        try Task.checkCancellation()
                        for try await value in fallback(error) { out.yield(value) }
                    }
                }
            }
        }
        """)

    static let retry = CodeHelper(
        "retry",
        """
        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// After a failure, iterates again, `count` times at most (for ever without it).
            func retry(_ count: Int = .max) -> AsyncSignal<Element> {
                AsyncSignal { out in
                    var tries = 0
                    while true {
                        do {
                            for try await value in self { out.yield(value) }
                            return
                        } catch {
                            try Task.checkCancellation()
                            guard tries < count else { throw error }
                            tries += 1
                        }
                    }
                }
            }
        }
        """)

    static let fold = CodeHelper(
        "fold",
        """
        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// The total once this sequence ends (the standard library's reduce, as a sequence).
            func fold<Total: Sendable>(_ start: Total, _ combine: @escaping @Sendable (Total, Element) -> Total)
                -> AsyncSignal<Total>
            {
                AsyncSignal { out in out.yield(try await self.reduce(start, combine)) }
            }
        }
        """)

    static let chained = CodeHelper(
        "chained",
        """
        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// A value first, then this sequence's events (swift-async-algorithms' chain does this,
            /// but only for two sequences that fail alike).
            func startWith(_ value: Element) -> AsyncSignal<Element> {
                AsyncSignal { out in
                    out.yield(value)
                    for try await value in self { out.yield(value) }
                }
            }

            /// This sequence's values, then once it ends, `next`'s events.
            func concat<Next: AsyncSequence & Sendable>(_ next: Next) -> AsyncSignal<Element> where Next.Element == Element {
                AsyncSignal { out in
                    for try await value in self { out.yield(value) }
                    for try await value in next { out.yield(value) }
                }
            }
        }
        """)

    static let then = CodeHelper(
        "then",
        """
        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// Once this sequence ends (its values dropped), `next`'s events.
            func then<Next: AsyncSequence & Sendable>(_ next: Next) -> AsyncSignal<Next.Element>
            where Next.Element: Sendable {
                AsyncSignal { out in
                    for try await _ in self {}
                    for try await value in next { out.yield(value) }
                }
            }
        }
        """)

    static let materialized = CodeHelper(
        "Materialized",
        """
        /// An event as a value: RAC 2's materialize.
        enum Materialized<Value: Sendable>: Sendable {
            case next(Value)
            case error(any Error)
            case completed
        }

        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// Each event as a value, then the end.
            func materialize() -> AsyncSignal<Materialized<Element>> {
                AsyncSignal { out in
                    do {
                        for try await value in self { out.yield(.next(value)) }
                        out.yield(.completed)
                    } catch {
                        out.yield(.error(error))
                    }
                }
            }

            /// The events that materialize made values of, as events again.
            func dematerialize<Value: Sendable>() -> AsyncSignal<Value> where Element == Materialized<Value> {
                AsyncSignal { out in
                    for try await event in self {
                        switch event {
                        case .next(let value): out.yield(value)
                        case .error(let error): throw error
                        case .completed: return
                        }
                    }
                }
            }
        }
        """)

    static let sideEffects = CodeHelper(
        "handleEvents",
        """
        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// Runs `next` for each value, `completed` at the end, `failed` at a failure; the events pass on.
            func handleEvents(
                next: @escaping @Sendable (Element) -> Void = { _ in }, completed: @escaping @Sendable () -> Void = {},
                failed: @escaping @Sendable (any Error) -> Void = { _ in }
            ) -> AsyncSignal<Element> {
                AsyncSignal { out in
                    do {
                        for try await value in self {
                            next(value)
                            out.yield(value)
                        }
                        completed()
                    } catch {
                        failed(error)
                        throw error
                    }
                }
            }
        }
        """)

    static let pushed = CodeHelper(
        "signal",
        """
        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// A pulled sequence pushed: its values sent as fast as it gives them, in a task of their own.
            func signal() -> AsyncSignal<Element> {
                AsyncSignal { out in for try await value in self { out.yield(value) } }
            }
        }
        """)

    static let scheduled = CodeHelper(
        "scheduled",
        """
        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// Each event handed on from the main actor (deliverOn: the main thread).
            func receiveOnMainActor() -> AsyncSignal<Element> {
                AsyncSignal { out in
                    do {
                        for try await value in self { await MainActor.run { _ = out.yield(value) } }
                        await MainActor.run { out.finish() }
                    } catch {
                        await MainActor.run { out.finish(throwing: error) }
                    }
                }
            }

            /// Iterated in a task of its own, off the caller's actor (subscribeOn: or deliverOn: a
            /// background scheduler): an AsyncSignal's task is detached already.
            func iteratedInBackground() -> AsyncSignal<Element> {
                AsyncSignal { out in for try await value in self { out.yield(value) } }
            }
        }
        """)
}
