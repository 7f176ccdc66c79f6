import SessionWire
import Testing

@testable import SessionServer

/// The open question's answers: one per student, the latest replacing the first; refused with no
/// question open, after it closed, or a control from a student's page; a malformed frame dropped;
/// and a page's frames counted against its budget.
struct AnswerDeskTests {
    @Test func eachStudentsLatestAnswerCountsOnce() {
        let desk = AnswerDesk()
        desk.open(1)
        #expect(desk.take(#"{"answer":"--a|"}"#, from: 7, teacher: false) == .counted(number: 1))
        #expect(desk.take(#"{"answer":"-b|","name":"Bo"}"#, from: 8, teacher: false) == .counted(number: 1))
        #expect(desk.take(#"{"answer":"-a|"}"#, from: 7, teacher: false) == .counted(number: 1))
        #expect(desk.answers == [ClassAnswer(text: "-a|", name: nil), ClassAnswer(text: "-b|", name: "Bo")])
        desk.open(nil)
        #expect(desk.answers.count == 2, "kept to read once closed")
        desk.open(2)
        #expect(desk.answers == [], "a new question starts with none")
    }

    @Test func aPageThatReconnectsAnswersOnceByItsWord() {
        let desk = AnswerDesk()
        desk.open(1)
        #expect(desk.take(#"{"answer":"--a|","page":"p1"}"#, from: 1, teacher: false) == .counted(number: 1))
        // The same page on a new connection: its answer replaces the first.
        #expect(desk.take(#"{"answer":"-a|","page":"p1"}"#, from: 2, teacher: false) == .counted(number: 1))
        #expect(desk.take(#"{"answer":"-a|","page":"p2"}"#, from: 2, teacher: false) == .counted(number: 1))
        #expect(desk.answers.map(\.text) == ["-a|", "-a|"])
    }

    @Test func refusalsAndDrops() {
        let desk = AnswerDesk()
        #expect(desk.take(#"{"answer":"a"}"#, from: 1, teacher: false) == .refused("no question is open"))
        desk.open(1)
        desk.open(nil)
        #expect(desk.take(#"{"answer":"a"}"#, from: 1, teacher: false) == .refused("question 1 is closed"))
        #expect(desk.answers == [])
        desk.open(2)
        #expect(desk.take(#"{"answer":"  "}"#, from: 1, teacher: false) == .refused("an empty answer is no answer"))
        #expect(
            desk.take(#"{"control":"ask close"}"#, from: 1, teacher: false)
                == .refused("only the teacher's page may ask, close or show answers"))
        #expect(desk.take(#"{"control":"ask close"}"#, from: 1, teacher: true) == .control("ask close"))
        #expect(
            desk.take("not json", from: 1, teacher: false) == .drop(#"this page sends only answers: {"answer": TEXT}"#))
        #expect(desk.answers == [])
    }

    @Test func aPageMaySendSoManyFramesInAWindow() {
        var limits = ServeLimits()
        (limits.sends, limits.sendWindow) = (3, .seconds(10))
        var budget = SendBudget(limits)
        let start = ContinuousClock.now
        let allowed = [0, 1, 2, 5, 10].map { budget.allows(at: start + .seconds($0)) }
        // A fourth within ten seconds floods; at ten the first has left the window.
        #expect(allowed == [true, true, true, false, true])
    }
}
