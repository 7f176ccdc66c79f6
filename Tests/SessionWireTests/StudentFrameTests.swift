import Testing

@testable import SessionWire

/// What a page may send: an answer (with a name or without) or, for the teacher's page, a
/// control; anything else is nil, and every text comes out on one line, bounded and without
/// control characters or bidirectional overrides.
struct StudentFrameTests {
    @Test func anAnswerWithANameOrWithout() {
        #expect(StudentFrame.read(#"{"answer":"--a|"}"#) == .answer(ClassAnswer(text: "--a|", name: nil)))
        #expect(
            StudentFrame.read(#"{"answer":" t--f ","name":"Ann"}"#) == .answer(ClassAnswer(text: "t--f", name: "Ann")))
        #expect(StudentFrame.read(#"{"answer":"a","name":"  "}"#) == .answer(ClassAnswer(text: "a", name: nil)))
        #expect(StudentFrame.read(#"{"control":"ask close"}"#) == .control("ask close"))
        // Who sent it is the server's to say (the connection's id): a page's own word is ignored.
        #expect(StudentFrame.read(#"{"answer":"a","page":"3f9c"}"#) == .answer(ClassAnswer(text: "a", name: nil)))
    }

    @Test func anythingElseIsMalformed() {
        for frame in [
            "quit", "", "{}", "[]", #"{"answer":3}"#, #"{"answer":"a","control":"ask close"}"#,
            #"{"control":"ask close","name":"x"}"#, #"{"answer":"a""#,
            #""answer""#,
        ] {
            #expect(StudentFrame.read(frame) == nil, "\(frame)")
        }
    }

    @Test func textsAreCleanedAndBounded() {
        let hostile = #"{"answer":"a\u001b[2J\u202eb\nc\u0007","name":"\u001b]0;owned\u0007Eve"}"#
        #expect(StudentFrame.read(hostile) == .answer(ClassAnswer(text: "a [2Jb c", name: "]0;owned Eve")))
        let long = String(repeating: "-", count: 500)
        guard case .answer(let answer) = StudentFrame.read(#"{"answer":"\#(long)","name":"\#(long)"}"#) else {
            Issue.record("an answer")
            return
        }
        #expect(answer.text.count == StudentFrame.answerLength)
        #expect(answer.name?.count == StudentFrame.nameLength)
        // One letter under 450 combining marks is one character, but not 450 scalars on every page.
        let marked = "Z" + String(repeating: "\u{0301}", count: 450)
        guard case .answer(let stacked) = StudentFrame.read(#"{"answer":"a","name":"\#(marked)é"}"#) else {
            Issue.record("an answer")
            return
        }
        #expect(stacked.name == "Z" + String(repeating: "\u{0301}", count: 7) + "é")
    }

    /// A line for the student's fork: cleaned and bounded as an answer is.
    @Test func aForkLine() {
        #expect(StudentFrame.read(#"{"fork":"stats\u001b[2J","page":"tab7"}"#) == .fork(line: "stats [2J"))
        #expect(StudentFrame.read(#"{"fork":"stats"}"#) == .fork(line: "stats"))
        for frame in [#"{"fork":"stats","answer":"a"}"#, #"{"fork":"stats","name":"Ann"}"#, #"{"fork":3}"#] {
            #expect(StudentFrame.read(frame) == nil, "\(frame)")
        }
        let long = String(repeating: "x", count: 1000)
        #expect(
            StudentFrame.read(#"{"fork":"\#(long)"}"#)
                == .fork(line: String(long.prefix(StudentFrame.forkLength))))
    }
}
