import Foundation
import Redaction
import SessionWire
import Shell
import ShellTestSupport
import Synchronization
import Testing

@testable import Classroom

/// `class fork on`: a line a student sends runs in that student's own fork of the session, as it
/// stood when the fork opened, and its output goes back to that student alone; the teacher's
/// session and its transcript never see it. `class` says who follows and what the forks run.
@MainActor
struct ForkTests: FakeShellSuite {
    let fake = FakeShell(rewinds: true)
    let server = FakeServer()

    init() {
        fake.service.photoCount = 25
        let server = self.server
        fake.shell.makeServer = { server }
        fake.shell.context.session.terminal.width = 200
    }

    /// Sends `line` as student `who`'s page would, and returns the reply once the shell ran it.
    func send(_ line: String, as who: String) throws -> [String] {
        let fork = try #require(server.fork, "class fork on listens for the forks")
        let reply = Mutex<[String]?>(nil)
        fork(line, who) { lines in reply.withLock { $0 = lines } }
        // A new fork is built a millisecond of replay at a time, a turn of the loop each.
        for _ in 0..<1000 where reply.withLock({ $0 }) == nil { fake.shell.clock.mailbox.drain() }
        return try #require(reply.withLock { $0 })
    }

    let teacher = "serve on\n\(FakeShell.tutorialPipeline)\nset pipeline tutorial\n\(FakeShell.shownHiddenShown)"

