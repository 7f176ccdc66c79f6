import MarbleDiagrams
import Shell
import ShellTestSupport
import Testing

/// `compare A B`: the session so far replayed under two pipelines (or validations), the first
/// difference found and drawn, the calls side by side, and the session left as it was.
@MainActor
struct CompareCommandTests {
    /// Lesson 05's scroll under the tutorial's pipeline, on a catalog of 100 photos.
    static let scroll = "set pipeline original\nsearch sunset\nwait 500ms\nscroll down\nwait 200ms\nscroll up\nwait 3s"

    struct Session: FakeShellSuite {
        let fake = FakeShell(rewindingWith: 100)
    }

    /// The lines from the last `> compare` echo on, without their time stamps.
    private func compared(_ session: Session) -> [String] {
        let lines = session.output.text.split(separator: "\n").map(String.init)
        let start = lines.lastIndex { $0.hasPrefix("> compare") } ?? lines.count
        return lines[start...].dropFirst().map { $0.hasPrefix("[") ? String($0.dropFirst(12)) : $0 }
    }

    @Test func aPipelineThatDiffersOnlyInItsStepsIsSaidToGiveTheAppTheSame() {
        let session = Session()
        session.run(
            "pipeline tutorial = isVisible | filter true | delay 1s | takeUntil hidden | flattenMap metadata\n"
                + "pipeline again = isVisible | switchToLatest tutorial | take 1\n" + Self.scroll
                + "\ncompare again fixed")
        let same = "in their steps only, the app getting the same calls and values at the same times"
        let lines = compared(session)
        // One line: the rows differ, and how, never two that seem to contradict.
        #expect(
            lines.prefix(3) == [
                "compare: the 9 commands so far replayed under A = again and B = fixed",
                "20 of 100 rows differ \(same): 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, …",
                "row 1 differs first, at 00:00.400, on hidden",
            ], "\(lines)")
        session.run("compare original fixed")
        #expect(!compared(session).contains { $0.contains(same) })
    }

    @Test func originalAgainstFixedNamesRowOneAtTheHideThatWhyAndLessonFourteenFind() {
        let session = Session()
        session.run(Self.scroll + "\ncompare original fixed")
        #expect(
            compared(session) == [
                "compare: the 7 commands so far replayed under A = original and B = fixed",
                "20 of 100 rows differ: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, …",
                "row 1 differs first, at 00:00.500, on hidden",
                "one column = 100 ms from 0.4s to 2s",
                "A isVisible             tf   -t----------   --   -",
                "B isVisible             tf   -t----------   --   -",
                "A hidden                -(f!)",
                "B hidden                -f   ------------   --   -",
                "                         ^ first difference",
                "A filter(true)          t!",
                "A delay(1s)             -!",
                "B delay(1s)             -!",
                "A takeUntil(hidden)     -|",
                "A flattenMap(metadata)  -|",
                "B delay(1s)#2                 ----------(F|)",
                "B favorites                             -   -(α|)",
                "B comments                              -   --   (7|)",
                "B metadata                              -   --   (β|)",
                "time                    +'   ....+....'..   ..   +",
                "                        0.4s     1s              2s",
                "key: t = true, f = false, F = fired, α = 40, β = 40/7, | completed,",
                "     ! cancelled, (…) same step, in order",
                "calls                          original  fixed",
                "saved by the visibility delay        40     40",
            ])
        // why finds the same row and time: the hide at 0.5 s that completed takeUntil.
        session.output.clear()
        session.run("why 1 takeUntil(hidden)")
        #expect(session.output.text.contains("00:00.500 row 1 · takeUntil(hidden): completed"))
        #expect(session.output.text.contains("← 00:00.500 #4 scroll down"))
    }

    @Test func theSessionIsLeftAsItWasUnderItsOwnPipeline() {
        let session = Session()
        session.run(Self.scroll)
        session.output.clear()
        session.run("marbles 1\nset\nshow")
        let before = session.output.text
        session.output.clear()
        session.run("compare fixed naive")
        #expect(session.output.text.contains("calls                          fixed  naive"))
        #expect(session.shell.context.session.shown.figures.map(\.caption).last == "compare fixed naive")
        session.output.clear()
        session.run("marbles 1\nset\nshow")
        #expect(session.output.text == before)
        // compare is not a step of the session: history and goto never replay it.
        session.output.clear()
        session.run("history")
        #expect(session.output.text.contains("7  wait 3s"))
        #expect(!session.output.text.contains("compare"))
    }

    @Test func aPipelineOfOnesOwnWithoutTakeUntilShowsItsExtraCalls() {
        let session = Session()
        session.run(
            "pipeline eager = isVisible | filter true | delay 1s | flattenMap metadata\n" + Self.scroll
                + "\ncompare original eager")
        let lines = compared(session)
        // The hide that ended the tutorial's pipeline: its filter let go of isVisible there.
        #expect(lines.contains("row 1 differs first, at 00:00.500, on filter(true)"))
        #expect(lines.last == "saved by the visibility delay        40      0")
        // Every show of rows 1-10 fetched under eager: its lanes draw each call.
        #expect(lines.contains { $0.hasPrefix("B metadata#2 ") })
    }

    @Test func validationsAreComparedOnTheSearchsLanes() {
        let session = Session()
        session.run("validation long = searchText | map length | map >6\nsearch sunset\nwait 1s\ncompare length long")
        let lines = compared(session)
        #expect(
            lines.prefix(2) == [
                "compare: the 3 commands so far replayed under A = length and B = long",
                "the search differs first, at 00:00.000, on isSearchValid",
            ])
        // "sunset" is six letters: under long the search never ran.
        #expect(lines.contains("A flickrSearchSignal  -   ---(o|)"))
        #expect(!lines.contains { $0.hasPrefix("B flickrSearchSignal") })
        #expect(lines.last == "calls                          length   long")
    }

    @Test func tabOffersEveryPipelineAndValidation() {
        let session = Session()
        session.run(
            "pipeline mine = isVisible | filter true | flattenMap metadata\nvalidation long = searchText | map >6")
        let completer = Completer(shell: session.shell)
        let names = ["fixed", "original", "naive", "mine", "length", "long"]
        #expect(completer.complete("compare ").candidates == names)
        #expect(completer.complete("compare fixed ").candidates == names)
        #expect(completer.complete("compare fixed m").candidates == ["mine"])
    }

    @Test func refusalsAreOneLineAndLoseNothing() {
        let session = Session()
        session.run("compare original fixed")
        #expect(
            session.output.text.hasSuffix(
                "ERR vmsh: -c:1: nothing to compare yet: compare replays the commands so far (search, scroll, wait)\n"))
        session.output.clear()
        session.run("search sunset\nwait 1s\ncompare original nosuch\ncompare original length\ncompare original")
        let errors = session.output.text.split(separator: "\n").filter { $0.hasPrefix("ERR") }
        #expect(
            errors == [
                "ERR vmsh: -c:3: nosuch is neither a pipeline (fixed, original, naive) nor a validation (length)",
                "ERR vmsh: -c:4: compare takes two pipelines or two validations, not one of each",
                "ERR vmsh: -c:5: compare needs two pipelines or two validations: compare original fixed",
            ])
        session.output.clear()
        session.run("show")
        #expect(session.output.text.contains("rows 1-10 of 100 visible"))
    }
}
