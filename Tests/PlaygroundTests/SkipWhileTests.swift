import Playground
import Testing

/// `skipWhile TEST`, the operator walked in as one declaration (Operators/SkipWhileStep.swift):
/// RAC 2's cases for -skipWhileBlock: (RACStreamExamples, "skipping with a predicate", over the
/// values 0 1 2 3 0 2 4), as a signal and as a pulled sequence, every event in order.
@MainActor
struct SkipWhileTests {
    static let values = "sequence 0 1 2 3 0 2 4"

    @Test("-skipWhileBlock: should skip while a predicate is true")
    func skipsWhileAPredicateIsTrue() {
        let play = PlaygroundHarness()
        _ = play.take(["let xs = \(Self.values) | signal | skipWhile <=1", "subscribe xs"])
        #expect(
            play.lane("xs") == [
                "0 subscribed", "0 next(\"2\")", "0 next(\"3\")", "0 next(\"0\")", "0 next(\"2\")", "0 next(\"4\")",
                "0 completed",
            ])
    }

    @Test("-skipWhileBlock: should skip a full stream")
    func skipsAFullStream() {
        let play = PlaygroundHarness()
        _ = play.take(["let xs = \(Self.values) | signal | skipWhile <=10", "subscribe xs"])
        #expect(play.lane("xs") == ["0 subscribed", "0 completed"])
    }

    @Test("-skipWhileBlock: should finish skipping immediately")
    func finishesSkippingImmediately() {
        let play = PlaygroundHarness()
        _ = play.take(["let xs = \(Self.values) | signal | skipWhile <0", "subscribe xs"])
        #expect(
            play.lane("xs") == [
                "0 subscribed", "0 next(\"0\")", "0 next(\"1\")", "0 next(\"2\")", "0 next(\"3\")", "0 next(\"0\")",
                "0 next(\"2\")", "0 next(\"4\")", "0 completed",
            ])
    }

    /// RACSequence has it too (RACStream's): pulled, it reads only what it must.
    @Test func aPulledSequenceSkipsLazily() {
        let play = PlaygroundHarness()
        #expect(
            play.take(["let xs = \(Self.values) | skipWhile <=1", "head xs", "array xs"]) == [
                "0: xs: sequence (pulled), 7 values",
                "0: xs: 2 (read 3 of the source's 7)", "0: xs: [2, 3, 0, 2, 4] (read 7 of the source's 7)",
            ])
    }

    /// Over time, each subscription skips afresh; a value the test cannot take fails the signal.
    @Test func eachSubscriptionSkipsAfreshAndAWrongValueFails() {
        let play = PlaygroundHarness()
        _ = play.take(["let s = subject", "let rest = s | skipWhile even", "subscribe rest as one"])
        _ = play.take(["send s 2", "send s 3", "subscribe rest as two", "send s 4", "wait 100", "send s x"])
        #expect(play.lane("one") == ["0 subscribed", "0 next(\"3\")", "0 next(\"4\")", "100 next(\"x\")"])
        #expect(play.lane("two") == ["0 subscribed", "100 failed(\"filter even cannot take x\")"])
    }

    @Test func itsCodeIsEachLibrarysOwn() throws {
        let text = "rest = b | skipWhile >2"
        #expect(
            try CodeWriter.code(text, in: .rac2).last
                == "    skipWhileBlock:^BOOL(id value) { return [value integerValue] > 2; }];")
        #expect(try CodeWriter.code(text, in: .reactiveSwift).last == "    .skip(while: { $0 > 2 })")
        #expect(try CodeWriter.code(text, in: .combine).last == "    .drop(while: { $0 > 2 })")
    }

    /// `help rac` answers for the selector its declaration follows, with no line of its own.
    @Test func helpRacAnswersItsSelectorFromTheDeclaration() throws {
        #expect(
            try RACSelectorGuide.answer("-skipWhileBlock:").get() == [
                "skipWhileBlock: in vmsh: | skipWhile TEST: the values from the first that fails TEST on (\(Self.tests))"
            ])
    }

    @Test func aMissingOrUnknownTestIsNamedAtItsColumn() {
        let play = PlaygroundHarness()
        _ = play.take(["let b = marbles \"-a|\""])
        #expect(
            play.take(["let x = b | skipWhile", "let y = b | skipWhile 3"]) == [
                "0: error: column 22: expected a test after skipWhile (\(Self.tests)), found the end of the line",
                "0: error: column 23: expected one of \(Self.tests), found '3'",
            ])
    }

    static let tests = "even, odd, true, false, nonempty, >N, <N, >=N, <=N, =V, !=V"
}

/// A mistyped operator is named with the one it was near; a word near none gets the whole list.
@MainActor
struct OperatorSpellingTests {
    @Test func aNearMissIsNamedAndAnythingElseListsEveryOperator() {
        let play = PlaygroundHarness()
        _ = play.take(["let b = marbles \"-a|\""])
        #expect(
            play.take(["let x = b | takeUntill t", "let y = b | flatMap", "let z = b | Map upper"]) == [
                "0: error: column 13: no operator 'takeUntill' (did you mean 'takeUntil'?); help operators lists them",
                "0: error: column 13: no operator 'flatMap' (did you mean 'flattenMap'?); help operators lists them",
                "0: error: column 13: no operator 'Map' (did you mean 'map'?); help operators lists them",
            ])
        let far = play.take(["let w = b | nonsense"])
        #expect(far.count == 1 && far[0].contains("expected an operator (map, filter, scan"), "\(far)")
    }
}
