import Reactive
import Shell

/// `type TEXT [--every 50ms]`: searchText one keystroke at a time (rac_textSignal), so
/// isSearchValid and distinctUntilChanged show each change as the tutorial's log does.
extension CommandTable {
    package static let type: ShellCommand = ShellCommand(
        name: "type", parameters: [.init(name: "TEXT [--every 50ms]", kind: .text(suggestions: .recentSearchTexts))],
        synopsis: "type TEXT [--every 50ms]",
        summary: "send searchText one keystroke at a time, every 100 ms of clock time (or --every DURATION)",
        example: "type sunset", misuse: "type needs a text: type TEXT [--every 50ms] (for example: type sunset)",
        run: { arguments, context throws(CommandFailure) in
            var words = (arguments.text(0) ?? "").split(separator: " ", omittingEmptySubsequences: false)
            var every: Duration = .milliseconds(100)
            if words.count >= 3, words[words.count - 2] == "--every" {
                let word = String(words[words.count - 1])
                let shown = String(word.sanitizedForTerminal.prefix(40))
                guard let given = Parse.duration(word) else {
                    throw CommandFailure(Parse.notADuration("--every", shown))
                }
                // At most a keystroke a millisecond; at least one every 10 s, so typing ends in a lesson's time.
                guard (Duration.milliseconds(1)...Duration.seconds(10)).contains(given) else {
                    throw CommandFailure("--every takes from 1ms to 10s, not \(shown)")
                }
                every = given
                words.removeLast(2)
            }
            let text = words.joined(separator: " ")
            guard !text.isEmpty else { throw CommandFailure("type needs a text: type TEXT (for example: type sunset)") }
            try SearchActions(context).bindText(String(text.prefix(1)))
            // Each later keystroke is a timer on the shell's clock: `wait` lets them arrive.
            let search = context.search
            for count in 2...max(2, text.count) where count <= text.count {
                let prefix = String(text.prefix(count))
                context.clock.scheduler.schedule(after: every * (count - 1)) { [weak search] in
                    search?.setSearchText(prefix)
                }
            }
            return .succeeded
        })
}
