import Testing

@testable import Playground

/// A source whose values come later is declared of the type its steps read, never an Any that
/// no closure can multiply or compare; literals of several kinds are declared so.
@Suite struct SourceTypeCodeTests {
    private func second(_ text: String, _ library: CodeWriter.Library) throws -> String {
        try CodeWriter.code(text, in: library)[1]
    }

    @Test func aSubjectIsOfWhatItsFirstStepReads() throws {
        #expect(try second("x = subject | map *2", .combine) == "let x = PassthroughSubject<Int, Error>()")
        #expect(try second("x = subject | map upper", .combine) == "let x = PassthroughSubject<String, Error>()")
        #expect(try second("x = subject | filter true", .combine) == "let x = PassthroughSubject<Bool, Error>()")
        #expect(
            try second("x = subject | delay 1s | scan concat", .reactiveSwift)
                == "let (xOutput, xInput) = Signal<String, Error>.pipe()")
        #expect(try second("x = replay-subject 2 | ignore a", .concurrency) == "let x = Subject<String>(replaying: 2)")
    }

    @Test func sourcesWithoutValuesTakeTheirStepsType() throws {
        #expect(try second("x = empty | map length", .combine) == "let x = Empty<String, Error>()")
        #expect(try second("x = never | skipWhile even", .reactiveSwift) == "let x = SignalProducer<Int, Error>.never")
        #expect(try second("x = empty | startWith true", .concurrency) == "let x = [Bool]().async")
        #expect(
            try second("x = error boom | filter nonempty", .concurrency)
                == "let x = AsyncSignal<String> { _ in throw Failure(\"boom\") }")
    }

    /// A subject nothing reads from (what doNext and doCompleted send into) takes values of any kind.
    @Test func aSubjectNothingReadsTakesAnyValue() throws {
        #expect(try second("log = subject", .combine) == "let log = PassthroughSubject<Any, Error>()")
        #expect(try second("log = subject", .concurrency) == "let log = Subject<any Sendable>()")
    }

    @Test func literalsOfSeveralKindsAreDeclaredSo() throws {
        #expect(
            try second("x = sequence 1 a true", .combine)
                == "let x = ([1, \"a\", true] as [Any]).publisher.setFailureType(to: Error.self)")
        #expect(try second("x = sequence 1 a", .concurrency) == "let x = ([1, \"a\"] as [any Sendable]).async")
        #expect(try second("x = sequence a b", .concurrency) == "let x = [\"a\", \"b\"].async")
        #expect(
            try second("x = behavior-subject yes", .combine) == "let x = CurrentValueSubject<String, Error>(\"yes\")")
    }
}
