import Testing

@testable import Playground

/// `code NAME --async`: whole listings in Swift concurrency, as Tests/EndToEnd/test_async_code.py
/// compiles and runs them against swift-async-algorithms.
@Suite struct ConcurrencyCodeTests {
    @Test func theTutorialsDelayUntilHiddenIsATaskCancelledOnHide() throws {
        let lines = try CodeWriter.code(
            "mine = isVisible | filter true | delay 1s | takeUntil hidden | flattenMap metadata", in: .concurrency)
        let helpers = lines.filter { $0.hasPrefix("// helper: ") }
        #expect(
            Array(lines.prefix(9)) == [
                "// mine, as vmsh's playground defines it, in Swift concurrency",
                "let mine = isVisible", "    .filter { $0 }",
                "    .delay(for: .seconds(1), clock: clock)",
                "    .takeUntil(hidden)", "    .flatMapMerge { _ in metadata }",
                "// " + CodeWriter.clockNote,
                "// takeUntil(hidden) ends the iteration when hidden sends or ends, cancelling its tasks: "
                    + "a delay still waiting is dropped, as a Task cancelled on hide",
                "// helper: AsyncSignal",
            ])
        // Each helper once, AsyncSignal (which three of them use) first.
        #expect(
            helpers == [
                "// helper: AsyncSignal", "// helper: delay", "// helper: Heard", "// helper: takeUntil",
                "// helper: flatMapMerge",
            ])
    }

    @Test func libraryOperatorsAreWrittenAsTheLibraryNamesThem() throws {
        let lines = try CodeWriter.code(
            "x = b | map *2 | skip 1 | distinctUntilChanged | throttle 300ms | scan sum | switchToLatest c",
            in: .concurrency)
        #expect(
            lines == [
                "// x, as vmsh's playground defines it, in Swift concurrency",
                "let x = b", "    .map { $0 * 2 }", "    .dropFirst(1)", "    .removeDuplicates()",
                "    .debounce(for: .milliseconds(300), clock: clock)", "    .reductions(0) { $0 + $1 }",
                "    .flatMapLatest { _ in c }", "// " + CodeWriter.clockNote,
            ])
    }

    /// A background scheduler is a task below the caller's priority, so that the caller's work
    /// goes first (as the playground's background is a later turn of its clock, and as the async
    /// check's loop runs it); subscribeOn says that each value then crosses to the consumer too.
    @Test func backgroundIsATaskBelowTheCallersPriorityAndSubscribeOnSaysItHopsEachValue() throws {
        let delivered = try CodeWriter.listing("x = b | deliverOn background", in: .concurrency)
        let subscribed = try CodeWriter.listing("x = b | subscribeOn background", in: .concurrency)
        #expect(
            delivered.lines == [
                "// x, as vmsh's playground defines it, in Swift concurrency", "let x = b",
                "    .iteratedInBackground()",
            ])
        #expect(
            subscribed.lines == delivered.lines + [
                "// each value then comes from that task, a hop as deliverOn's: RAC 2 moves only the subscription"
            ])
        let helper = try #require(subscribed.helpers.first { $0.name == "scheduled" })
        #expect(
            helper.lines.contains(
                "        AsyncSignal(priority: .utility) { out in for try await value in self { out.yield(value) } }"))
        let signal = try #require(subscribed.helpers.first { $0.name == "AsyncSignal" })
        #expect(signal.lines.contains("        let task = Task.detached(priority: priority) { [body] in"))
    }

    /// The standard library's prefix(N) stops asking for values but cancels nothing, so a
    /// flatMapLatest before it went on fetching after take 1 (`code --package --async`'s test
    /// found it): take is a helper that cancels its source's iteration once it has its values.
    @Test func takeIsAHelperThatCancelsWhatItReads() throws {
        let listing = try CodeWriter.listing("x = b | switchToLatest c | take 1", in: .concurrency)
        #expect(listing.lines.suffix(2) == ["    .flatMapLatest { _ in c }", "    .take(1)"])
        #expect(listing.helpers.map(\.name) == ["AsyncSignal", "take"])
        let take = listing.helpers[1].lines.joined(separator: "\n")
        #expect(take.contains("group.cancelAll()"))
        #expect(take.contains("for try await value in self where left > 0 {"))
    }

    /// share() takes no opaque sequence under Swift 6 (flatMapLatest's is one): publish writes
    /// signal() first, the helper whose AsyncSignal share() takes.
    @Test func publishSharesAnAsyncSignalSoThatFlatMapLatestCanBeShared() throws {
        let lines = try CodeWriter.code("x = b | switchToLatest c | publish | autoconnect", in: .concurrency)
        #expect(
            Array(lines.prefix(5)) == [
                "// x, as vmsh's playground defines it, in Swift concurrency",
                "let x = b", "    .flatMapLatest { _ in c }", "    .signal().share()", "    .autoconnect()",
            ])
        #expect(lines.contains("// helper: signal"))
        #expect(lines.contains("// helper: AsyncSignal"))
        // What the async check keeps off (a retry of it): share() gives a late iteration the end again.
        #expect(lines.contains { $0.contains("one that starts after the source ended hears that end again") })
    }

    @Test func sourcesAreSequencesAndSubjectsAHelper() throws {
        #expect(
            try CodeWriter.code("t = interval 1s", in: .concurrency)[1]
                == "let t = AsyncTimerSequence(interval: .seconds(1), clock: clock).reductions(-1) { count, _ in count + 1 }"
        )
        #expect(try CodeWriter.code("q = sequence 1 2 3", in: .concurrency)[1] == "let q = [1, 2, 3].async")
        let subject = try CodeWriter.code("s = behavior-subject 3", in: .concurrency)
        #expect(subject[1] == "let s = Subject(current: 3)")
        #expect(subject[2] == "// " + CodeWriter.subjectNote)
        #expect(subject[3] == "// helper: Subject")
        #expect(try CodeWriter.code("n = never", in: .concurrency)[1] == "let n = AsyncChannel<any Sendable>()")
    }

    @Test func whatTheLibraryLacksIsAHelperWrittenOnce() throws {
        let lines = try CodeWriter.code(
            "x = b | retry 2 | catch c | timeout 2s | startWith 1 | concat c | retry", in: .concurrency)
        #expect(
            Array(lines[1...7]) == [
                "let x = b", "    .retry(2)", "    .catchError { _ in c }",
                "    .timeout(after: .seconds(2), clock: clock)", "    .startWith(1)", "    .concat(c)", "    .retry()",
            ])
        #expect(lines.filter { $0 == "// helper: AsyncSignal" }.count == 1)
        #expect(lines.filter { $0 == "// helper: retry" }.count == 1)
        #expect(
            lines.contains(
                "// retry() tries for ever; the playground stops after 1000 tries at one instant, 10000 in all"))
    }
}
