import Shell
import ShellTestSupport
import TestSupport
import Testing

@testable import Instruments

/// The dataflow commands together: mistakes are one line and change nothing, and a script gives
/// the same bytes on every run.
@MainActor
struct DataflowTranscriptTests: FakeShellSuite {
    let fake = FakeShell()

    init() { fake.service.photoCount = 12 }

    @Test func mistakesAreOneLineAndChangeNothing() {
        let (transcript, _) = script(
            """
            why 1 metadata
            graph 1
            why 99999
            continue
            break when 1 metadata
            break clear 7
            search sunset
            wait 500ms
            why 1 nothing
            why 1 delay(1s) 5
            graph nowhere
            why 1234567890
            why 99999999999999999999999
            """)
        let errors = transcript.split(separator: "\n").filter { $0.hasPrefix("ERR") }
        #expect(
            errors == [
                "ERR vmsh: -c:1: a row number names a row of the results list on top; search first",
                "ERR vmsh: -c:2: a row number names a row of the results list on top; search first",
                "ERR vmsh: -c:3: no event 99999: the events are numbered 1 to 8, and the log keeps the newest",
                "ERR vmsh: -c:4: no wait is stopped: a breakpoint stops a wait (break when ROW|NAME LANE EVENT)",
                "ERR vmsh: -c:5: break needs a lane and an event: break when ROW|NAME LANE EVENT [VALUE], "
                    + "e.g. break when 1 metadata next",
                "ERR vmsh: -c:6: no breakpoint 7: see breaks",
                "ERR vmsh: -c:9: no lane 'nothing' in row 1: its lanes are isVisible, hidden, delay(1s)",
                "ERR vmsh: -c:10: row 1 delay(1s) has drawn nothing yet",
                "ERR vmsh: -c:11: nothing recorded for nowhere: name a row, search, play or a playground signal",
                "ERR vmsh: -c:12: no event 1234567890: the events are numbered 1 to 66, and the log keeps the newest",
                "ERR vmsh: -c:13: no event 99999999999999999999999: the events are numbered 1 to 66, and the log keeps the newest",
            ])
        #expect(fake.shell.context.instruments.breaks.list.isEmpty, "no breakpoint was added")
    }

    @Test func theSameScriptGivesTheSameBytesTwice() {
        let lines = """
            break when 3 favorites next
            let s = subject
            let m = s | map upper
            subscribe m as lane
            search sunset
            wait 2s
            send s q
            why 3 favorites
            step
            continue
            fetch 3 2 shared
            graph 3
            graph m
            why play lane 1
            leaks
            """
        let first = FakeShell()
        first.service.photoCount = 12
        let second = FakeShell()
        second.service.photoCount = 12
        let runs = [first, second].map { fake in
            let runner = ScriptRunner(shell: fake.shell, echo: true, bail: false)
            _ = runner.run(.commands(lines.split(separator: "\n").map(String.init)))
            _ = runner.finish()
            return fake.output.text
        }
        #expect(runs[0] == runs[1])
        #expect(runs[0].contains("break 1 at 00:01.600: row 3 · favorites: next 40"))
        #expect(runs[0].contains("#7 send s q"))
    }
}
