import Testing

@testable import Playground

/// `code NAME --combine`: RAC 2's operators as Combine's own, or a helper written under the code
/// (Tests/EndToEnd/test_combine_code.py compiles and runs them against OpenCombine).
@MainActor
struct CombineCodeTests {
    private func code(_ text: String) throws -> [String] {
        Array(try CodeWriter.code(text, in: .combine).dropFirst())
    }

    /// Sharing is Combine's multicast: a replay keeps its N values, and autoconnect is Combine's own,
    /// with the line that says it connects again where RAC 2's does not.
    @Test func publishAndReplayMulticastAndAutoconnect() throws {
        let again =
            "// Combine's autoconnect() connects again when a subscriber comes after all have left; RAC 2's "
            + "connects once, and once all have left its source is gone for good"
        #expect(
            try code("a = b | publish | autoconnect") == [
                "let a = b", "    .multicast { PassthroughSubject() }", "    .autoconnect()", again,
            ])
        let replayed = try code("r = b | replay 3 | autoconnect")
        #expect(
            replayed.prefix(5) == [
                "let r = b", "    .multicast { ReplaySubject(capacity: 3) }", "    .autoconnect()", again,
                "// helper: ReplaySubject",
            ])
        #expect(replayed.contains("final class ReplaySubject<Output, Failure: Error>: Subject {"))
    }

    /// Combine has no sample: a helper, typed step by step (as one chain the compiler gives up on
    /// it), and the line that says when it finishes.
    @Test func sampleIsAHelperThatACompilerCanCheck() throws {
        let lines = try code("x = b | sample t")
        #expect(
            lines.prefix(4) == [
                "let x = b", "    .sample(t)",
                "// this sample finishes once both have finished; RAC 2's when either does",
                "// helper: sample",
            ])
        #expect(lines.contains("        let latest: Publishers.Map<Self, Output?> = map { Optional($0) }"))
    }

    /// RAC 2's buffer is not collect(.byTime), whose windows start at the subscription: a helper
    /// whose window opens at the first value held.
    @Test func bufferWithTimeIsAHelperWhoseWindowOpensAtAValue() throws {
        let lines = try code("x = b | bufferWithTime 300ms")
        #expect(
            lines.prefix(3) == [
                "let x = b", "    .bufferWithTime(.milliseconds(300), scheduler: DispatchQueue.main)",
                "// helper: bufferWithTime",
            ])
        #expect(!lines.contains { $0.contains("collect(") })
        #expect(lines.contains("                            if held.isEmpty {"))
    }

    /// RAC 2's other operators, each Combine's own or written out, never the values passed unchanged.
    @Test func rac2sOtherOperatorsAreCombinesOwn() throws {
        #expect(
            try code("x = b | startWith 0 | concat t | ignore 2 | catch e | retry 2 | doNext s") == [
                "let x = b", "    .prepend(0)", "    .append(t)", "    .filter { $0 != 2 }", "    .catch { _ in e }",
                "    .retry(2)", "    .handleEvents(receiveOutput: { s.send($0) })",
            ])
        #expect(try code("p = pairs | reduceEach sum") == ["let p = pairs", "    .map { $0 + $1 }"])
        let then = try code("n = b | then t")
        #expect(then.prefix(3) == ["let n = b", "    .then(t)", "// helper: then"])
    }

    /// What has no Combine operator is a helper, each written once however often it is used.
    @Test func helpersAreWrittenOnce() throws {
        let lines = try code("m = b | materialize | dematerialize | replayLast | replayLast")
        #expect(
            lines.prefix(5) == [
                "let m = b", "    .materialize()", "    .dematerialize()", "    .replayLast()",
                "    .replayLast()",
            ])
        #expect(
            lines.filter { $0.hasPrefix("// helper: ") } == [
                "// helper: Event", "// helper: materialize", "// helper: dematerialize", "// helper: ReplaySubject",
                "// helper: replayLast",
            ])
    }

    /// An inline sequence is Swift's array until its signal step makes a publisher of it.
    @Test func aSequenceIsAnArrayUntilItsSignal() throws {
        #expect(
            try code("s = sequence 1 2 | signal") == [
                "let s = [1, 2]", "    .publisher.setFailureType(to: Error.self)",
            ])
        #expect(
            try code("s = sequence 1 2 | map +1") == [
                "let s = [1, 2].publisher.setFailureType(to: Error.self)",
                "    .map { $0 + 1 }",
            ])
    }

    /// Where Combine's nearest operator means otherwise, one line says how.
    @Test func aNearOperatorSaysWhatDiffers() throws {
        #expect(
            try code("t = b | timeout 2s").contains(
                "// Combine's timeout starts again at each value; RAC 2's counts from the subscription to the end"))
        #expect(try code("r = b | retry").prefix(2) == ["let r = b", "    .retry(.max)"])
    }
}
