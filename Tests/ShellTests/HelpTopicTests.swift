import ShellTestSupport
import Testing

/// `help` for the playground's operators and sources.
@MainActor
struct HelpTopicTests: FakeShellSuite {
    let fake = FakeShell()

    @Test func helpOperatorSaysWhatItDoesWhoseMeaningAndAnExample() {
        run("help throttle")
        #expect(
            output.text == """
                > help throttle
                [00:00.000] playground operator: throttle DURATION
                [00:00.000]   the latest value once DURATION passes with no newer one
                [00:00.000]   follows: ReactiveCocoa 2's -throttle:
                [00:00.000]   example: let calm = b | throttle 300ms

                """)
    }

    @Test func helpOperatorsListsEveryOperatorAndHelpSourcesEverySource() {
        run("help operators\nhelp sources")
        for name in [
            "map FUNCTION", "throttleLeading DURATION", "autoconnect", "marbles \"-a-b|\"", "replay-subject [N]",
        ] {
            #expect(output.text.contains("  " + name), "\(name)")
        }
    }

    @Test func helpLetAndHelpSubscribeGiveThePlaygroundsLimits() {
        run("help let\nhelp subscribe")
        let text = output.text.replacing("\n[00:00.000]   ", with: " ")
        #expect(text.contains("A definition is at most 100 operators deep, counting the depth of each name it uses"))
        #expect(text.contains("the playground's signals hold at most 2000 subscriptions at once"))
    }

    @Test func aWordThatIsNeitherIsRefusedInOneLine() {
        let (transcript, status) = script("help nonsense")
        #expect(transcript.contains("ERR vmsh: -c:1: no command, operator or source 'nonsense' to explain\n"))
        #expect(status == 1)
    }
}
