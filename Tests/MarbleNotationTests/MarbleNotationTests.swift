import Testing

@testable import MarbleNotation

struct MarbleNotationTests {
    func times(_ events: [MarbleEvent]) -> [String] {
        events.map { event in
            let mark: String
            switch event.kind {
            case .value(let symbol): mark = symbol
            case .completed: mark = "|"
            case .failed: mark = "#"
            case .cancelled: mark = "!"
            }
            return "\(Int(event.time / .milliseconds(1))):\(mark)"
        }
    }

    @Test func framesGroupsAndEnds() throws {
        #expect(times(try MarbleNotation.parse("--a--b---(cd)|")) == ["200:a", "500:b", "900:c", "900:d", "1000:|"])
        #expect(times(try MarbleNotation.parse("#")) == ["0:#"])
        #expect(times(try MarbleNotation.parse("-!")) == ["100:!"])
        #expect(times(try MarbleNotation.parse("(M|)")) == ["0:M", "0:|"])
    }

    @Test func timeLiteralsAndSpaces() throws {
        #expect(times(try MarbleNotation.parse("a 1s b")) == ["0:a", "1100:b"])
        #expect(times(try MarbleNotation.parse("250ms x 1.5s |")) == ["250:x", "1850:|"])
        #expect(times(try MarbleNotation.parse("- - 1m (o|)")) == ["60200:o", "60200:|"])
        // A digit not followed by a unit is a value, as in rxjs.
        #expect(times(try MarbleNotation.parse("1-2")) == ["0:1", "200:2"])
        #expect(times(try MarbleNotation.parse("4s")) == ["0:4", "100:s"])
    }

    @Test func refusesWhatCannotHappen() {
        for bad in ["a|b", "|-", "(ab", "ab)", "((a))", "()", "^-a", "#a"] {
            #expect(throws: MarbleNotation.Failure.self, "\(bad)") { try MarbleNotation.parse(bad) }
        }
    }
}

/// The one parser's two uses: a playground source (values, spaces, time literals) and an
/// assertion (with `!`), and failures that say where.
struct MarbleParserTests {
    @Test func timeLiteralsUseTheDurationGrammar() throws {
        let marks = try MarbleNotation.marks("a 2h b 1.5m |")
        #expect(marks.map(\.time) == [.zero, .milliseconds(7_200_100), .milliseconds(7_290_200)])
        #expect(marks.map(\.offset) == [0, 5, 12])
        // A word of the grammar's shape over its bound is an error, not three values.
        #expect(throws: MarbleNotation.Failure.self) { try MarbleNotation.parse("a 25h b") }
        // Not followed by a space, or not a duration: values, as in rxjs.
        #expect(try MarbleNotation.parse("2h").map(\.kind) == [.value("2"), .value("h")])
        #expect(try MarbleNotation.parse("1e3s b").count == 5)
    }

    @Test func anAssertionMayEndInACancellation() throws {
        let marks = try MarbleNotation.marks("--(a!)")
        #expect(marks.map(\.kind) == [.value("a"), .cancelled])
        #expect(marks.map(\.time) == [.milliseconds(200), .milliseconds(200)])
    }

    @Test func aFailureSaysWhatAndWhere() {
        func failure(_ marbles: String) -> MarbleNotation.Failure? {
            do {
                _ = try MarbleNotation.marks(marbles)
                return nil
            } catch {
                return error
            }
        }
        #expect(failure("-a|b")?.offset == 3)
        #expect(failure("-a|b")?.reason == "expected nothing after |, # or ! (the lane has ended), found 'b'")
        #expect(
            failure("-a|b")?.description
                == "in the marble string '-a|b' at character 4: expected nothing after |, # or ! "
                + "(the lane has ended), found 'b'")
        #expect(failure("(a-b)")?.offset == 2)
        #expect(failure("()")?.reason == "expected a value, |, # or ! inside ( ), found ')'")
        #expect(failure("(a 1s b)")?.offset == 3)
        #expect(failure("(ab")?.offset == nil)
        #expect(failure("(ab")?.reason == "expected a ) to close the group, found the end of the string")
        #expect(failure("a) ")?.offset == 1)
    }

    @Test func theWriterWritesWhatTheParserReadsBack() throws {
        let symbols = MarbleSymbols(lanes: [])
        for marbles in ["--a--b---(cd)|", "#", "-!", "(M|)", "a----------b"] {
            let lane = try MarbleNotation.lane("m", marbles, values: [:])
            let written = MarbleNotation.marbles(of: lane, symbols: MarbleSymbols(lanes: [lane]))
            #expect(written == marbles)
            #expect(try MarbleNotation.parse(written) == lane.events)
        }
        #expect(
            MarbleNotation.marbles(of: MarbleLane(name: "x", subscribed: .zero, events: []), symbols: symbols) == "")
    }
}
