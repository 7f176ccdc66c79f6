import SessionWire
import Testing

@testable import SessionServer

/// The open question's answers: one per student, the latest replacing the first; refused with no
/// question open, after it closed, or a control from a student's page; a malformed frame dropped;
/// a page's frames counted against its budget; and who a student is: the id the server gave its
/// connection (`Voters`), and how often it, and its address, may open the feed (`Rejoins`).
struct AnswerDeskTests {
    @Test func eachStudentsLatestAnswerCountsOnce() {
        let desk = AnswerDesk()
        desk.open(1)
        #expect(desk.take(#"{"answer":"--a|"}"#, from: "v7", teacher: false) == .counted(number: 1))
        #expect(desk.take(#"{"answer":"-b|","name":"Bo"}"#, from: "v8", teacher: false) == .counted(number: 1))
        #expect(desk.take(#"{"answer":"-a|"}"#, from: "v7", teacher: false) == .counted(number: 1))
        #expect(
            desk.answers == [
                ClassAnswer(text: "-a|", name: nil, voter: "v7"), ClassAnswer(text: "-b|", name: "Bo", voter: "v8"),
            ])
        desk.open(nil)
        #expect(desk.answers.count == 2, "kept to read once closed")
        desk.open(2)
        #expect(desk.answers == [], "a new question starts with none")
    }

    /// One connection is one voter: a word the page puts in its frames changes nothing.
    @Test func oneVoterAnswersOnceWhateverWordItSends() {
        let desk = AnswerDesk()
        desk.open(1)
        for word in (1...9).map({ "p\($0)" }) {
            #expect(
                desk.take(#"{"answer":"-\#(word)|","page":"\#(word)"}"#, from: "v1", teacher: false)
                    == .counted(number: 1))
        }
        #expect(desk.take(#"{"answer":"--a|"}"#, from: "v2", teacher: false) == .counted(number: 1))
        #expect(
            desk.answers == [
                ClassAnswer(text: "-p9|", name: nil, voter: "v1"), ClassAnswer(text: "--a|", name: nil, voter: "v2"),
            ])
    }

    @Test func aForkLineIsTheVotersFork() {
        #expect(
            AnswerDesk().take(#"{"fork":"stats","page":"someone"}"#, from: "v3", teacher: false)
                == .fork(line: "stats", who: "v3"))
    }

    @Test func refusalsAndDrops() {
        let desk = AnswerDesk()
        #expect(desk.take(#"{"answer":"a"}"#, from: "v1", teacher: false) == .refused("no question is open"))
        desk.open(1)
        desk.open(nil)
        #expect(desk.take(#"{"answer":"a"}"#, from: "v1", teacher: false) == .refused("question 1 is closed"))
        #expect(desk.answers == [])
        desk.open(2)
        #expect(desk.take(#"{"answer":"  "}"#, from: "v1", teacher: false) == .refused("an empty answer is no answer"))
        #expect(
            desk.take(#"{"control":"ask close"}"#, from: "v1", teacher: false)
                == .refused("only the teacher's page may ask, close or show answers"))
        #expect(desk.take(#"{"control":"ask close"}"#, from: "v1", teacher: true) == .control("ask close"))
        #expect(
            desk.take("not json", from: "v1", teacher: false)
                == .drop(#"this page sends only answers: {"answer": TEXT}"#))
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

    @Test func aVoterIsAnIdTheServerGave() {
        let voters = Voters(remembered: 4)
        let first = voters.voter(presenting: nil)
        #expect(first.count == 32 && first.allSatisfy(\.isHexDigit))
        #expect(voters.voter(presenting: Substring(first)) == first, "given back, the same voter")
        #expect(voters.known("made-up") == nil)
        let chosen = voters.voter(presenting: "made-up")
        #expect(chosen != "made-up" && chosen != first, "a word the page chose is no id")
        // A fifth id is past the four remembered: the two most recently seen are kept.
        let start = ContinuousClock.now
        let later = (1...3).map { voters.voter(presenting: nil, at: start + .seconds($0)) }
        #expect([first, chosen, later[0]].allSatisfy { voters.known(Substring($0)) == nil })
        #expect(later[1...].allSatisfy { voters.known(Substring($0)) == $0 })
    }

    @Test func openingsAreCountedByKeyInAWindow() {
        let rejoins = Rejoins(most: 2, window: .seconds(60))
        let start = ContinuousClock.now
        let allowed = [0, 1, 2, 61].map { rejoins.allows("10.0.0.7", at: start + .seconds($0)) }
        #expect(allowed == [true, true, false, true])
        #expect(rejoins.allows("10.0.0.8", at: start + .seconds(2)), "another key counts apart")
        #expect((0..<5).allSatisfy { _ in rejoins.allows(nil, at: start) }, "no key, nothing counted")
    }
}
