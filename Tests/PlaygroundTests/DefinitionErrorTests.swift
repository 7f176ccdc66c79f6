import Playground
import Reactive
import Testing

/// Malformed definitions: one line saying what was expected and where; nothing is defined.
@MainActor
struct DefinitionErrorTests {
    func error(_ definition: String) -> String {
        let play = PlaygroundHarness()
        let said = play.take(["let " + definition, "signals"])
        #expect(said.contains("0:   none yet (let NAME = subject)"))
        return said.first ?? ""
    }

    @Test func eachMistakeIsNamedWithItsColumn() {
        #expect(
            error("= subject") == "0: error: column 5: expected a name (a letter, then letters, digits, _ or -; "
                + "not a source's word), found '='")
        #expect(
            error("a subject")
                == "0: error: column 7: expected '=' after the name (let NAME = SOURCE), found 'subject'")
        #expect(error("a =") == "0: error: column 8: expected " + sourcesText + ", found the end of the line")
        #expect(
            error("a = interval fast") == "0: error: column 18: expected a duration such as 500ms, 2s, 1.5m "
                + "or 1h, at most 24h, after interval, found 'fast'")
        #expect(error("a = interval 0ms") == "0: error: column 18: interval takes at least 1ms, not 0ms")
        #expect(
            error("a = marbles \"--a-?|\"")
                == "0: error: column 22: expected a value (a-z, 0-9), -, ( ), |, # or a space, found '?'")
        #expect(
            error("a = marbles \"-a|b\"") == "0: error: column 21: expected nothing after |, # or ! "
                + "(the lane has ended), found 'b'")
        #expect(
            error("a = marbles \"-a-!\"") == "0: error: column 21: '!' (cancelled) belongs in expect-marbles; "
                + "a source ends with | or #")
        #expect(
            error("a = marbles \"a 25h b|\"") == "0: error: column 20: expected a duration such as 500ms, 2s, "
                + "1.5m or 1h, at most 24h, found '25h'")
        #expect(
            error("a = marbles \"(ab\"")
                == "0: error: column 21: expected a ) to close the group, found the end of the string")
        #expect(error("a = marbles \"--a") == "0: error: column 17: expected a closing \" for the quoted text")
        #expect(
            error("a = subject map upper") == "0: error: column 17: expected '|' before the next operator, "
                + "found 'map'")
        #expect(
            error("a = subject |") == "0: error: column 18: expected an operator after '|' (" + operatorsText
                + "), found the end of the line")
        #expect(
            error("a = replay-subject 0") == "0: error: column 24: expected a whole number from 1 to 1000 "
                + "after replay-subject, found '0'")
        #expect(error("a = interval 5ms") == "0: error: an interval is at least 10ms")
        #expect(
            error("a = nothing")
                == "0: error: column 9: no signal named 'nothing' (define it first: let nothing = …)")
        #expect(
            error("a = sequence 1 2 | delay 1s") == "0: error: column 24: a sequence is pulled; "
                + "this operator needs a signal (add '| signal' before it)")
        #expect(
            error("a = subject | publish | map upper") == "0: error: column 29: after publish or replay, "
                + "only autoconnect may follow")
    }

    @Test func anUnknownFunctionListsTheKnownOnes() {
        #expect(
            error("a = subject | map double") == "0: error: column 23: expected one of length, upper, lower, "
                + "not, and, or, first, second, *N, +N, -N, >N, <N, =V… as true/false, found 'double'")
        #expect(
            error("a = subject | filter big") == "0: error: column 26: expected one of even, odd, true, false, "
                + "nonempty, >N, <N, >=N, <=N, =V, !=V, found 'big'")
        #expect(
            error("a = subject | fold avg") == "0: error: column 24: expected one of sum, product, count, max, "
                + "min, concat, found 'avg'")
    }

    let sourcesText =
        "a source (marbles \"--a-|\", interval 300ms, subject, replay-subject [N], behavior-subject V, "
        + "sequence 1 2 3, empty, never, error TEXT, create \"--a|\", command [enabled-by NAME] runs NAME|input [concurrent], "
        + "a defined name, search NAME, row N NAME)"
    /// Every operator's word, in the registry's order (Operators.all): what the parser lists.
    let operatorsText = PlaygroundGuide.operators.map(\.name).joined(separator: ", ")
}
