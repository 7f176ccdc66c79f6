import Testing

@testable import Classroom

/// `answers --csv`'s gradebook from tallies as `ask close` grades them: a row a student, known
/// again by name or by page, a column a question's round.
struct AnswersTableTests {
    typealias Student = Tally.Student

    func tally(_ number: Int, round: Int = 1, _ students: [Student]) -> Tally {
        Tally(
            question: Question(
                number: number, kind: .choice(choices: ["yes", "no"], right: "yes"), text: "Saved?",
                round: round),
            lines: [], named: [], students: students)
    }

    let tallies = [
        // Ann by name, a page without a name, then one with neither that nothing ties to another answer.
        [Student(name: "Ann", voter: "p1", right: true), Student(name: nil, voter: "p2", right: false)],
        [Student(name: nil, voter: "p2", right: true), Student(name: nil, voter: nil, right: false)],
        [Student(name: "Ann", voter: "p9", right: false), Student(name: "=Bob", voter: "p3", right: true)],
    ]

    @Test func eachStudentIsARowInTheOrderTheyFirstAnsweredAndEachRoundAColumn() {
        let text = AnswersTable.text(
            [tally(1, tallies[0]), tally(2, tallies[1]), tally(2, round: 2, tallies[2])], names: false)
        #expect(
            text == """
                student,right,question 1,question 2,question 2 round 2
                student 1,1,1,,0
                student 2,1,0,1,
                student 3,0,,0,
                student 4,1,,,1

                """)
    }

    @Test func namesOnlyWithNamesAndNeverAsAFormula() {
        let text = AnswersTable.text([tally(1, tallies[0]), tally(2, tallies[1]), tally(3, tallies[2])], names: true)
        #expect(
            text.split(separator: "\n").map(String.init) == [
                "student,right,question 1,question 2,question 3", "Ann,1,1,,0", "student 2,1,0,1,",
                "student 3,0,,0,", "'=Bob,1,,,1",
            ])
    }

    @Test func aClassThatAnsweredNothingIsTheHeaderAlone() {
        #expect(AnswersTable.text([tally(1, [])], names: false) == "student,right,question 1\n")
    }
}
