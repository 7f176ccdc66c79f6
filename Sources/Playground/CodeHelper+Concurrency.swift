/// What Swift concurrency lacks, written under the code that uses it: the sequence most helpers
/// are made of, the events they hear, failures, subjects and replay. The operators' own helpers
/// are in CodeHelper+ConcurrencyOperators.swift.
extension CodeHelper {
    /// A helper from its text, one line per line.
    init(_ name: String, _ text: String) {
        self.init(name: name, lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    /// What most helpers are made of: a cold sequence, as a signal is.
    static let asyncSignal = CodeHelper(
        "AsyncSignal",
        """
        /// A cold sequence, as a signal is: each iteration runs `body` afresh in a task of its own
        /// (at `priority`, if given), which sends into a stream; ending the iteration cancels the task.
        struct AsyncSignal<Element: Sendable>: AsyncSequence, Sendable {
            let priority: TaskPriority?
            let body: @Sendable (AsyncThrowingStream<Element, any Error>.Continuation) async throws -> Void

            init(
                priority: TaskPriority? = nil,
                _ body: @escaping @Sendable (AsyncThrowingStream<Element, any Error>.Continuation) async throws -> Void
            ) {
                self.priority = priority
                self.body = body
            }

            func makeAsyncIterator() -> AsyncThrowingStream<Element, any Error>.Iterator {
                let (stream, out) = AsyncThrowingStream.makeStream(of: Element.self)
                let task = Task.detached(priority: priority) { [body] in
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
}