    @Test func aStudentsLinesRunInTheirOwnForkAndNowhereElse() throws {
        run(teacher)
        run("class fork on")
        let before = output.text
        // The fork starts where the teacher's session stands: its pipeline, its rows.
        let first = try send("pipeline mine = isVisible | switchToLatest tutorial | take 1", as: "page a")
        #expect(first.first == "your fork of the session as it stood after command 8")
        #expect(first.dropFirst().first?.contains("mine") == true, "\(first)")
        let set = try send("set pipeline mine", as: "page a")
        #expect(!set.contains { $0.hasPrefix("vmsh:") }, "\(set)")
        // Another student's fork is their own: it has no pipeline mine.
        let other = try send("set pipeline mine", as: "page b")
        #expect(other.last?.hasPrefix("vmsh: ") == true, "\(other)")
        // Nothing of it reached the teacher's terminal, and the teacher's pipeline is the tutorial's.
        #expect(output.text == before)
        #expect(shell.context.instrumentation.metadataPipeline.name == "tutorial")
        output.clear()
        run("class")
        #expect(
            output.text == """
                > class
                [00:03.700] 3 following · forks open · 2 forks
                [00:03.700]   1  pipeline mine = isVisible | switchToLatest tutorial | take 1
                [00:03.700]   1  (no pipeline written yet)

                """)
        Secrets.uninstall(server.token)
    }

    /// A fork is built a few of the teacher's commands at a time (here one, with no time to spare),
    /// and the teacher's commands run between them: the fork stands where the session stood when it
    /// was asked for, whatever the teacher did meanwhile.
    @Test func aForkIsBuiltBetweenTheTeachersCommands() throws {
        run(teacher)
        let build = try shell.startFork()
        var replayed = 0
        var fork: Fork?
        while fork == nil {
            fork = build.advance(for: .zero)
            replayed += 1
            if replayed == 3 { run("set pipeline fixed") }
        }
        #expect(replayed == 8, "one of the teacher's 8 commands a call")
        #expect(build.through == 8)
        #expect(fork?.context.instrumentation.metadataPipeline.name == "tutorial")
        #expect(shell.context.instrumentation.metadataPipeline.name == "fixed")
        // A fork keeps fewer events than the teacher's session for why and graph: a class's forks stay small.
        #expect(fork?.context.instrumentation.eventLog.limit == Fork.eventLimit)
        #expect(fork?.context.instrumentation.inputLog?.limit == Fork.eventLimit / 10)
        #expect(shell.context.instrumentation.eventLog.limit == 100_000)
        Secrets.uninstall(server.token)
    }

    @Test func aForkRefusesWhatIsNotOneOfItsCommandsAndWritesNoFile() throws {
        run(teacher)
        run("class fork on")
        #expect(
            try send("search forest", as: "page a") == [
                "your fork of the session as it stood after command 8",
                "vmsh: a fork runs only code, compare, marbles, pipeline, predict, set, stats, validation, why: search "
                    + "is not one of them",
            ])
        #expect(
            try send("set format jsonl", as: "page a") == [
                "vmsh: a fork sets only its pipeline or its validation: set pipeline NAME, set validation NAME"
            ])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmsh-fork-\(UUID())").path
        let written = try send("code --package \(folder)", as: "page a")
        #expect(written.last?.contains("under a fork") == true, "\(written)")
        #expect(!FileManager.default.fileExists(atPath: folder))
        Secrets.uninstall(server.token)
    }

    @Test func forksClosedSayHowTheyOpenAndClosingLetsThemGo() throws {
        run(teacher)
        output.clear()
        run("class fork off")
        #expect(output.text.contains("forks closed (0 forks let go)"))
        run("class fork on")
        _ = try send("stats", as: "page a")
        run("class fork off")
        #expect(output.text.contains("forks closed (1 fork let go)"))
        #expect(
            try send("stats", as: "page a") == ["vmsh: forks are closed: the teacher opens them with class fork on"])
        Secrets.uninstall(server.token)
    }

    /// `exercise fixed`: `class` counts the forks whose last pipeline makes the same calls as fixed,
    /// each as compare checks it: over this fake service, which counts no calls, none does (the
    /// catalog's counts are test_class.py's).
    @Test func anExerciseCountsTheForksThatMakeTheTargetsCalls() throws {
        run(teacher)
        run("class fork on\nexercise fixed")
        #expect(output.text.contains("? exercise: write a pipeline that makes the same calls as fixed"))
        _ = try send("pipeline again = isVisible | switchToLatest tutorial | take 1", as: "page a")
        _ = try send("pipeline forgot = isVisible | filter true | delay 1s | flattenMap metadata", as: "page b")
        _ = try send("stats", as: "page c")
        output.clear()
        run("class")
        #expect(
            output.text == """
                > class
                [00:03.700] 3 following · forks open · 3 forks
                [00:03.700] exercise: write a pipeline that makes the same calls as fixed: 0 of 3 make the same calls as fixed
                [00:03.700]   1  pipeline again = isVisible | switchToLatest tutorial | take 1
                [00:03.700]   1  pipeline forgot = isVisible | filter true | delay 1s | flattenMap metadata
                [00:03.700]   1  (no pipeline written yet)

                """)
        // The forks are as they were after the check: the student's next line finds its pipeline.
        #expect(try send("set pipeline again", as: "page a").allSatisfy { !$0.hasPrefix("vmsh:") })
        run("exercise nothing")
        #expect(output.text.contains("nothing is no pipeline: exercise takes one of fixed, original, naive, tutorial"))
        Secrets.uninstall(server.token)
    }

    /// A fork past its commands says so in one line; the class past its forks, too.
    @Test func aForkAndTheClassAreBounded() throws {
        run("serve on\nsearch sunset\nwait 1s\nclass fork on")
        for _ in 0..<Fork.stepLimit { _ = try send("stats", as: "page a") }
        #expect(
            try send("stats", as: "page a") == [
                "vmsh: this fork has run its \(Fork.stepLimit) commands: the teacher's class fork on opens a new one"
            ])
        let classroom = shell.context.session.concern(ClassroomState.self)
        for index in classroom.forks.count..<Fork.classLimit { _ = try send("stats", as: "page \(index + 1)") }
        #expect(
            try send("stats", as: "page last") == [
                "vmsh: the class has its \(Fork.classLimit) forks open: no more"
            ])
        Secrets.uninstall(server.token)
    }
}
