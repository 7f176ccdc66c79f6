import EventLoop
import Reactive
import Shell
import Testing

/// What the shell's clock runs, and under which cause.
@MainActor
struct ShellClockTests {
    /// Work another thread posted is no command's: a command that waits and drains it does not
    /// become its cause.
    @Test func postedWorkRunsUnderNoCause() {
        let mailbox = Mailbox()
        let clock = ShellClock.virtual(VirtualScheduler(), mailbox: mailbox)
        var seen: [Cause] = []
        mailbox.post { seen.append(Cause.current) }
        Cause.running(Cause(command: 7)) { clock.runDue() }
        mailbox.post { seen.append(Cause.current) }
        _ = Cause.running(Cause(event: 3, command: 8)) { clock.wait(.milliseconds(10)) }
        #expect(seen == [Cause(), Cause()])
    }
}
