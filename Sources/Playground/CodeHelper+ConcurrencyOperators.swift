/// The Swift concurrency helpers that stand for one operator each (or a few of one meaning),
/// built on CodeHelper+Concurrency.swift's.
extension CodeHelper {
    static let take = CodeHelper(
        "take",
        """
        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// The first `count` values, then the end, which cancels this sequence's iteration as RAC 2's
            /// take: disposes its source. The standard library's prefix only stops asking for values,
            /// and a sequence that runs tasks of its own (flatMapLatest) keeps them running.
            func take(_ count: Int) -> AsyncSignal<Element> {
                AsyncSignal { out in
                    guard count > 0 else { return }
                    let (taken, done) = AsyncStream.makeStream(of: Void.self)
                    try await withThrowingDiscardingTaskGroup { group in
                        group.addTask {
                            // However it ends (a failure too), the wait below ends with it.
                            defer { done.finish() }
                            var left = count
                            // Still asking once all are taken: the cancel must find the iteration waiting.
                            for try await value in self where left > 0 {
                                out.yield(value)
                                left -= 1
                                if left == 0 {
                                    out.finish()
                                    done.finish()
                                }
                            }
                        }
                        for await _ in taken {}
                        group.cancelAll()
                    }
                }
            }
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

    static let zip = CodeHelper(
        "zip",
        """
        extension AsyncSequence where Self: Sendable, Element: Sendable {
            /// swift-async-algorithms' zip, as a method.
            func zip<Other: AsyncSequence & Sendable>(with other: Other) -> AsyncZip2Sequence<Self, Other>
            where Other.Element: Sendable {
                AsyncAlgorithms.zip(self, other)
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

            /// Iterated in a task of its own, off the caller's actor and below its priority
            /// (subscribeOn: or deliverOn: a background scheduler): what the caller is doing goes first.
            func iteratedInBackground() -> AsyncSignal<Element> {
                AsyncSignal(priority: .utility) { out in for try await value in self { out.yield(value) } }
            }
        }
        """)
}
