import Foundation
import OutputKinds
import Testing

@testable import SessionWire

/// Each message the served page reads, as the exact JSON it gets: the page's script and the
/// serving suites read these bytes.
struct FeedMessageTests {
    @Test func aLineIsItsKindAsThePageShowsItItsNumberAndItsText() {
        #expect(
            FeedMessage.line(.output, number: 12, text: #"push SearchResultsViewModel "sunset""#).json
                == #"{"kind":"output","n":12,"text":"push SearchResultsViewModel \"sunset\""}"#)
        #expect(
            FeedMessage.line(.narration, number: 0, text: "hello").json == #"{"kind":"narration","n":0,"text":"hello"}"#
        )
        // The finer kinds reach the page as the five it lays out.
        #expect(FeedMessage.line(.update, number: 3, text: "u").json == #"{"kind":"output","n":3,"text":"u"}"#)
        #expect(FeedMessage.line(.trace, number: 4, text: "t").json == #"{"kind":"output","n":4,"text":"t"}"#)
        #expect(FeedMessage.line(.report, number: 5, text: "r").json == #"{"kind":"error","n":5,"text":"r"}"#)
    }

    @Test func aCommandAClockARewindAndAMissedCount() {
        #expect(FeedMessage.command("> say hello").json == #"{"kind":"command","text":"> say hello"}"#)
        #expect(FeedMessage.clock("playing at 2x").json == #"{"kind":"clock","text":"playing at 2x"}"#)
        #expect(
            FeedMessage.rewind(to: 2, text: "rewound to command 2 (wait 2s)").json
                == #"{"kind":"rewind","text":"rewound to command 2 (wait 2s)","to":2}"#)
        #expect(FeedMessage.missed(count: 7).json == #"{"count":7,"kind":"missed"}"#)
    }

    @Test func aFigureWithItsLinesAndWithout() {
        #expect(
            FeedMessage.figure(title: "row 1", caption: "marbles 1", svg: "<svg></svg>", lines: 14..<19).json
                == #"{"caption":"marbles 1","kind":"figure","lines":[14,19],"svg":"<svg></svg>","title":"row 1"}"#)
        #expect(
            FeedMessage.figure(title: "t", caption: "c", svg: "<svg/>", lines: nil).json
                == #"{"caption":"c","kind":"figure","svg":"<svg/>","title":"t"}"#, "slashes stay as they are")
    }

    @Test func aQuestionItsAnswersAndWhatOneStudentIsTold() {
        #expect(
            FeedMessage.question(number: 1, text: "What will x of d do?", lane: "x of d", choices: []).json
                == #"{"kind":"question","lane":"x of d","question":1,"text":"What will x of d do?"}"#)
        #expect(
            FeedMessage.question(number: 2, text: "Which?", lane: nil, choices: ["a", "b"]).json
                == #"{"choices":["a","b"],"kind":"question","question":2,"text":"Which?"}"#)
        #expect(
            FeedMessage.answers(number: 1, text: "Q", answered: 2, right: 1, lines: ["right     -a|", "1 said    a|"])
                .json
                == #"{"answered":2,"kind":"answers","lines":["right     -a|","1 said    a|"],"question":1,"right":1,"text":"Q"}"#
        )
        // A second round (ask again) says so; a first says nothing, as before rounds.
        #expect(
            FeedMessage.question(number: 2, round: 2, text: "Which?", lane: nil, choices: ["a", "b"]).json
                == #"{"choices":["a","b"],"kind":"question","question":2,"round":2,"text":"Which?"}"#)
        #expect(
            FeedMessage.answers(number: 2, round: 2, text: "Q", answered: 1, right: 1, lines: []).json
                == #"{"answered":1,"kind":"answers","lines":[],"question":2,"right":1,"round":2,"text":"Q"}"#)
        #expect(FeedMessage.received(number: 3).json == #"{"kind":"received","question":3}"#)
        #expect(FeedMessage.refused("no question is open").json == #"{"kind":"refused","text":"no question is open"}"#)
        #expect(
            FeedMessage.forked(line: "stats", lines: ["no calls yet"]).json
                == #"{"kind":"forked","line":"stats","lines":["no calls yet"]}"#)
    }

    /// Whatever a text holds (quotes, backslashes, control characters, a terminal's escapes,
    /// characters past ASCII), the page reads back exactly that text.
    @Test func anyTextComesBackAsItWas() throws {
        let hostile = "a\"b\\c\nd\te\u{1B}[1m\r\u{7F}/é\u{8}\u{C}\u{0}<script>🙂"
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(FeedMessage.clock(hostile).json.utf8))
        #expect(decoded == ["kind": "clock", "text": hostile])
        #expect(!FeedMessage.clock(hostile).json.contains("\n"), "one message a line")
    }
}
